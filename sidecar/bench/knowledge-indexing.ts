// Indexing throughput with the default embedder: chunks per second through indexDocument (chunk, embed, write) into
// the embedded store, against the same chunks only tokenized and only embedded, measured in the same run.
import { join } from 'node:path';
import { chunkDocument } from '../src/knowledge/text/chunker.js';
import { createSqliteIndexStore } from '../src/knowledge/index/sqlite-index-store.js';
import { tokenize } from '../src/knowledge/text/tokenizer.js';
import { indexDocument } from '../src/knowledge/sync/indexer.js';
import type { FetchedDocument } from '../src/knowledge/sync/sync-source.js';
import { DIMENSIONS, defaultEmbedder, openIndexDatabase, runAsScript, syntheticCorpus } from './knowledge-corpus.js';
import { printLines, type BenchLine } from './report.js';

const DOCUMENTS = 1000;
/** The defaults of CHUNK_SIZE and CHUNK_OVERLAP. */
const OPTIONS = { chunkSize: 1200, chunkOverlap: 200 };

export async function benchKnowledgeIndexing(dir: string): Promise<BenchLine[]> {
  const fetched: FetchedDocument[] = [];
  for (const { document, texts } of syntheticCorpus(11).documents(DOCUMENTS)) {
    fetched.push({ ...document, pages: [texts.join('\n\n')] });
  }
  const chunkTexts = fetched.flatMap((document) =>
    chunkDocument(document.pages, { size: OPTIONS.chunkSize, overlap: OPTIONS.chunkOverlap, paged: false }).map(
      (chunk) => `${document.title}\n${chunk.text}`,
    ),
  );
  const { embedder } = defaultEmbedder();

  const tokenizeSeconds = timeSeconds(() => chunkTexts.forEach((text) => tokenize(text)));
  const embedSeconds = await timeSecondsAsync(async () => {
    for (let i = 0; i < chunkTexts.length; i += 16) await embedder.embed(chunkTexts.slice(i, i + 16));
  });

  const db = await openIndexDatabase(join(dir, 'knowledge-indexing.db'));
  const store = createSqliteIndexStore(db);
  await store.useEmbedder(embedder.id, DIMENSIONS, embedder.kind);
  let chunks = 0;
  const coldSeconds = await timeSecondsAsync(async () => {
    for (const document of fetched) chunks += (await indexDocument(store, embedder, 'alice', document, OPTIONS)).chunks;
  });
  // The same documents again with the user's index loaded in memory (it is kept in step with every write).
  await store.bm25('alice', 'warm', { limit: 1 });
  const warmSeconds = await timeSecondsAsync(async () => {
    for (const document of fetched) await indexDocument(store, embedder, 'alice', document, OPTIONS);
  });
  await store.close();
  await db.close();

  const rate = (seconds: number) => chunks / seconds;
  const lines: BenchLine[] = [
    {
      name: `indexDocument into the embedded store, ${chunks} chunks, user not loaded`,
      value: rate(coldSeconds),
      unit: 'chunks/s',
      reference: { name: 'the same chunks only embedded (hashing)', value: rate(embedSeconds) },
      target: 'report only',
      pass: true,
    },
    {
      name: 'indexDocument, replacing the same documents with the user loaded in memory',
      value: rate(warmSeconds),
      unit: 'chunks/s',
      reference: { name: 'the same chunks only tokenized', value: rate(tokenizeSeconds) },
      target: 'report only',
      pass: true,
    },
  ];
  return printLines(lines);
}

function timeSeconds(work: () => void): number {
  const started = performance.now();
  work();
  return (performance.now() - started) / 1000;
}

async function timeSecondsAsync(work: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

await runAsScript(import.meta.url, benchKnowledgeIndexing);
