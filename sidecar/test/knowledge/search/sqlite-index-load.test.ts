// Loading a user's embedded index from SQLite: same answers as an index kept in step with writes, writes during the
// load included, and the event loop never blocked for long (a setInterval(1) probe records the largest gap).
import { describe, expect, it } from 'vitest';
import { setImmediate as tick } from 'node:timers/promises';
import type { IndexedDocument, IndexStore } from '../../../src/knowledge/index/index-store.js';
import { createSqliteIndexStore } from '../../../src/knowledge/index/sqlite-index-store.js';
import { longestGap } from '../../support/loop-probe.js';
import { migratedDatabase, syntheticText } from './index-fixtures.js';

const DIMENSIONS = 32;
const DOCUMENTS = 1500;
const CHUNKS = 8;

const { random, words, text, vector: unitVector } = syntheticText(7, { vocabulary: 4000, skew: 3 });
const vector = () => unitVector(DIMENSIONS);
const document = (i: number, version = 'v1'): IndexedDocument => ({
  docType: i % 2 === 0 ? 'file' : 'note',
  docId: String(i),
  title: `${words[i % words.length]} title`,
  mimeType: 'text/plain',
  version,
});
const chunks = () =>
  Array.from({ length: CHUNKS }, (_, index) => ({
    index,
    total: CHUNKS,
    start: 0,
    end: 1,
    page: null,
    text: text(300),
    vector: vector(),
  }));

async function answers(store: IndexStore, queries: readonly string[], vectors: readonly Float32Array[]) {
  const out: unknown[] = [];
  for (const query of queries) out.push(await store.bm25('alice', query, { limit: 20 }));
  for (const v of vectors) out.push(await store.nearest('alice', v, { limit: 10, docTypes: ['note'] }));
  return out;
}

describe('loading the embedded index', () => {
  it('answers like an index kept in step with writes, and yields to the event loop while it loads', async () => {
    const db = await migratedDatabase(':memory:');
    const live = createSqliteIndexStore(db);
    await live.useEmbedder('test', DIMENSIONS);
    await live.bm25('alice', 'nothing', { limit: 1 });
    await live.nearest('alice', vector(), { limit: 1 });
    for (let i = 0; i < DOCUMENTS; i++) await live.replaceDocument('alice', document(i), chunks());
    for (let i = 0; i < DOCUMENTS; i += 5) await live.deleteDocument('alice', document(i).docType, String(i));
    const queries = Array.from(
      { length: 12 },
      () => `${words[Math.floor(random() * 50)]} ${words[Math.floor(random() * 3000)]}`,
    );
    const vectors = Array.from({ length: 4 }, vector);

    const loaded = createSqliteIndexStore(db, { loadSliceMs: 15 });
    await loaded.useEmbedder('test', DIMENSIONS);
    const gap = await longestGap(() => loaded.bm25('alice', queries[0]!, { limit: 1 }));
    expect(gap.wall).toBeLessThan(50);
    expect(await answers(loaded, queries, vectors)).toEqual(await answers(live, queries, vectors));

    // Writes while a third store loads: replaced, deleted and new documents all end up as in the live index.
    const during = createSqliteIndexStore(db, { loadSliceMs: 1 });
    await during.useEmbedder('test', DIMENSIONS);
    const loading = during.bm25('alice', queries[0]!, { limit: 1 });
    for (let i = 1; i < 400; i += 7) {
      await tick();
      await during.replaceDocument('alice', document(i, 'v2'), chunks());
      if (i % 2 === 0) await during.deleteDocument('alice', document(i + 2).docType, String(i + 2));
      await during.replaceDocument('alice', document(DOCUMENTS + i), chunks());
    }
    await loading;
    const fresh = createSqliteIndexStore(db);
    await fresh.useEmbedder('test', DIMENSIONS);
    const expected = await answers(fresh, queries, vectors);
    expect(await answers(during, queries, vectors)).toEqual(expected);
    await db.close();
  }, 120_000);
});
