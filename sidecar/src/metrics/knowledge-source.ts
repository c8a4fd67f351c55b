// The knowledge gauges' source: the queue's depth and oldest item from the queue over all users; the index size as
// each background user's counts, summed.
import type { Knowledge } from '../sync/knowledge.js';
import type { SyncCredentials } from '../sync/sync-engine.js';
import type { KnowledgeMetricsSource } from './knowledge-metrics.js';

/** The index size costs one count per background user per scrape (the stores have no total over all users). */
export function knowledgeMetricsSourceOf(
  knowledge: Pick<Knowledge, 'status' | 'queue'>,
  credentials: Pick<SyncCredentials, 'userIds'>,
): KnowledgeMetricsSource {
  let summed: Promise<Sums> | undefined;
  const sums = () => (summed ??= sumStatuses(knowledge, credentials).finally(() => (summed = undefined)));
  return {
    queuedCount: () => knowledge.queue.queuedCount(),
    oldestQueuedAt: () => knowledge.queue.oldestQueuedAt(),
    indexTotals: async () => {
      const { documents, chunks } = await sums();
      return { documents, chunks };
    },
  };
}

interface Sums {
  documents: number;
  chunks: number;
}

async function sumStatuses(
  knowledge: Pick<Knowledge, 'status'>,
  credentials: Pick<SyncCredentials, 'userIds'>,
): Promise<Sums> {
  const sums: Sums = { documents: 0, chunks: 0 };
  for (const userId of await credentials.userIds()) {
    const status = await knowledge.status(userId);
    sums.documents += status.documents;
    sums.chunks += status.chunks;
  }
  return sums;
}
