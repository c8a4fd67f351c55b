// Assembles the knowledge part from settings (called by the composition root): the index store (embedded SQLite or
// PostgreSQL + pgvector), the embedder, the six sources, the sync engine and the search service.
import { createNextcloudHitsFinder, type NextcloudHitsFinder } from './nextcloud-search/nextcloud-hits.js';
import type { Logger } from '../logging/logger.js';
import type { HttpClient } from '../net/http-client.js';
import { createActiveEmbedder, type ActiveEmbedder } from './embedders/active-embedder.js';
import { createEmbedderHandle } from './embedders/create-embedder.js';
import type { IndexStore } from './index/index-store.js';
import { createSearchService, type SearchService } from './search/search-service.js';
import { lazyIndexStore } from './index/lazy-index-store.js';
import type { Settings } from '../settings/settings.js';
import type { SqlDatabase } from '../store/sql/sql-database.js';
import type { SqliteSqlDatabase } from '../store/sql/sqlite-database.js';
import type { PostgresSqlDatabase } from '../store/sql/postgres-database.js';
import type { DocumentReaders } from './extract/document-readers.js';
import type { OcrStatus } from './extract/ocr/ocr-reader.js';
import { lazySource } from './sources/lazy-source.js';
import { createSyncEngine, type SyncCredentials, type SyncEngine } from './sync/sync-engine.js';
import { scheduleFullRescan } from './sync/full-rescan.js';
import { createLeftOutDocuments } from './sync/left-out-documents.js';
import { createRescanNotices, type RescanNotices } from './sync/rescan-notices.js';
import { createSyncQueue, type SyncQueue } from './sync/sync-queue.js';
import { describeSyncStatus, type SyncStatus } from './sync/sync-status.js';
import type { SyncSource } from './sync/sync-source.js';
import { createSyncUserStore } from './sync/sync-users.js';

export interface Knowledge {
  store: IndexStore;
  /** The one owner of the embedder: sync and search both ask it. */
  embedder: ActiveEmbedder;
  engine: SyncEngine;
  /** The companion's notices of changes no webhook reports (shares, Deck cards): scans brought forward per user. */
  rescanNotices: RescanNotices;
  search: SearchService;
  /** Nextcloud's own unified search, asked beside the index when a search names `nextcloud` in its sources. */
  nextcloudHits: NextcloudHitsFinder;
  status(userId: string): Promise<SyncStatus>;
  /** The sync queue over all users (depth and lag for the metrics). */
  queue: Pick<SyncQueue, 'queuedCount' | 'oldestQueuedAt'>;
  close(): Promise<void>;
}

export interface KnowledgeDeps {
  settings: Settings;
  http: HttpClient;
  logger: Logger;
  /** The sidecar's database: the sync's state lives there, and on SQLite the embedded index too. */
  db: SqlDatabase;
  /** Whom the sync runs for, with which credential: the credential resolver's background view. */
  credentials: SyncCredentials;
  /** The composition root's document readers, shared with the MCP file tools (it closes them). */
  readers: DocumentReaders;
  /** Tests shorten the scheduler's tick. */
  tickMs?: number;
  clock?: () => number;
}

export async function createKnowledge(deps: KnowledgeDeps): Promise<Knowledge> {
  const { settings } = deps;
  const knowledge = settings.knowledge;
  const store = openIndexStore(deps.db);
  const embedder = createEmbedderHandle(knowledge.embedding, deps.http, {
    timeoutMs: settings.nextcloud.httpTimeoutMs,
    clock: deps.clock,
  });
  const queue = createSyncQueue(deps.db, { max: knowledge.queueMax, maxPerUser: knowledge.queueMaxPerUser });
  const leftOut = createLeftOutDocuments(deps.db);
  const users = createSyncUserStore(deps.db);
  // Sync and search ask the same owner: a changed embedder switches (and rebuilds) the index before first use.
  const activeEmbedder = createActiveEmbedder({
    handle: embedder,
    store,
    onIndexCleared: (embedderId) =>
      scheduleFullRescan({ users, logger: deps.logger }, embedderId, (deps.clock ?? Date.now)()),
  });
  // Loaded, and Tesseract and its languages checked once, only when OCR is on; a missing one is a warning in the log
  // and the status. Without a reader the files source skips images as it does with OCR off.
  const ocr = knowledge.ocr.enabled
    ? await (
        await import('./extract/ocr/ocr-reader.js')
      ).createOcrReader({ settings: knowledge.ocr, onWarning: (message) => deps.logger.error(message) })
    : undefined;
  const ocrStatus = (): OcrStatus =>
    ocr?.status() ?? { enabled: false, languages: knowledge.ocr.languages, warning: null };
  // Each source's module loads with its first scan (idle memory).
  const sources: SyncSource[] = [
    lazySource('file', async () =>
      (await import('./sources/files-source.js')).createFilesSource({
        maxFileBytes: knowledge.maxFileBytes,
        readers: deps.readers,
        ocr,
        onNotice: (message) => deps.logger.warn(message),
        clock: deps.clock,
      }),
    ),
    lazySource('note', async () => (await import('./sources/notes-source.js')).createNotesSource()),
    lazySource('deck_card', async () => (await import('./sources/deck-source.js')).createDeckSource()),
    lazySource('calendar_item', async () => (await import('./sources/calendar-source.js')).createCalendarSource()),
    lazySource('news_item', async () => (await import('./sources/news-source.js')).createNewsSource()),
    lazySource('contact', async () => (await import('./sources/contacts-source.js')).createContactsSource()),
  ];
  const engine = createSyncEngine({
    settings: knowledge,
    nextcloudHost: settings.nextcloud.host,
    http: deps.http,
    logger: deps.logger,
    store,
    embedder: activeEmbedder,
    queue,
    leftOut,
    users,
    credentials: deps.credentials,
    sources,
    tickMs: deps.tickMs,
    clock: deps.clock,
  });
  const rescanNotices = createRescanNotices({
    users,
    scanSources: engine.scanSources,
    logger: deps.logger,
    scansPerMinute: knowledge.rescanNoticesPerMinute,
    clock: deps.clock,
  });
  return {
    store,
    embedder: activeEmbedder,
    engine,
    rescanNotices,
    search: createSearchService({ store, embedder: activeEmbedder, nextcloudHost: settings.nextcloud.host }),
    nextcloudHits: createNextcloudHitsFinder({ host: settings.nextcloud.host, bounds: knowledge.nextcloudSearch }),
    status: (userId) =>
      describeSyncStatus(userId, { store, queue, leftOut, users, embedder: activeEmbedder, ocr: ocrStatus() }),
    queue,
    close: async () => {
      rescanNotices.stop();
      await engine.stop();
      await ocr?.close();
      await store.close();
    },
  };
}

/**
 * The engine's own index: embedded beside the tokens in SQLite, or PostgreSQL + pgvector on the shared pool. Its
 * modules load at its first use, once the sidecar listens.
 */
function openIndexStore(db: SqlDatabase): IndexStore {
  if (db.engine === 'sqlite') {
    return lazyIndexStore('sqlite', async () =>
      (await import('./index/sqlite-index-store.js')).createSqliteIndexStore(db as SqliteSqlDatabase),
    );
  }
  // The pool belongs to the database: the index store must not end it when it closes.
  return lazyIndexStore('postgres', async () =>
    (await import('./index/postgres-index-store.js')).createPostgresIndexStore((db as PostgresSqlDatabase).pool),
  );
}
