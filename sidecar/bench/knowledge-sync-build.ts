// A user's index built end to end: the real sync engine (default settings: two workers, default embedder) scans the
// platform double, which answers at once from a process of its own, fetches every abstract-sized file over HTTP,
// extracts, chunks, embeds and writes it; documents/s from the scan's start until the engine is idle, beside
// indexDocuments of the same texts in process. The double counts the requests in progress at once (never more than
// the workers setting allows) and the requests per document.
//
// Two users in turn, as a sidecar meets them: the first user's 400 files right after the engine started (reported:
// that rate carries the process's one-time work — modules loaded at first use, which this bench also compiles from
// TypeScript, the JIT compiling the sync's code, SQLite's first pages), then the next user's 1,000 files, the rate a
// running sidecar builds an index at, held to the target. Then a third user's 1,000 files with the double answering
// each request after 1 ms (reported): with two requests at once the rate is then bound by the answers' latency.
// Measured: the sidecar's CPU time per document was 1.8 ms for a first 1,000 files and 0.9–1.0 ms for 4,000.
import { join } from 'node:path';
import { startFilesDoubleChild } from './files-double-child.js';
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
/** The first user's files, synced right after the start: abstracts FILES… of the collection. */
const FIRST_FILES = 400;
/** The third user's files are answered after this long each. */
const SLOW_ANSWER_MS = 1;

export async function benchKnowledgeSyncBuild(dir: string): Promise<BenchLine[]> {
  const collection = readCranfield();
  if (!collection) {
    console.log('      sync build: the Cranfield collection is not in ../shared/ir/cranfield: skipped');
    return [];
  }
  const abstracts = collection.documents.slice(0, FILES);
  const first = collection.documents.slice(FILES, FILES + FIRST_FILES);
  const home = (texts: typeof abstracts) =>
    Object.fromEntries(texts.map((d, i) => [`Abstracts/a${i}.txt`, `${d.title}\n\n${d.text}`]));
  const double = await startFilesDoubleChild({
    password: PASSWORD,
    files: { bob: home(first), alice: home(abstracts), carol: home(abstracts) },
  });
  const storage = await openStore({ path: join(dir, 'knowledge-sync-build.db'), encryptionKey: KEY });
  const logger = createLogger('silent');
  const problems: string[] = [];
  const settings = parseKnowledgeSettings((name) => ({ KNOWLEDGE_ENABLED: 'true' })[name], problems);
  if (problems.length > 0) throw new Error(problems.join(' '));
  const store = createSqliteIndexStore(storage.db as SqliteSqlDatabase);
  const { embedder, handle } = defaultEmbedder();
  /** The users the engine knows: each is added when their sync is measured, so no tick scans them earlier. */
  const syncedUsers: string[] = [];
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
      userIds: () => Promise.resolve([...syncedUsers]),
      get: (userId) => Promise.resolve({ loginName: userId, password: PASSWORD }),
    },
    sources: [
      createFilesSource({
        maxFileBytes: settings.maxFileBytes,
        readers: createDocumentReaders({ pdf: {}, documents: {} }),
      }),
    ],
  });

  /** One user's sync from the scan's start until the engine is idle. */
  const syncOf = async (userId: string, files: number) => {
    await double.mark();
    syncedUsers.push(userId);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await engine.scanNow([userId]);
    const scanMs = performance.now() - started;
    await engine.idle();
    const rate = files / ((performance.now() - started) / 1000);
    const cpu = process.cpuUsage(cpuBefore);
    const served = await double.stats();
    const indexed = (await store.counts(userId)).documents;
    if (indexed < files) throw new Error(`only ${indexed} of ${userId}'s ${files} files were indexed`);
    return { rate, scanMs, cpuMsPerDocument: (cpu.user + cpu.system) / 1000 / files, served };
  };
  let firstSync: Awaited<ReturnType<typeof syncOf>>;
  let sync: Awaited<ReturnType<typeof syncOf>>;
  let slowSync: Awaited<ReturnType<typeof syncOf>>;
  try {
    engine.start();
    firstSync = await syncOf('bob', FIRST_FILES);
    sync = await syncOf('alice', FILES);
    await double.setLatency(SLOW_ANSWER_MS);
    slowSync = await syncOf('carol', FILES);
  } finally {
    await engine.stop();
    await store.close();
    await storage.close();
    await double.stop();
  }

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

  // Over the double's whole life, so the third sync (answers after 1 ms, requests overlapping) counts too.
  const peak = slowSync.served.peakConcurrent;
  const byMethod = Object.entries(sync.served.byMethod).map(([method, n]) => `${method} ${(n / FILES).toFixed(2)}`);
  console.log(`      sync build: the scan that queued the files took ${Math.round(sync.scanMs)} ms`);
  console.log(`      sync build: requests per document: ${byMethod.join(', ')}`);
  // On a loaded machine the rate swings with the other processes; the CPU time per document does much less.
  const cpuOf = (run: typeof sync, files: number) =>
    `the sidecar ${run.cpuMsPerDocument.toFixed(2)} ms, the double ${(run.served.cpuMs / files).toFixed(2)} ms`;
  console.log(`      sync build: CPU time per document, first user: ${cpuOf(firstSync, FIRST_FILES)}`);
  console.log(`      sync build: CPU time per document, next user: ${cpuOf(sync, FILES)}`);
  console.log(
    `      sync build: at most ${peak} requests in progress at once over the three syncs (KNOWLEDGE_WORKERS ${settings.workers})`,
  );
  return printLines([
    {
      name: `sync build: the first user's ${FIRST_FILES} files right after the engine started`,
      value: firstSync.rate,
      unit: 'documents/s',
      reference: { name: 'indexDocuments of the same texts in process', value: inProcessRate },
      target: 'report only (start-up work included)',
      pass: true,
    },
    {
      name: `sync build: the next user's ${FILES} abstract-sized files fetched over HTTP and indexed (default settings)`,
      value: sync.rate,
      unit: 'documents/s',
      reference: { name: 'indexDocuments of the same texts in process', value: inProcessRate },
      target: `≥ 1,000 documents/s, ≤ ${settings.workers} requests at once`,
      pass: sync.rate >= 1000 && peak <= settings.workers,
    },
    {
      name: `sync build: a third user's ${FILES} files, the double answering each request after ${SLOW_ANSWER_MS} ms`,
      value: slowSync.rate,
      unit: 'documents/s',
      reference: { name: "the next user's, answered at once", value: sync.rate },
      target: "report only (bound by the answers' latency at two requests at once)",
      pass: true,
    },
  ]);
}

await runAsScript(import.meta.url, benchKnowledgeSyncBuild);
