// The knowledge gauges' source: the queue's depth and oldest item from the queue over all users; the index size as
// each background user's counts in the index store, summed.
import type { Knowledge } from '../knowledge/knowledge.js';
import type { SyncCredentials } from '../knowledge/sync/sync-engine.js';
import type { KnowledgeMetricsSource } from './knowledge-metrics.js';

/** The index size costs one store count per background user per scrape (the stores keep no total over users). */
export function knowledgeMetricsSourceOf(
  knowledge: Pick<Knowledge, 'store' | 'queue' | 'rescanNotices'>,
  credentials: Pick<SyncCredentials, 'userIds'>,
): KnowledgeMetricsSource {
  return {
    queuedCount: () => knowledge.queue.queuedCount(),
    oldestQueuedAt: () => knowledge.queue.oldestQueuedAt(),
    rescanNoticeCounts: () => knowledge.rescanNotices.counts(),
    async indexTotals() {
      const totals = { documents: 0, chunks: 0 };
      for (const userId of await credentials.userIds()) {
        const counts = await knowledge.store.counts(userId);
        totals.documents += counts.documents;
        totals.chunks += counts.chunks;
      }
      return totals;
    },
  };
}
