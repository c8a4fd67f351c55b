// Gauges of the knowledge sync, read when Prometheus scrapes: queue depth and lag, index size in documents and chunks.
import { Gauge, type Registry } from 'prom-client';

type Awaitable<T> = T | Promise<T>;

/** What the gauges read at scrape time; every method is awaited, so sync and async implementations both fit. */
export interface KnowledgeMetricsSource {
  /** Documents waiting in the sync queue, over all users. */
  queuedCount(): Awaitable<number>;
  /** When the oldest waiting document was queued (ms since the epoch); undefined when nothing waits. */
  oldestQueuedAt(): Awaitable<number | undefined>;
  /** Indexed documents and chunks, over all users. */
  indexTotals(): Awaitable<{ documents: number; chunks: number }>;
}

/** Registers the gauges; `clock` gives ms since the epoch (tests fix it). */
export function registerKnowledgeMetrics(
  registry: Registry,
  source: KnowledgeMetricsSource,
  clock: () => number = Date.now,
): void {
  new Gauge({
    name: 'nextcloud_mcp_sync_queue_depth',
    help: 'Documents waiting in the sync queue (all users).',
    registers: [registry],
    async collect() {
      this.set(await source.queuedCount());
    },
  });
  new Gauge({
    name: 'nextcloud_mcp_sync_queue_lag_seconds',
    help: 'How long the oldest waiting document has waited in the sync queue (0 when the queue is empty).',
    registers: [registry],
    async collect() {
      const oldest = await source.oldestQueuedAt();
      this.set(oldest === undefined ? 0 : Math.max(0, (clock() - oldest) / 1000));
    },
  });
  // One read of the totals per scrape feeds both index gauges.
  let totals: Promise<{ documents: number; chunks: number }> | undefined;
  const readTotals = () => (totals ??= Promise.resolve(source.indexTotals()).finally(() => (totals = undefined)));
  new Gauge({
    name: 'nextcloud_mcp_index_documents',
    help: 'Documents in the knowledge index (all users).',
    registers: [registry],
    async collect() {
      this.set((await readTotals()).documents);
    },
  });
  new Gauge({
    name: 'nextcloud_mcp_index_chunks',
    help: 'Chunks in the knowledge index (all users).',
    registers: [registry],
    async collect() {
      this.set((await readTotals()).chunks);
    },
  });
}
