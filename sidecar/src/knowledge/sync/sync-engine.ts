// The knowledge sync: scans every synced user's sources on a schedule (webhooks bring a scan or a document forward,
// the companion's notices a scan of some sources), and a pool of workers fetches, chunks, embeds and indexes queued
// documents with retry, backoff and dead letters.
import { createQueuePump } from './queue-pump.js';
import type { Logger } from '../../logging/logger.js';
import type { HttpClient } from '../../net/http-client.js';
import type { NextcloudCredentials } from '../../platform/credentials.js';
import { createNextcloudClient } from '../../platform/nextcloud-client.js';
import type { ActiveEmbedder } from '../embedders/active-embedder.js';
import type { IndexStore } from '../index/index-store.js';
import type { KnowledgeSettings } from '../../settings/knowledge-settings.js';
import { indexDocuments } from './indexer.js';
import { createIndexBatcher, MAX_BATCH_DOCUMENTS } from './index-batcher.js';
import { recordItemFailure, WORKER_DIED_REASON } from './item-failures.js';
import { scanUserSources } from './user-source-scans.js';
import type { LeftOutDocuments } from './left-out-documents.js';
import type { QueueItem, SyncQueue } from './sync-queue.js';
import type { SyncContext, SyncSource } from './sync-source.js';
import type { SyncUserStore } from './sync-users.js';
import type { SyncWaker, WakeEvent } from './wake-event.js';
import type { DocType } from '../doc-types.js';

/** Who the sidecar may sync in the background, with the credential it may use for them. */
export interface SyncCredentials {
  userIds(): Promise<string[]>;
  get(userId: string): Promise<NextcloudCredentials | undefined>;
}

export interface SyncEngineDeps {
  settings: KnowledgeSettings;
  nextcloudHost: string;
  http: HttpClient;
  logger: Logger;
  store: IndexStore;
  /** Shared with search: its `get()` switches the index when the embedder changed (active-embedder.ts). */
  embedder: ActiveEmbedder;
  queue: SyncQueue;
  /** What the sync left out, with reasons (rows of the same queue table). */
  leftOut: LeftOutDocuments;
  users: SyncUserStore;
  credentials: SyncCredentials;
  sources: readonly SyncSource[];
  clock?: () => number;
  /** How often the scheduler looks for due scans and ready work (tests shorten it). */
  tickMs?: number;
}

export interface SyncEngine extends SyncWaker {
  start(): void;
  stop(): Promise<void>;
  /** A credential was stored for the user: (re)start their sync at once (resolves once they are active). */
  userProvisioned(userId: string): Promise<void>;
  /** The user's credential is gone: remove their whole index, queue and state. */
  userRemoved(userId: string): Promise<void>;
  /**
   * Scans only these sources of the user now (after a scan of theirs already running), leaving the schedule of full
   * scans alone; resolves when the scan has queued its work. Nothing happens for a user who is not active.
   */
  scanSources(userId: string, docTypes: readonly DocType[]): Promise<void>;
  /** Scans now the users given (all when omitted) and resolves when their scans have queued their work. */
  scanNow(userIds?: string[]): Promise<void>;
  /** Resolves once no scan runs and no ready work is queued (tests and benchmarks). */
  idle(): Promise<void>;
  pausedReason(userId: string): Promise<string | undefined>;
}

/** How long a claimed scan keeps other replicas away; the scan's end sets the real next time. */
const SCAN_CLAIM_MS = 600_000;

export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { settings, queue, users, store, logger, leftOut } = deps;
  const clock = deps.clock ?? Date.now;
  const tickMs = deps.tickMs ?? 1000;
  const scanning = new Map<string, Promise<void>>();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const idleWaiters: (() => void)[] = [];

  const contextFor = async (userId: string): Promise<SyncContext | undefined> => {
    const credentials = await deps.credentials.get(userId);
    if (!credentials) return undefined;
    const client = createNextcloudClient({ http: deps.http, host: deps.nextcloudHost, credentials });
    return { userId, client, signal: controller.signal };
  };

  const scanDeps = { store, queue, leftOut, users, logger, clock };

  /** Runs `task` as the user's one scan in flight: after the one already running, never beside it. */
  const runAsUserScan = (userId: string, task: () => Promise<void>): Promise<void> => {
    const before = scanning.get(userId) ?? Promise.resolve();
    const run: Promise<void> = before
      .then(task)
      .catch((error: unknown) => logger.error({ err: error, userId }, 'knowledge sync: a scan failed'))
      .finally(() => {
        if (scanning.get(userId) === run) scanning.delete(userId);
        pump();
      });
    scanning.set(userId, run);
    return run;
  };

  const scanUser = (userId: string): Promise<void> => {
    const existing = scanning.get(userId);
    if (existing) return existing;
    let finished = false;
    return runAsUserScan(userId, async () => {
      try {
        const context = await contextFor(userId);
        if (!context) return;
        const { failed, stopped } = await scanUserSources(context, deps.sources, scanDeps);
        if (stopped) return;
        const failures = ((await users.get(userId))?.scanFailures ?? 0) + (failed ? 1 : 0);
        const delay = failed
          ? Math.min(settings.scanIntervalMs, 5000 * 2 ** Math.min(failures, 10))
          : settings.scanIntervalMs;
        await users.scanned(userId, clock(), clock() + delay, failed);
        finished = true;
      } finally {
        // A scan cut short (stopped, paused, failed) gives its claim back: the next tick, here or elsewhere, scans again.
        if (!finished) await users.scanAt(userId, clock()).catch(() => undefined);
      }
    });
  };

  /** Scans only the given sources of an active user, now; the user's schedule of full scans stays as it is. */
  const scanSources = (userId: string, docTypes: readonly DocType[]): Promise<void> =>
    runAsUserScan(userId, async () => {
      if ((await users.get(userId))?.state !== 'active') return;
      const context = await contextFor(userId);
      if (!context) return;
      const chosen = deps.sources.filter((source) => docTypes.includes(source.docType));
      await scanUserSources(context, chosen, scanDeps);
    });

  const refreshUsers = async (): Promise<void> => {
    const current = new Set(await deps.credentials.userIds());
    for (const userId of current) await users.ensure(userId, clock());
    for (const state of await users.list()) if (!current.has(state.userId)) await removeUser(state.userId);
  };

  const removeUser = async (userId: string): Promise<void> => {
    await queue.deleteUser(userId);
    await users.delete(userId);
    const documents = await store.deleteUser(userId);
    logger.info({ userId, documents }, 'knowledge sync: removed the user index');
  };

  // Written with the embedder of the moment: a change of embedder clears the index and rescans anyway.
  const batcher = createIndexBatcher(async (userId, documents) =>
    indexDocuments(store, await deps.embedder.get(), userId, documents, settings),
  );

  const process = async (item: QueueItem, fetchDone: () => void): Promise<void> => {
    const source = deps.sources.find((candidate) => candidate.docType === item.docType);
    try {
      // Its attempts ran out through expired claims alone: the process died reading it each time (a PDF bomb).
      if (item.attempts >= settings.maxAttempts) return await queue.dead(item.id, WORKER_DIED_REASON, clock());
      if (item.action === 'delete' || !source) {
        await store.deleteDocument(item.userId, item.docType, item.docId);
        await queue.done(item);
        return;
      }
      // The index holds the current embedder's vectors before anything is fetched for it.
      await deps.embedder.get();
      const context = await contextFor(item.userId);
      if (!context) return await queue.done(item);
      const fetched = await source.read(context, { docId: item.docId, version: item.version, hint: item.hint });
      if (!fetched) {
        await store.deleteDocument(item.userId, item.docType, item.docId);
        return await queue.done(item);
      }
      // Nextcloud is not asked again for this item: its worker may fetch the next while this one is indexed.
      fetchDone();
      const { truncated } = await batcher.index(item.userId, fetched);
      if (truncated) await leftOut.record(item, 'partial', truncated, clock());
      else await queue.done(item);
    } catch (error) {
      await failed(item, error).catch((cause: unknown) =>
        // The claim expires and returns the item to the queue.
        logger.error({ err: cause, userId: item.userId }, 'knowledge sync: a failure could not be recorded'),
      );
    }
  };

  const failed = (item: QueueItem, error: unknown) =>
    recordItemFailure(item, error, {
      queue,
      leftOut,
      store,
      users,
      logger,
      maxAttempts: settings.maxAttempts,
      now: clock(),
    });

  const pumper = createQueuePump({
    queue,
    workers: settings.workers,
    // Fetched documents wait for the write running now and then go together (index-batcher.ts).
    maxInWork: settings.workers + MAX_BATCH_DOCUMENTS,
    clock,
    isRunning: () => running,
    process,
    afterPass: () => notifyIdle(),
    logger,
  });
  const pump = () => pumper.pump();

  const isIdle = async () =>
    pumper.inWork() === 0 && scanning.size === 0 && ((await queue.nextReadyAt()) ?? Infinity) > clock();
  const notifyIdle = async () => {
    if (idleWaiters.length === 0 || !(await isIdle())) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const tick = async (): Promise<void> => {
    try {
      await refreshUsers();
      for (const state of await users.list()) {
        if (state.state !== 'active' || state.nextScanAt > clock() || scanning.has(state.userId)) continue;
        // Of the replicas sharing the database, the one whose claim moves the scan time scans.
        if (await users.claimScan(state.userId, state.nextScanAt, clock() + SCAN_CLAIM_MS)) void scanUser(state.userId);
      }
      await pumper.renewClaims();
      pump();
    } catch (error) {
      logger.error({ err: error }, 'knowledge sync: a tick failed');
    } finally {
      if (running) timer = setTimeout(() => void tick(), tickMs);
    }
  };

  return {
    start: () => {
      if (running) return;
      running = true;
      void tick();
    },
    stop: async () => {
      running = false;
      controller.abort();
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...scanning.values()]);
      // A pass now gives back the items claimed ahead that no worker took.
      pump();
      while (pumper.inWork() > 0 || pumper.pumping()) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    wake: (events) => {
      for (const event of events) void wakeOne(event);
    },
    userProvisioned: async (userId) => {
      await users.ensure(userId, clock());
      await users.resume(userId, clock());
      if (running) void scanUser(userId);
    },
    userRemoved: removeUser,
    scanSources,
    scanNow: async (userIds) => {
      await refreshUsers();
      const targets = userIds ?? (await users.list()).map((state) => state.userId);
      const active = await Promise.all(targets.map(async (id) => (await users.get(id))?.state === 'active'));
      await Promise.all(targets.filter((_, i) => active[i]).map((id) => scanUser(id)));
      pump();
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        pump();
      }),
    pausedReason: async (userId) => (await users.get(userId))?.pausedReason,
  };

  async function wakeOne(event: WakeEvent): Promise<void> {
    try {
      const state = await users.get(event.userId);
      if (!state || state.state !== 'active') return;
      const now = clock();
      const base = { userId: event.userId, docType: event.docType, action: 'index' as const };
      // A deletion is confirmed with Nextcloud, never taken on the webhook's word: the document is read again, and
      // only what Nextcloud no longer serves leaves the index (a forged or replayed delete removes nothing).
      if (event.deleted && !event.docId && event.filePath) {
        const named = await store.findByFilePath(event.userId, event.filePath);
        for (const document of named)
          await queue.enqueue({ ...base, docId: document.docId, hint: document.filePath ?? event.filePath }, now);
      } else if (event.docId) {
        await queue.enqueue({ ...base, docId: event.docId, hint: event.filePath }, now);
      }
      // A scan soon reconciles what the event cannot say (a folder's files, a note behind a file, a rename).
      await users.scanAt(event.userId, now + 2000);
      pump();
    } catch (error) {
      logger.warn({ err: error, userId: event.userId }, 'knowledge sync: a webhook event could not be queued');
    }
  }
}
