// Ranking quality on the Cranfield collection: nDCG@10 and recall@100 of our bm25, semantic and hybrid (default
// embedder) beside SQLite FTS5 with the Porter stemmer and a textbook BM25 over whole documents, all in one run over
// the same texts. Skips (without failing) when the collection is not beside the repository.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { createSearchService, type Algorithm } from '../src/knowledge/search/search-service.js';
import { RELEVANCE_CUTOFF } from '../src/knowledge/search/relevance.js';
import { createSqliteIndexStore } from '../src/knowledge/index/sqlite-index-store.js';
import { indexDocument } from '../src/knowledge/sync/indexer.js';
import { bm25Idf, bm25TermScore } from '../src/knowledge/index/bm25.js';
import { bm25Text } from '../src/knowledge/text/bm25-text.js';
import { termFrequencies, tokenize } from '../src/knowledge/text/tokenizer.js';
import { meanScores, readCranfield, scoreRanking, type IrCollection, type IrScores } from './ir-collection.js';
import { benchSearchRequest, DIMENSIONS, defaultEmbedder, openIndexDatabase, runAsScript } from './knowledge-corpus.js';
import { printLines, type BenchLine } from './report.js';

const DEPTH = 100;

export async function benchKnowledgeRanking(dir: string): Promise<BenchLine[]> {
  const collection = readCranfield();
  if (!collection) {
    console.log('      ranking: the Cranfield collection is not in ../shared/ir/cranfield: skipped');
    return [];
  }
  const figures = new Map<string, IrScores>();
  figures.set('FTS5 porter', rankAll(collection, fts5Ranker(collection)));
  figures.set('textbook BM25', rankAll(collection, textbookRanker(collection)));
  for (const [label, algorithm] of [
    ['bm25', 'bm25'],
    ['semantic', 'semantic'],
    ['hybrid rrf', 'hybrid'],
  ] as const) {
    figures.set(label, await rankOurs(dir, collection, algorithm));
  }
  console.log(`      Cranfield: ${collection.documents.length} documents, ${collection.queries.length} queries`);
  for (const [label, scores] of figures) {
    console.log(
      `      ${label.padEnd(14)} nDCG@10 ${scores.ndcg10.toFixed(4)}  recall@100 ${scores.recall100.toFixed(4)}`,
    );
  }
  const fts5 = figures.get('FTS5 porter')!;
  const bm25 = figures.get('bm25')!;
  const hybrid = figures.get('hybrid rrf')!;
  return printLines([
    {
      name: 'Cranfield bm25 nDCG@10',
      value: bm25.ndcg10,
      unit: '',
      reference: { name: 'SQLite FTS5 porter', value: fts5.ndcg10 },
      target: '≥ FTS5 porter',
      pass: bm25.ndcg10 >= fts5.ndcg10 - 1e-9,
    },
    {
      name: 'Cranfield hybrid nDCG@10',
      value: hybrid.ndcg10,
      unit: '',
      reference: { name: 'our bm25', value: bm25.ndcg10 },
      target: '≥ bm25',
      pass: hybrid.ndcg10 >= bm25.ndcg10 - 1e-9,
    },
  ]);
}

type Ranker = (query: string) => string[];

function rankAll(collection: IrCollection, ranker: Ranker): IrScores {
  return meanScores(
    collection.queries.map((query) => scoreRanking(ranker(query.text), collection.judgments.get(query.number))),
  );
}

/** The documents in FTS5 (title and text columns, default BM25 weights), queried as an OR of the query's words. */
function fts5Ranker(collection: IrCollection): Ranker {
  const db = new Database(':memory:');
  db.exec("CREATE VIRTUAL TABLE docs USING fts5(id UNINDEXED, title, body, tokenize='porter unicode61')");
  const insert = db.prepare('INSERT INTO docs (id, title, body) VALUES (?, ?, ?)');
  db.transaction(() => collection.documents.forEach((d) => insert.run(d.id, d.title, d.text)))();
  const search = db.prepare<[string, number], { id: string }>(
    'SELECT id FROM docs WHERE docs MATCH ? ORDER BY bm25(docs) LIMIT ?',
  );
  return (query) => {
    const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
    if (words.length === 0) return [];
    return search.all(words.map((word) => `"${word}"`).join(' OR '), DEPTH).map((row) => row.id);
  };
}

/** BM25 (k1 1.2, b 0.75) over whole documents (title + text), with the tokenizer's terms before any stemming. */
function textbookRanker(collection: IrCollection): Ranker {
  const documents = collection.documents.map((d) => termFrequencies(tokenize(bm25Text(d.title, d.text))));
  const lengths = documents.map((tf) => [...tf.values()].reduce((sum, n) => sum + n, 0));
  const average = lengths.reduce((sum, n) => sum + n, 0) / lengths.length;
  const df = new Map<string, number>();
  for (const tf of documents) for (const term of tf.keys()) df.set(term, (df.get(term) ?? 0) + 1);
  return (query) => {
    const scores = documents.map((tf, i) => {
      let score = 0;
      for (const term of new Set(tokenize(query))) {
        const f = tf.get(term);
        if (f) score += bm25TermScore(f, lengths[i]!, average, bm25Idf(documents.length, df.get(term) ?? 0));
      }
      return { id: collection.documents[i]!.id, score };
    });
    return scores
      .filter((s) => s.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, DEPTH)
      .map((s) => s.id);
  };
}

/** Our index and search service (default chunking and embedder); a document ranks where its first chunk does. */
async function rankOurs(dir: string, collection: IrCollection, algorithm: Algorithm): Promise<IrScores> {
  const db = await openIndexDatabase(join(dir, `knowledge-ranking-${algorithm}.db`));
  const store = createSqliteIndexStore(db);
  const { embedder, handle } = defaultEmbedder();
  await store.useEmbedder(embedder.id, DIMENSIONS, embedder.kind);
  for (const document of collection.documents) {
    const fetched = { docType: 'file' as const, docId: document.id, title: document.title, version: '1' };
    await indexDocument(
      store,
      embedder,
      'reader',
      { ...fetched, mimeType: 'text/plain', pages: [document.text] },
      { chunkSize: 1200, chunkOverlap: 200 },
    );
  }
  const search = createSearchService({ store, embedder: handle, nextcloudHost: 'https://cloud.example.com' });
  const scores: IrScores[] = [];
  const top: { relevance: number; relevant: boolean }[] = [];
  let noCloseMatches = 0;
  for (const query of collection.queries) {
    const response = await search.search('reader', { ...benchSearchRequest(query.text, algorithm), limit: 300 });
    const ranked = [...new Set(response.results.map((result) => result.doc_id))].slice(0, DEPTH);
    const judged = collection.judgments.get(query.number);
    scores.push(scoreRanking(ranked, judged));
    if (response.no_close_matches) noCloseMatches++;
    for (const result of response.results.slice(0, 10)) {
      const grade = judged?.get(result.doc_id) ?? 0;
      top.push({ relevance: result.relevance, relevant: grade >= 1 && grade <= 3 });
    }
  }
  const nonsense = await Promise.all(
    NONSENSE_QUERIES.map(
      async (text) => (await search.search('reader', benchSearchRequest(text, algorithm))).no_close_matches,
    ),
  );
  await db.close();
  printRelevance(algorithm, top, noCloseMatches, nonsense);
  return meanScores(scores);
}

/** Queries the collection has nothing about: each should answer "no close matches". */
const NONSENSE_QUERIES = ['chocolate cake recipe', 'football world cup results', 'quarterly tax return invoice'];

/** How the relevance cut-off splits the top 10 hits of every query (judged relevant: grades 1–3). */
function printRelevance(
  algorithm: Algorithm,
  top: readonly { relevance: number; relevant: boolean }[],
  noCloseMatches: number,
  nonsense: readonly boolean[],
): void {
  const relevant = top.filter((hit) => hit.relevant);
  const other = top.filter((hit) => !hit.relevant);
  const mean = (hits: typeof top) => hits.reduce((sum, hit) => sum + hit.relevance, 0) / (hits.length || 1);
  const kept = (hits: typeof top) =>
    hits.filter((hit) => hit.relevance >= RELEVANCE_CUTOFF).length / (hits.length || 1);
  console.log(
    `      ${algorithm} relevance of top-10 hits: judged relevant mean ${mean(relevant).toFixed(3)}, others ` +
      `${mean(other).toFixed(3)}; at the cut-off ${RELEVANCE_CUTOFF} ${(100 * kept(relevant)).toFixed(1)} % of ` +
      `relevant and ${(100 * kept(other)).toFixed(1)} % of other hits stay close; ${noCloseMatches} of 225 queries ` +
      `answer no close matches; off-topic queries answering so: ${nonsense.filter(Boolean).length} of ${nonsense.length}`,
  );
}

await runAsScript(import.meta.url, benchKnowledgeRanking);
