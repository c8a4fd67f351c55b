// Group commit for the sync's writes: documents fetched while an earlier write of the same user runs wait for it and
// are then indexed together (one indexDocuments call, small documents sharing transactions). A document that finds
// nothing running is written at once, so batching adds no delay; a batch that fails is retried one by one, so each
// document gets its own outcome.
import type { FetchedDocument } from './sync-source.js';
import type { IndexedResult } from './indexer.js';

/** Documents of one user indexed together at most (they are all held in memory until written). */
export const MAX_BATCH_DOCUMENTS = 32;

export interface IndexBatcher {
  index(userId: string, fetched: FetchedDocument): Promise<IndexedResult>;
}

interface Waiting {
  fetched: FetchedDocument;
  resolve: (result: IndexedResult) => void;
  reject: (error: unknown) => void;
}

export function createIndexBatcher(
  write: (userId: string, documents: readonly FetchedDocument[]) => Promise<IndexedResult[]>,
): IndexBatcher {
  const waiting = new Map<string, Waiting[]>();
  const writing = new Set<string>();

  const drain = async (userId: string): Promise<void> => {
    writing.add(userId);
    try {
      for (;;) {
        const queue = waiting.get(userId) ?? [];
        if (queue.length === 0) break;
        const batch = queue.splice(0, MAX_BATCH_DOCUMENTS);
        try {
          const results = await write(
            userId,
            batch.map((each) => each.fetched),
          );
          batch.forEach((each, i) => each.resolve(results[i]!));
        } catch {
          for (const each of batch) {
            await write(userId, [each.fetched]).then(([result]) => each.resolve(result!), each.reject);
          }
        }
      }
    } finally {
      waiting.delete(userId);
      writing.delete(userId);
    }
  };

  return {
    index: (userId, fetched) =>
      new Promise<IndexedResult>((resolve, reject) => {
        const queue = waiting.get(userId) ?? [];
        queue.push({ fetched, resolve, reject });
        waiting.set(userId, queue);
        if (!writing.has(userId)) void drain(userId);
      }),
  };
}
