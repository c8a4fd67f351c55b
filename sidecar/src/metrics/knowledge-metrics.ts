// Gauges of the knowledge capability, read when Prometheus scrapes: queue depth and lag, index size in documents and
// chunks; and the companion's rescan notices by outcome.
import { Counter, Gauge, type Registry } from 'prom-client';

type Awaitable<T> = T | Promise<T>;

/** What the gauges read at scrape time; every method is awaited, so sync and async implementations both fit. */
export interface KnowledgeMetricsSource {
  /** Documents waiting in the sync queue, over all users. */
  queuedCount(): Awaitable<number>;
  /** When the oldest waiting document was queued (ms since the epoch); undefined when nothing waits. */
  oldestQueuedAt(): Awaitable<number | undefined>;
  /** Indexed documents and chunks, over all users. */
  indexTotals(): Awaitable<{ documents: number; chunks: number }>;
  /** The companion's rescan notices by outcome since the start (knowledge/sync/rescan-notices.ts). */
  rescanNoticeCounts(): Record<string, number>;
}

export const RESCAN_NOTICES_COUNTER = 'nextcloud_mcp_knowledge_rescan_notices_total';

/**
 * Each gauge's name, then its first name: the old names stay exported with the same values (dashboards use them),
 * their help saying which name replaces them.
 */
export const KNOWLEDGE_GAUGE_NAMES = {
  queueDepth: ['nextcloud_mcp_knowledge_queue_depth', 'nextcloud_mcp_sync_queue_depth'],
  queueLag: ['nextcloud_mcp_knowledge_queue_lag_seconds', 'nextcloud_mcp_sync_queue_lag_seconds'],
  documents: ['nextcloud_mcp_knowledge_documents', 'nextcloud_mcp_index_documents'],
  chunks: ['nextcloud_mcp_knowledge_chunks', 'nextcloud_mcp_index_chunks'],
} as const;

/** Registers the gauges; `clock` gives ms since the epoch (tests fix it). */
export function registerKnowledgeMetrics(
  registry: Registry,
  source: KnowledgeMetricsSource,
  clock: () => number = Date.now,
): void {
  // One read of the totals per scrape feeds both index gauges under both their names.
  const readTotals = sharedWhilePending(async () => source.indexTotals());
  const gauges: Record<keyof typeof KNOWLEDGE_GAUGE_NAMES, { help: string; read: () => Promise<number> }> = {
    queueDepth: {
      help: 'Documents waiting in the sync queue (all users).',
      read: async () => source.queuedCount(),
    },
    queueLag: {
      help: 'How long the oldest waiting document has waited in the sync queue (0 when the queue is empty).',
      read: async () => {
        const oldest = await source.oldestQueuedAt();
        return oldest === undefined ? 0 : Math.max(0, (clock() - oldest) / 1000);
      },
    },
    documents: {
      help: 'Documents in the knowledge index (all users).',
      read: async () => (await readTotals()).documents,
    },
    chunks: { help: 'Chunks in the knowledge index (all users).', read: async () => (await readTotals()).chunks },
  };
  for (const [key, { help, read }] of Object.entries(gauges)) {
    const [name, oldName] = KNOWLEDGE_GAUGE_NAMES[key as keyof typeof KNOWLEDGE_GAUGE_NAMES];
    const readOnce = sharedWhilePending(read);
    registerGauge(registry, name, help, readOnce);
    registerGauge(registry, oldName, `Deprecated alias of ${name}: ${help}`, readOnce);
  }
  new Counter({
    name: RESCAN_NOTICES_COUNTER,
    help: 'Notices of changed shares or Deck cards from the companion, by outcome (unknown_user and paused: no scan).',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [outcome, count] of Object.entries(source.rescanNoticeCounts())) this.inc({ outcome }, count);
    },
  });
}

function registerGauge(registry: Registry, name: string, help: string, read: () => Promise<number>): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      this.set(await read());
    },
  });
}

/** Calls made while one is pending share its answer (the gauges of one scrape are collected together). */
function sharedWhilePending<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => (pending ??= read().finally(() => (pending = undefined)));
}
