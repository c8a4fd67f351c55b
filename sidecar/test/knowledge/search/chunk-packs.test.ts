// A page of chunk rows read packed into one row (chunk-packs.ts) cuts back into exactly the rows a plain SELECT reads,
// the byte of every blob included, and a page past the last chunk is empty.
import { describe, expect, it } from 'vitest';
import { createSqliteIndexStore } from '../../../src/knowledge/index/sqlite-index-store.js';
import { chunkRowsOfPack, termsRowsOfPack } from '../../../src/knowledge/index/sqlite/chunk-packs.js';
import { prepareIndexStatements } from '../../../src/knowledge/index/sqlite/index-rows.js';
import { migratedDatabase, syntheticText } from './index-fixtures.js';

const DIMENSIONS = 8;
const { text, vector } = syntheticText(5, { vocabulary: 300 });

describe('packed pages of chunks', () => {
  it('cut back into the rows a plain select reads, blobs byte for byte', async () => {
    const db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db);
    await store.useEmbedder('test', DIMENSIONS, 'lexical');
    for (let i = 0; i < 12; i++) {
      const chunks = Array.from({ length: 3 }, (_, index) => ({
        index,
        total: 3,
        start: 0,
        end: 1,
        page: null,
        // An empty chunk has no terms: its blob is empty and must not shift the next chunk's.
        text: index === 1 && i % 4 === 0 ? '' : text(150),
        vector: vector(DIMENSIONS),
      }));
      const docType = i % 2 === 0 ? 'file' : 'note';
      await store.replaceDocument(
        'alice',
        { docType, docId: String(i), title: '', mimeType: 'text/plain', version: 'v1' },
        chunks,
      );
    }
    const plain = db.raw
      .prepare(
        `SELECT c.id, c.document_id, c.doc_type, c.length, c.terms, c.vector FROM index_chunks c
         JOIN index_documents d ON d.id = c.document_id AND d.generation = c.generation
         WHERE c.user_id = ? AND c.id > ? ORDER BY c.id LIMIT ?`,
      )
      .all('alice', 4, 10) as { id: number; terms: Buffer; vector: Buffer }[];
    expect(plain.some((row) => row.terms.length === 0)).toBe(true);
    const sql = prepareIndexStatements(db.raw);

    const packed = chunkRowsOfPack(sql.chunkPack.get('alice', 4, Number.MAX_SAFE_INTEGER, 10));
    expect(packed.map((row) => ({ ...row, terms: [...row.terms], vector: [...row.vector] }))).toEqual(
      plain.map((row) => ({ ...row, terms: [...row.terms], vector: [...row.vector] })),
    );
    const terms = termsRowsOfPack(sql.termsPack.get('alice', 4, 10));
    expect(terms.map((row) => [row.id, row.doc_type, [...row.terms]])).toEqual(
      plain.map((row) => [row.id, (row as unknown as { doc_type: string }).doc_type, [...row.terms]]),
    );
    const last = plain.at(-1)!.id;
    expect(chunkRowsOfPack(sql.chunkPack.get('alice', 4, last - 1, 10)).map((row) => row.id)).toEqual(
      plain.slice(0, -1).map((row) => row.id),
    );
    expect(chunkRowsOfPack(sql.chunkPack.get('alice', 1e9, Number.MAX_SAFE_INTEGER, 10))).toEqual([]);
    expect(termsRowsOfPack(sql.termsPack.get('bob', 0, 10))).toEqual([]);
    await store.close();
    await db.close();
  });
});
