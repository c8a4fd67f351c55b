// Group commit for the sync's writes: documents fetched while an earlier write of the same user runs wait for it and
// are then indexed together (one indexDocuments call, small documents sharing transactions). A document that finds
// its user's writes quiet (none running, none ended in the last BATCH_LINGER_MS) is written at once, so a lone
// document waits for nothing; while writes follow each other, the next batch waits until it is full or
// BATCH_LINGER_MS have passed, because a few workers' fetches trickle in a document or two per write and small
// writes cost the index most. A batch that fails is retried one by one, so each document gets its own outcome.
import type { FetchedDocument } from './sync-source.js';
import type { IndexedResult } from './indexer.js';

/** Documents of one user indexed together at most (they are all held in memory until written). */
export const MAX_BATCH_DOCUMENTS = 32;
/** How long a batch after a write waits to fill up before it is written anyway. */
export const BATCH_LINGER_MS = 20;

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
  /** Per user: ends the wait of a batch that filled up. */
  const filling = new Map<string, () => void>();
  /** Per user: when their last write ended (dropped once the user is quiet again). */
  const lastWriteEnded = new Map<string, number>();

  /** Resolves once the user's batch is full or BATCH_LINGER_MS have passed. */
  const filled = (userId: string) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(end, BATCH_LINGER_MS);
      function end() {
        clearTimeout(timer);
        filling.delete(userId);
        resolve();
      }
      filling.set(userId, end);
    });

  const drain = async (userId: string): Promise<void> => {
    writing.add(userId);
    const ended = lastWriteEnded.get(userId);
    let quiet = ended === undefined || performance.now() - ended >= BATCH_LINGER_MS;
    try {
      for (; ; quiet = false) {
        const queue = waiting.get(userId) ?? [];
        if (queue.length === 0) break;
        if (!quiet && queue.length < MAX_BATCH_DOCUMENTS) await filled(userId);
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
      lastWriteEnded.set(userId, performance.now());
      forgetQuietUsers();
    }
  };

  const forgetQuietUsers = () => {
    const now = performance.now();
    for (const [userId, ended] of lastWriteEnded) {
      if (now - ended >= BATCH_LINGER_MS && !writing.has(userId)) lastWriteEnded.delete(userId);
    }
  };

  return {
    index: (userId, fetched) =>
      new Promise<IndexedResult>((resolve, reject) => {
        const queue = waiting.get(userId) ?? [];
        queue.push({ fetched, resolve, reject });
        waiting.set(userId, queue);
        if (!writing.has(userId)) void drain(userId);
        else if (queue.length >= MAX_BATCH_DOCUMENTS) filling.get(userId)?.();
      }),
  };
}
