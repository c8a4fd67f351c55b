// Retrieval quality over a hand-written corpus of the six types and 40 labelled queries: recall@10 and nDCG@10
// (binary relevance, per document) of bm25, semantic and hybrid (rrf, dbsf) with the default embedder. The issue
// requires hybrid to be at least as good as the better of bm25 and semantic; each hybrid line says whether it is.
import { join } from 'node:path';
import { createSearchService, type Algorithm } from '../src/knowledge/search/search-service.js';
import type { Fusion } from '../src/knowledge/search/fusion.js';
import { createSqliteIndexStore } from '../src/knowledge/index/sqlite-index-store.js';
import { indexDocument } from '../src/knowledge/sync/indexer.js';
import { QUALITY_DOCUMENTS, QUALITY_QUERIES, type QualityQuery } from './fixtures/knowledge-quality-corpus.js';
import { benchSearchRequest, DIMENSIONS, defaultEmbedder, openIndexDatabase, runAsScript } from './knowledge-corpus.js';
import { printLines, type BenchLine } from './report.js';

const K = 10;
const CONFIGS: { label: string; algorithm: Algorithm; fusion: Fusion }[] = [
  { label: 'bm25', algorithm: 'bm25', fusion: 'rrf' },
  { label: 'semantic', algorithm: 'semantic', fusion: 'rrf' },
  { label: 'hybrid rrf', algorithm: 'hybrid', fusion: 'rrf' },
  { label: 'hybrid dbsf', algorithm: 'hybrid', fusion: 'dbsf' },
];

interface Scores {
  recall: number;
  ndcg: number;
}

export async function benchKnowledgeRetrievalQuality(dir: string): Promise<BenchLine[]> {
  const db = await openIndexDatabase(join(dir, 'knowledge-quality.db'));
  const store = createSqliteIndexStore(db);
  const { embedder, handle } = defaultEmbedder();
  await store.useEmbedder(embedder.id, DIMENSIONS, embedder.kind);
  for (const document of QUALITY_DOCUMENTS) {
    const { id, text, ...rest } = document;
    const fetched = { ...rest, docId: id, mimeType: 'text/plain', version: '1', pages: [text] };
    await indexDocument(store, embedder, 'alice', fetched, { chunkSize: 1200, chunkOverlap: 200 });
  }
  const search = createSearchService({ store, embedder: handle, nextcloudHost: 'https://cloud.example.com' });

  const results = new Map<string, { all: Scores; keyword: Scores; paraphrase: Scores }>();
  for (const config of CONFIGS) {
    const perQuery: (Scores & { kind: QualityQuery['kind'] })[] = [];
    for (const labelled of QUALITY_QUERIES) {
      const request = benchSearchRequest(labelled.query, config.algorithm);
      const response = await search.search('alice', { ...request, fusion: config.fusion, limit: 50 });
      const ranked = [...new Set(response.results.map((result) => result.doc_id))].slice(0, K);
      perQuery.push({ kind: labelled.kind, ...score(ranked, labelled.relevant) });
    }
    const mean = (kind?: QualityQuery['kind']): Scores => {
      const picked = perQuery.filter((entry) => !kind || entry.kind === kind);
      const average = (pick: (s: Scores) => number) => picked.reduce((sum, s) => sum + pick(s), 0) / picked.length;
      return { recall: average((s) => s.recall), ndcg: average((s) => s.ndcg) };
    };
    results.set(config.label, { all: mean(), keyword: mean('keyword'), paraphrase: mean('paraphrase') });
  }
  await db.close();

  const keywords = QUALITY_QUERIES.filter((q) => q.kind === 'keyword').length;
  console.log(
    `      ${QUALITY_DOCUMENTS.length} documents, ${QUALITY_QUERIES.length} queries ` +
      `(${keywords} keyword, ${QUALITY_QUERIES.length - keywords} paraphrase), embedder ${embedder.id} (lexical)`,
  );
  for (const [label, { all, keyword, paraphrase }] of results) {
    console.log(
      `      ${label.padEnd(12)} recall@10 ${all.recall.toFixed(3)}  nDCG@10 ${all.ndcg.toFixed(3)}` +
        `   keyword: ${keyword.recall.toFixed(3)} / ${keyword.ndcg.toFixed(3)}` +
        `   paraphrase: ${paraphrase.recall.toFixed(3)} / ${paraphrase.ndcg.toFixed(3)}`,
    );
  }
  const bm25 = results.get('bm25')!.all;
  const semantic = results.get('semantic')!.all;
  const lines: BenchLine[] = [];
  for (const label of ['hybrid rrf', 'hybrid dbsf']) {
    const hybrid = results.get(label)!.all;
    for (const metric of ['recall', 'ndcg'] as const) {
      const better = bm25[metric] >= semantic[metric] ? 'bm25' : 'semantic';
      const reference = Math.max(bm25[metric], semantic[metric]);
      lines.push({
        name: `${label} ${metric === 'ndcg' ? 'nDCG@10' : 'recall@10'}`,
        value: hybrid[metric],
        unit: '',
        reference: { name: `the better of bm25 and semantic (${better})`, value: reference },
        target: '≥ the better of bm25 and semantic',
        pass: hybrid[metric] >= reference - 1e-9,
      });
    }
  }
  return printLines(lines);
}

/** Binary relevance: recall@K and nDCG@K (gain 1 per relevant document, log2 discount). */
function score(ranked: readonly string[], relevant: readonly string[]): Scores {
  const wanted = new Set(relevant);
  let dcg = 0;
  let found = 0;
  ranked.forEach((docId, i) => {
    if (!wanted.has(docId)) return;
    found++;
    dcg += 1 / Math.log2(i + 2);
  });
  let ideal = 0;
  for (let i = 0; i < Math.min(K, wanted.size); i++) ideal += 1 / Math.log2(i + 2);
  return { recall: found / wanted.size, ndcg: ideal > 0 ? dcg / ideal : 0 };
}

await runAsScript(import.meta.url, benchKnowledgeRetrievalQuality);
