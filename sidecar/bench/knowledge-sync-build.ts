// A user's index built end to end: the real sync engine (default settings: two workers, default embedder) scans the
// platform double, which answers at once from a process of its own, fetches every abstract-sized file over HTTP,
// extracts, chunks, embeds and writes it; documents/s from the scan's start until the engine is idle, beside
// indexDocuments of the same texts in process. The double counts the requests in progress at once (never more than
// the workers setting allows) and the requests per document.
import { join } from 'node:path';
import { startFilesDoubleChild, type FilesDoubleStats } from './files-double-child.js';
import { createLogger } from '../src/logging/logger.js';
import { createHttpClient } from '../src/net/http-client.js';
import { createSqliteIndexStore } from '../src/knowledge/index/sqlite-index-store.js';
import { parseKnowledgeSettings } from '../src/settings/knowledge-settings.js';
import type { SqliteSqlDatabase } from '../src/store/sql/sqlite-database.js';
import { openStore } from '../src/store/open-store.js';
import { indexDocuments } from '../src/knowledge/sync/indexer.js';
import { createDocumentReaders } from '../src/knowledge/extract/document-readers.js';
import { createFilesSource } from '../src/knowledge/sources/files-source.js';
import { createSyncEngine } from '../src/knowledge/sync/sync-engine.js';
import { createActiveEmbedder } from '../src/knowledge/embedders/active-embedder.js';
import { createLeftOutDocuments } from '../src/knowledge/sync/left-out-documents.js';
import { createSyncQueue } from '../src/knowledge/sync/sync-queue.js';
import { createSyncUserStore } from '../src/knowledge/sync/sync-users.js';
import { readCranfield } from './ir-collection.js';
import { DIMENSIONS, defaultEmbedder, openIndexDatabase, runAsScript } from './knowledge-corpus.js';
import { printLines, type BenchLine } from './report.js';

const PASSWORD = 'AbCdE-12345-fGhIj-67890-KlMnO';
const KEY = new Uint8Array(32).fill(7);
const FILES = 1000;

export async function benchKnowledgeSyncBuild(dir: string): Promise<BenchLine[]> {
  const collection = readCranfield();
  if (!collection) {
    console.log('      sync build: the Cranfield collection is not in ../shared/ir/cranfield: skipped');
    return [];
  }
  const abstracts = collection.documents.slice(0, FILES);
  const files = Object.fromEntries(abstracts.map((d, i) => [`Abstracts/a${i}.txt`, `${d.title}\n\n${d.text}`]));
  const double = await startFilesDoubleChild({ userId: 'alice', password: PASSWORD, files });
  const storage = await openStore({ path: join(dir, 'knowledge-sync-build.db'), encryptionKey: KEY });
  const logger = createLogger('silent');
  const problems: string[] = [];
  const settings = parseKnowledgeSettings((name) => ({ KNOWLEDGE_ENABLED: 'true' })[name], problems);
  if (problems.length > 0) throw new Error(problems.join(' '));
  const store = createSqliteIndexStore(storage.db as SqliteSqlDatabase);
  const { embedder, handle } = defaultEmbedder();
  const engine = createSyncEngine({
    settings,
    nextcloudHost: double.url,
    http: createHttpClient({ verifySsl: false, timeoutMs: 10_000, userAgent: 'knowledge-bench' }),
    logger,
    store,
    embedder: createActiveEmbedder({ handle, store, onIndexCleared: () => Promise.resolve() }),
    queue: createSyncQueue(storage.db, { max: settings.queueMax }),
    leftOut: createLeftOutDocuments(storage.db),
    users: createSyncUserStore(storage.db),
    credentials: {
      userIds: () => Promise.resolve(['alice']),
      get: (userId) => Promise.resolve(userId === 'alice' ? { loginName: 'alice', password: PASSWORD } : undefined),
    },
    sources: [
      createFilesSource({
        maxFileBytes: settings.maxFileBytes,
        readers: createDocumentReaders({ pdf: {}, documents: {} }),
      }),
    ],
  });

  let syncRate = 0;
  let indexed = 0;
  let scanMs = 0;
  let syncCpuMs = 0;
  let served: FilesDoubleStats | undefined;
  try {
    engine.start();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await engine.scanNow(['alice']);
    scanMs = performance.now() - started;
    await engine.idle();
    syncRate = FILES / ((performance.now() - started) / 1000);
    const cpu = process.cpuUsage(cpuBefore);
    syncCpuMs = (cpu.user + cpu.system) / 1000;
    indexed = (await store.counts('alice')).documents;
    served = await double.stats();
  } finally {
    await engine.stop();
    await store.close();
    await storage.close();
    await double.stop();
  }
  if (indexed < FILES) throw new Error(`only ${indexed} of ${FILES} files were indexed`);

  // The same texts in process, into a fresh index.
  const db = await openIndexDatabase(join(dir, 'knowledge-sync-build-reference.db'));
  const reference = createSqliteIndexStore(db);
  await reference.useEmbedder(embedder.id, DIMENSIONS, embedder.kind);
  const fetched = abstracts.map((d, i) => ({
    docType: 'file' as const,
    docId: String(i),
    title: `a${i}.txt`,
    mimeType: 'text/plain',
    version: '1',
    pages: [`${d.title}\n\n${d.text}`],
  }));
  const inProcessStarted = performance.now();
  for (let i = 0; i < fetched.length; i += 64) {
    await indexDocuments(reference, embedder, 'alice', fetched.slice(i, i + 64), settings);
  }
  const inProcessRate = FILES / ((performance.now() - inProcessStarted) / 1000);
  await reference.close();
  await db.close();

  const peak = served?.peakConcurrent ?? Infinity;
  const byMethod = Object.entries(served?.byMethod ?? {}).map(([method, n]) => `${method} ${(n / FILES).toFixed(2)}`);
  console.log(`      sync build: the scan that queued the files took ${Math.round(scanMs)} ms`);
  console.log(`      sync build: requests per document: ${byMethod.join(', ')}`);
  // On a loaded machine the rate swings with the other processes; the CPU time per document does much less.
  console.log(`      sync build: the sidecar's CPU time per document ${(syncCpuMs / FILES).toFixed(2)} ms`);
  console.log(`      sync build: at most ${peak} requests in progress at once (KNOWLEDGE_WORKERS ${settings.workers})`);
  return printLines([
    {
      name: `sync build: ${FILES} abstract-sized files fetched over HTTP and indexed (default settings)`,
      value: syncRate,
      unit: 'documents/s',
      reference: { name: 'indexDocuments of the same texts in process', value: inProcessRate },
      target: `≥ 1,000 documents/s, ≤ ${settings.workers} requests at once`,
      pass: syncRate >= 1000 && peak <= settings.workers,
    },
  ]);
}

await runAsScript(import.meta.url, benchKnowledgeSyncBuild);
