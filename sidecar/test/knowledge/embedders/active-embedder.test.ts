// The active embedder is the one owner sync and search ask: the first ask after the embedder changed switches the
// embedded index to it (emptying it, and rescheduling every document once) before anyone gets the embedder.
import { afterEach, describe, expect, it } from 'vitest';
import { createActiveEmbedder } from '../../../src/knowledge/embedders/active-embedder.js';
import { createHashingEmbedder } from '../../../src/knowledge/embedders/hashing-embedder.js';
import { createSqliteIndexStore } from '../../../src/knowledge/index/sqlite-index-store.js';
import type { SqliteSqlDatabase } from '../../../src/store/sql/sqlite-database.js';
import { migratedDatabase } from '../search/index-fixtures.js';

let db: SqliteSqlDatabase | undefined;
afterEach(async () => {
  await db?.close();
});

const handleOf = (dimensions: number) => {
  const embedder = createHashingEmbedder(dimensions);
  return { configured: 'hashing', get: () => Promise.resolve(embedder), peek: () => embedder };
};

describe('createActiveEmbedder', () => {
  it('switches the index to a changed embedder once, before any of the callers asking together gets it', async () => {
    db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db);
    await store.useEmbedder('hashing-v2:8', 8);
    const [vector] = await createHashingEmbedder(8).embed(['old note']);
    const oldChunk = { index: 0, total: 1, start: 0, end: 8, page: null, text: 'old note', vector: vector! };
    await store.replaceDocument(
      'ada',
      { docType: 'note', docId: '1', title: 'Old', mimeType: 'text/plain', version: 'v1' },
      [oldChunk],
    );
    const cleared: string[] = [];
    const active = createActiveEmbedder({
      handle: handleOf(16),
      store,
      onIndexCleared: async (id) => void cleared.push(id),
    });

    const [forSync, forSearch] = await Promise.all([active.get(), active.get()]);

    expect([forSync.id, forSearch.id, active.inUse()]).toEqual(['hashing-v2:16', 'hashing-v2:16', 'hashing-v2:16']);
    expect(cleared).toEqual(['hashing-v2:16']);
    expect((await store.counts('ada')).documents).toBe(0);
  });

  it('keeps the index when the embedder is the one it was built with', async () => {
    db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db);
    await store.useEmbedder('hashing-v2:8', 8);
    const cleared: string[] = [];
    const active = createActiveEmbedder({
      handle: handleOf(8),
      store,
      onIndexCleared: async (id) => void cleared.push(id),
    });

    await active.get();

    expect(cleared).toEqual([]);
  });
});
