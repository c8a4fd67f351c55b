// From a webhook's arrival to the document being searchable: the real receiver (secret checked) waking the real sync
// engine in-process, which fetches the new file from the platform double, chunks, embeds (default embedder) and
// indexes it; the search service is polled until the file answers. Reference: indexDocument of the same text alone.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import express from 'express';
import { createFilesApp } from '../../test/platform/apps/files.js';
import { createNotesApp } from '../../test/platform/apps/notes.js';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { createErrorHandler } from '../src/http/error-handler.js';
import { createRequestContext } from '../src/http/request-context.js';
import { createLogger } from '../src/logging/logger.js';
import { createHttpClient } from '../src/net/http-client.js';
import { createSearchService } from '../src/knowledge/search/search-service.js';
import { createSqliteIndexStore } from '../src/knowledge/index/sqlite-index-store.js';
import { parseKnowledgeSettings } from '../src/settings/knowledge-settings.js';
import { createAuditLog } from '../src/store/audit-log.js';
import { createSecretBox } from '../src/store/secret-box.js';
import type { SqliteSqlDatabase } from '../src/store/sql/sqlite-database.js';
import { openStore } from '../src/store/open-store.js';
import { indexDocument } from '../src/knowledge/sync/indexer.js';
import { createDocumentReaders } from '../src/knowledge/extract/document-readers.js';
import { createFilesSource } from '../src/knowledge/sources/files-source.js';
import { createNotesSource } from '../src/knowledge/sources/notes-source.js';
import { createSyncEngine } from '../src/knowledge/sync/sync-engine.js';
import { scheduleFullRescan } from '../src/knowledge/sync/full-rescan.js';
import { createActiveEmbedder } from '../src/knowledge/embedders/active-embedder.js';
import { createLeftOutDocuments } from '../src/knowledge/sync/left-out-documents.js';
import { createSyncQueue } from '../src/knowledge/sync/sync-queue.js';
import { createSyncUserStore } from '../src/knowledge/sync/sync-users.js';
import { createWebhookDeliveries } from '../src/knowledge/webhooks/webhook-deliveries.js';
import { createWebhookReceiver, WEBHOOK_SECRET_HEADER } from '../src/api/webhook-receiver.js';
import {
  createWebhookRegistrationStore,
  generateWebhookSecret,
} from '../src/knowledge/webhooks/webhook-registrations.js';
import {
  benchSearchRequest,
  collectGarbage,
  defaultEmbedder,
  runAsScript,
  syntheticCorpus,
} from './knowledge-corpus.js';
import { percentile, printLines, type BenchLine } from './report.js';

const PASSWORD = 'AbCdE-12345-fGhIj-67890-KlMnO';
const KEY = new Uint8Array(32).fill(7);
const BACKGROUND_FILES = 300;
const TRIALS = 30;
const NODE = 'OCP\\Files\\Events\\Node\\';

export async function benchKnowledgeWebhookLatency(dir: string): Promise<BenchLine[]> {
  const files = createFilesApp();
  const corpus = [...syntheticCorpus(5).documents(BACKGROUND_FILES + TRIALS)];
  const text = (i: number) => corpus[i]!.texts.slice(0, 4).join('\n\n');
  for (let i = 0; i < BACKGROUND_FILES; i++) files.seedFile('alice', `Documents/f${i}.md`, text(i));
  const double = await startPlatformDouble({
    users: [{ id: 'alice', appPasswords: [PASSWORD] }],
    apps: [files, createNotesApp()],
  });
  const storage = await openStore({ path: join(dir, 'knowledge-webhook.db'), encryptionKey: KEY });
  collectGarbage();
  const logger = createLogger('silent');
  const secret = generateWebhookSecret();
  const registrations = createWebhookRegistrationStore({
    db: storage.db,
    box: await createSecretBox(KEY),
    audit: createAuditLog(storage.db),
  });
  await registrations.add({
    nextcloudId: 1,
    event: `${NODE}NodeCreatedEvent`,
    preset: 'files',
    uri: 'http://127.0.0.1/webhooks/nextcloud',
    eventFilter: {},
    registeredBy: 'admin',
    secret,
  });
  const problems: string[] = [];
  const settings = parseKnowledgeSettings((name) => ({ KNOWLEDGE_ENABLED: 'true' })[name], problems);
  if (problems.length > 0) throw new Error(problems.join(' '));
  const http = createHttpClient({ verifySsl: false, timeoutMs: 10_000, userAgent: 'knowledge-bench' });
  const store = createSqliteIndexStore(storage.db as SqliteSqlDatabase);
  const { embedder, handle } = defaultEmbedder();
  const users = createSyncUserStore(storage.db);
  const active = createActiveEmbedder({
    handle,
    store,
    onIndexCleared: (embedderId) => scheduleFullRescan({ users, logger }, embedderId, Date.now()),
  });
  const readers = createDocumentReaders({ pdf: {}, documents: {} });
  const engine = createSyncEngine({
    settings,
    nextcloudHost: double.url,
    http,
    logger,
    store,
    embedder: active,
    queue: createSyncQueue(storage.db, { max: settings.queueMax }),
    leftOut: createLeftOutDocuments(storage.db),
    users,
    credentials: {
      userIds: () => Promise.resolve(['alice']),
      get: (userId) => Promise.resolve(userId === 'alice' ? { loginName: 'alice', password: PASSWORD } : undefined),
    },
    sources: [createFilesSource({ maxFileBytes: settings.maxFileBytes, readers }), createNotesSource()],
  });
  const search = createSearchService({ store, embedder: active, nextcloudHost: double.url });
  const app = express();
  app.use(createRequestContext(logger));
  const deliveries = createWebhookDeliveries(storage.db, { maxAgeMs: settings.webhookMaxAgeMs });
  app.use(createWebhookReceiver({ secrets: registrations, deliveries, waker: engine, logger }));
  app.use(createErrorHandler(logger));
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const receiver = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/nextcloud`;

  try {
    engine.start();
    await engine.scanNow(['alice']);
    await engine.idle();
    const indexed = (await store.counts('alice')).documents;
    if (indexed < BACKGROUND_FILES) throw new Error(`only ${indexed} of ${BACKGROUND_FILES} files were indexed`);

    const latencies: number[] = [];
    const alone: number[] = [];
    for (let t = 0; t < TRIALS; t++) {
      const marker = `webhookmarker${t}x`;
      const path = `Documents/new/t${t}.md`;
      const content = `${marker}\n\n${text(BACKGROUND_FILES + t)}`;
      files.seedFile('alice', path, content);
      const fileId = String(files.findNode('alice', path)!.fileId);
      const body = JSON.stringify({
        event: { class: `${NODE}NodeCreatedEvent`, node: { id: Number(fileId), path: `/alice/files/${path}` } },
        user: { uid: 'alice', displayName: 'Alice' },
        time: Math.floor(Date.now() / 1000),
      });
      const started = performance.now();
      const response = await fetch(receiver, { method: 'POST', headers: { [WEBHOOK_SECRET_HEADER]: secret }, body });
      if (response.status !== 202) throw new Error(`the receiver answered ${response.status}`);
      await searchableWithin(async () => {
        const found = await search.search('alice', benchSearchRequest(marker));
        return found.results.some((result) => result.doc_id === fileId);
      }, 10_000);
      latencies.push(performance.now() - started);

      const direct = performance.now();
      const document = { docType: 'file' as const, docId: fileId, title: `t${t}.md`, mimeType: 'text/markdown' };
      await indexDocument(
        store,
        embedder,
        'bench-reference',
        { ...document, version: 'v', pages: [content] },
        settings,
      );
      alone.push(performance.now() - direct);
    }
    latencies.sort((a, b) => a - b);
    alone.sort((a, b) => a - b);
    const reference = { name: 'indexDocument of the same text alone, p50', value: percentile(alone, 50) };
    const lines: BenchLine[] = [
      {
        name: `webhook POST to searchable (receiver → engine → fetch → embed → index), ${TRIALS} files, p50`,
        value: percentile(latencies, 50),
        unit: 'ms',
        reference,
        target: '≤ 2000 ms',
        pass: percentile(latencies, 50) <= 2000,
      },
      {
        name: 'webhook POST to searchable, max',
        value: latencies[latencies.length - 1]!,
        unit: 'ms',
        reference,
        target: 'report only',
        pass: true,
      },
    ];
    return printLines(lines);
  } finally {
    await engine.stop();
    await readers.close();
    await new Promise((resolve) => server.close(resolve));
    await http.close();
    await double.close();
    await storage.close();
  }
}

/** Polls `check` every 5 ms until it holds; throws after `timeoutMs`. */
async function searchableWithin(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('the document never became searchable');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

await runAsScript(import.meta.url, benchKnowledgeWebhookLatency);
