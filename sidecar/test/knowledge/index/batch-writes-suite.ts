// One suite for both index engines: documents written together (replaceDocuments through indexDocuments) leave the
// index exactly as the same writes one by one do; small documents share transactions, larger ones go alone.
import { describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../../src/knowledge/embedders/hashing-embedder.js';
import type { IndexStore } from '../../../src/knowledge/index/index-store.js';
import { indexDocument, indexDocuments } from '../../../src/knowledge/sync/indexer.js';
import type { FetchedDocument } from '../../../src/knowledge/sync/sync-source.js';

const DIMENSIONS = 32;
const embedder = createHashingEmbedder(DIMENSIONS);
const OPTIONS = { chunkSize: 120, chunkOverlap: 10 };
const WORDS = 'budget meeting report garden travel invoice recipe project planning review'.split(' ');

export function note(id: number, version = 'v1', words = 30): FetchedDocument {
  const text = Array.from({ length: words }, (_, i) => `${WORDS[(id * 7 + i * i) % WORDS.length]}${i % 5}`).join(' ');
  return { docType: 'note', docId: String(id), title: `Note ${id}`, mimeType: 'text/plain', version, pages: [text] };
}

/** A first build, then a second round that replaces, repeats and empties documents, and one large document. */
const FIRST = Array.from({ length: 40 }, (_, i) => note(i));
const SECOND = [note(3, 'v2'), note(3, 'v3', 12), { ...note(5, 'v2'), pages: [] }, note(41), note(42, 'v1', 1400)];

async function snapshot(store: IndexStore) {
  const points = [];
  for (const id of ['0', '3', '5', '39', '41', '42']) {
    points.push((await store.documentPoints('ada', 'note', id)).map(({ pointId: _, ...point }) => point));
  }
  const search = await store.bm25('ada', 'budget2 garden3', { limit: 20 });
  const scores = search.hits.map((hit) => hit.score);
  return { counts: await store.counts('ada'), versions: await store.versions('ada', 'note'), points, scores };
}

async function buildBoth(open: () => Promise<IndexStore>) {
  const single = await open();
  const batched = await open();
  for (const store of [single, batched]) await store.useEmbedder(embedder.id, DIMENSIONS, embedder.kind);
  for (const fetched of [...FIRST, ...SECOND]) await indexDocument(single, embedder, 'ada', fetched, OPTIONS);
  const results = await indexDocuments(batched, embedder, 'ada', FIRST, OPTIONS);
  results.push(...(await indexDocuments(batched, embedder, 'ada', SECOND, OPTIONS)));
  return { single, batched, results };
}

/** `open` gives a new store over an empty index each call (two per run: one-by-one and batched); `close` after. */
export function runBatchWritesSuite(engine: 'sqlite' | 'postgres', open: () => Promise<IndexStore>): void {
  describe(`replaceDocuments (${engine})`, () => {
    it('leaves the same documents, chunks and scores as one replaceDocument per document', async () => {
      const { single, batched, results } = await buildBoth(open);
      try {
        expect(await snapshot(batched)).toEqual(await snapshot(single));
        expect(results).toHaveLength(FIRST.length + SECOND.length);
        expect((await batched.counts('ada')).documents).toBe(42);
      } finally {
        await Promise.all([single.close(), batched.close()]);
      }
    });
  });
}
