// The knowledge gauges' source built from what the knowledge part exposes today: per-user sync status, summed.
import type { Knowledge } from '../sync/knowledge.js';
import type { SyncCredentials } from '../sync/sync-engine.js';
import type { KnowledgeMetricsSource } from './knowledge-metrics.js';

/**
 * Sums each background user's status (queued documents, indexed documents and chunks): one status read per user per
 * scrape. Aggregate reads on the queue and the index store (total depth, oldest queued time, totals) would make this
 * one query each and give the lag; until they exist the lag gauge is absent.
 */
export function knowledgeMetricsSourceOf(
  knowledge: Pick<Knowledge, 'status'>,
  credentials: Pick<SyncCredentials, 'userIds'>,
): KnowledgeMetricsSource {
  let summed: Promise<Sums> | undefined;
  const sums = () => (summed ??= sumStatuses(knowledge, credentials).finally(() => (summed = undefined)));
  return {
    queuedCount: async () => (await sums()).queued,
    indexTotals: async () => {
      const { documents, chunks } = await sums();
      return { documents, chunks };
    },
  };
}

interface Sums {
  queued: number;
  documents: number;
  chunks: number;
}

async function sumStatuses(
  knowledge: Pick<Knowledge, 'status'>,
  credentials: Pick<SyncCredentials, 'userIds'>,
): Promise<Sums> {
  const sums: Sums = { queued: 0, documents: 0, chunks: 0 };
  for (const userId of await credentials.userIds()) {
    const status = await knowledge.status(userId);
    sums.queued += status.queued;
    sums.documents += status.documents;
    sums.chunks += status.chunks;
  }
  return sums;
}
