// The relevance of search hits and the "no close matches" cut-off, through the search service over a real SQLite
// index with the built-in embedder: close matches reach the cut-off, off-topic queries answer no close matches, and
// score_threshold leaves out hits by their relevance (not by the ranking's own score).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHashingEmbedder } from '../../../src/knowledge/embedders/hashing-embedder.js';
import { createSqliteIndexStore } from '../../../src/knowledge/index/sqlite-index-store.js';
import { RELEVANCE_CUTOFF } from '../../../src/knowledge/search/relevance.js';
import {
  ALGORITHMS,
  createSearchService,
  type SearchRequest,
  type SearchService,
} from '../../../src/knowledge/search/search-service.js';
import { indexDocument } from '../../../src/knowledge/sync/indexer.js';
import type { SqliteSqlDatabase } from '../../../src/store/sql/sqlite-database.js';
import { migratedDatabase } from './index-fixtures.js';

const NOTES: [string, string][] = [
  ['Budget review', 'The quarterly budget is over plan; every team lead cuts travel spending until December.'],
  ['Turbine inspection', 'Inspect the turbine blades for cracks after every flight and record the results.'],
  ['Lasagne', 'Layer the pasta sheets with the meat sauce and the béchamel, then bake for forty minutes.'],
  ['Rechnungen', 'Die Rechnungen des Hausmeisters wurden im November bezahlt und sind abgelegt.'],
];

let db: SqliteSqlDatabase;
let search: SearchService;

beforeAll(async () => {
  db = await migratedDatabase(':memory:');
  const store = createSqliteIndexStore(db);
  const embedder = createHashingEmbedder(64);
  await store.useEmbedder(embedder.id, 64, embedder.kind);
  for (const [i, [title, text]] of NOTES.entries()) {
    const document = { docType: 'note' as const, docId: `n${i}`, title, mimeType: 'text/plain', version: '1' };
    await indexDocument(
      store,
      embedder,
      'alice',
      { ...document, pages: [text] },
      { chunkSize: 1200, chunkOverlap: 200 },
    );
  }
  const handle = { configured: 'hashing', get: () => Promise.resolve(embedder), peek: () => embedder };
  search = createSearchService({ store, embedder: handle, nextcloudHost: 'https://cloud.example.com' });
});
afterAll(async () => {
  await db.close();
});

const request = (query: string, algorithm: SearchRequest['algorithm'], scoreThreshold = 0): SearchRequest => ({
  query,
  algorithm,
  fusion: 'rrf',
  limit: 10,
  offset: 0,
  scoreThreshold,
  includePca: false,
  includeChunks: false,
});

describe('search relevance', () => {
  it('gives a close match a relevance at or above the cut-off, for bm25 and hybrid alike', async () => {
    for (const algorithm of ['bm25', 'hybrid'] as const) {
      const answer = await search.search('alice', request('cracks in turbine blades', algorithm));
      expect(answer.no_close_matches).toBe(false);
      expect(answer.relevance_cutoff).toBe(RELEVANCE_CUTOFF);
      expect(answer.results[0]!.doc_id).toBe('n1');
      expect(answer.results[0]!.relevance).toBeGreaterThanOrEqual(RELEVANCE_CUTOFF);
      expect(answer.results[0]!.relevance).toBeLessThanOrEqual(1);
    }
  });

  it('answers no close matches to a query about nothing the index holds, on every algorithm', async () => {
    for (const algorithm of ALGORITHMS) {
      const answer = await search.search('alice', request('zebra violin quartet', algorithm));
      expect(answer.no_close_matches).toBe(true);
      for (const result of answer.results) expect(result.relevance).toBeLessThan(RELEVANCE_CUTOFF);
    }
  });

  it('rates a query of which only one word in four appears below one whose words all appear', async () => {
    const whole = await search.search('alice', request('turbine blades cracks flight', 'bm25'));
    const mostlyUnknown = await search.search('alice', request('turbine zebra violin quartet', 'bm25'));
    expect(mostlyUnknown.results[0]!.doc_id).toBe('n1');
    expect(mostlyUnknown.results[0]!.relevance).toBeLessThan(whole.results[0]!.relevance / 2);
    expect(mostlyUnknown.no_close_matches).toBe(true);
  });

  it('finds a German note from another form of its words with a close relevance', async () => {
    const answer = await search.search('alice', request('die Rechnung ist bezahlt', 'bm25'));
    expect(answer.results[0]!.doc_id).toBe('n3');
    expect(answer.no_close_matches).toBe(false);
  });

  it('leaves out a best-ranked hit whose relevance is below score_threshold, though its own score is 1', async () => {
    const weak = await search.search('alice', request('turbine zebra violin quartet', 'bm25'));
    expect(weak.results[0]!.score).toBe(1);

    const thresholded = await search.search('alice', request('turbine zebra violin quartet', 'bm25', RELEVANCE_CUTOFF));

    expect(thresholded.results).toEqual([]);
    expect(thresholded.total_found).toBe(0);
  });

  it('keeps, on every algorithm, exactly the hits whose relevance reaches score_threshold, in their unthresholded order', async () => {
    for (const algorithm of ALGORITHMS) {
      const all = await search.search('alice', request('turbine blades budget pasta', algorithm));
      const threshold = all.results[1]!.relevance;

      const kept = await search.search('alice', request('turbine blades budget pasta', algorithm, threshold));

      const expected = all.results.filter((result) => result.relevance >= threshold).map((result) => result.doc_id);
      expect(kept.results.map((result) => result.doc_id)).toEqual(expected);
      expect(expected.length).toBeLessThan(all.results.length);
    }
  });
});
