// The term numbers a store keeps between writes: a store keeps writing correct terms after another store on the same
// connection deleted the user and numbered other terms from zero, and after one of its own writes failed.
import { afterEach, describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../../src/knowledge/embedders/hashing-embedder.js';
import type { IndexStore } from '../../../src/knowledge/index/index-store.js';
import { createSqliteIndexStore } from '../../../src/knowledge/index/sqlite-index-store.js';
import type { SqliteSqlDatabase } from '../../../src/store/sql/sqlite-database.js';
import { migratedDatabase } from '../search/index-fixtures.js';

const embedder = createHashingEmbedder(32);

async function writeNote(store: IndexStore, docId: string, text: string, page: number | null = null): Promise<void> {
  const [vector] = await embedder.embed([text]);
  const chunk = { index: 0, total: 1, start: 0, end: text.length, page, text, vector: vector! };
  const document = { docType: 'note' as const, docId, title: 'memo', mimeType: 'text/plain', version: '1' };
  await store.replaceDocuments('alice', [{ document, chunks: [chunk] }]);
}

async function documentsFound(db: SqliteSqlDatabase, query: string): Promise<string[]> {
  const reader = createSqliteIndexStore(db);
  await reader.useEmbedder(embedder.id, embedder.dimensions, 'lexical');
  const { hits } = await reader.bm25('alice', query, { limit: 10 });
  const points = await reader.points(
    'alice',
    hits.map((hit) => hit.pointId),
  );
  await reader.close();
  return points.map((point) => point.document.docId).sort();
}

describe('term numbers kept between writes', () => {
  let db: SqliteSqlDatabase | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('are dropped when another store deletes the user, so later writes number their terms anew', async () => {
    db = await migratedDatabase(':memory:');
    const writer = createSqliteIndexStore(db);
    await writer.useEmbedder(embedder.id, embedder.dimensions, 'lexical');
    // The second write reads back the numbers the first one added, and keeps them.
    await writeNote(writer, 'a', 'quartz basalt');
    await writeNote(writer, 'b', 'quartz basalt');
    const other = createSqliteIndexStore(db);
    await other.useEmbedder(embedder.id, embedder.dimensions, 'lexical');
    await other.deleteUser('alice');
    await writeNote(other, 'c', 'granite marble');

    await writeNote(writer, 'd', 'quartz granite');

    const reader = createSqliteIndexStore(db);
    await reader.useEmbedder(embedder.id, embedder.dimensions, 'lexical');
    const found = async (query: string) => {
      const { hits } = await reader.bm25('alice', query, { limit: 10 });
      const points = await reader.points(
        'alice',
        hits.map((hit) => hit.pointId),
      );
      return points.map((point) => point.document.docId).sort();
    };
    expect(await found('quartz')).toEqual(['d']);
    expect(await found('granite')).toEqual(['c', 'd']);
    expect(await found('marble')).toEqual(['c']);
    expect(await found('basalt')).toEqual([]);
    for (const store of [writer, other, reader]) await store.close();
  });

  it('are not kept from a write that failed, so its rolled-back numbers never stand for other terms', async () => {
    db = await migratedDatabase(':memory:');
    const writer = createSqliteIndexStore(db);
    await writer.useEmbedder(embedder.id, embedder.dimensions, 'lexical');
    await writeNote(writer, 'a', 'quartz basalt');
    // SQLite refuses to bind an object: the write fails after numbering its new term, and rolls back.
    const unbindable = {} as unknown as number;
    await expect(writeNote(writer, 'b', 'granite', unbindable)).rejects.toThrow();
    // The next write numbers another term where the failed one had put its own.
    await writeNote(writer, 'c', 'marble');

    await writeNote(writer, 'd', 'granite quartz');

    expect(await documentsFound(db, 'granite')).toEqual(['d']);
    expect(await documentsFound(db, 'marble')).toEqual(['c']);
    expect(await documentsFound(db, 'quartz')).toEqual(['a', 'd']);
    await writer.close();
  });
});
