// Hands ready queue items to free workers: claims them in the database in batches (so replicas never take the same
// item, and one claim serves several fetches), runs them, renews the claims of items claimed or in work, and passes
// one at a time (a call meanwhile runs the pass again). A worker is free again once its item's fetch is done: the
// next fetch overlaps the indexing of the last, so no more than `workers` items ask Nextcloud at once, and no more
// than `maxInWork` (default twice as many) are in work at all.
import type { Logger } from '../../logging/logger.js';
import type { QueueItem, SyncQueue } from './sync-queue.js';

/** How long a claimed queue item stays out of other workers' reach; renewed while it is in work. */
export const CLAIM_MS = 120_000;
/** Items claimed at once when a worker is free: they wait here (claimed) for the next free workers. */
export const CLAIM_BATCH = 16;

export interface QueuePump {
  /** Claims ready work for free workers now (or once the pass running now ends). */
  pump(): void;
  /** Extends the claims of the items in work, at most every quarter of the claim time. */
  renewClaims(): Promise<void>;
  /** Items in work now, or claimed and waiting for a worker. */
  inWork(): number;
  /** True while a pass is claiming. */
  pumping(): boolean;
}

export interface QueuePumpDeps {
  queue: Pick<SyncQueue, 'claim' | 'extend'>;
  /** Items fetching from Nextcloud at once. */
  workers: number;
  /** Items in work at once, fetching or indexing (default twice `workers`); at least `workers`. */
  maxInWork?: number;
  clock: () => number;
  isRunning(): boolean;
  /** Runs an item; `fetchDone()` says it no longer asks Nextcloud (its worker then takes the next item). */
  process(item: QueueItem, fetchDone: () => void): Promise<void>;
  /** After each pass (the engine tells waiters it is idle). */
  afterPass(): Promise<void>;
  logger: Logger;
}

export function createQueuePump(deps: QueuePumpDeps): QueuePump {
  const { queue, clock, logger } = deps;
  const maxInWork = Math.max(deps.workers, deps.maxInWork ?? 2 * deps.workers);
  /** Items in work (claimed until they end), those of them still fetching, and claimed items waiting for a worker. */
  const busy = new Set<number>();
  const fetching = new Set<number>();
  let claimedAhead: QueueItem[] = [];
  let claimsRenewedAt = 0;
  let pumping = false;
  let pumpAgain = false;

  const pump = (): void => {
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = true;
    void passes();
  };
  const passes = async (): Promise<void> => {
    try {
      do {
        pumpAgain = false;
        if (!deps.isRunning()) {
          // Stopped: what waits here goes back at once rather than when its claim runs out.
          const released = claimedAhead.map((item) => item.id);
          claimedAhead = [];
          await queue.extend(released, 0);
        } else {
          const free = Math.min(deps.workers - fetching.size, maxInWork - busy.size);
          if (free > claimedAhead.length) await claimAhead();
          for (const item of claimedAhead.splice(0, Math.max(0, free))) start(item);
        }
        await deps.afterPass();
      } while (pumpAgain);
    } catch (error) {
      logger.error({ err: error }, 'knowledge sync: the queue could not be read');
    } finally {
      pumping = false;
    }
  };

  /** Claims a batch into `claimedAhead`; what was claimed while the pump stopped goes back at once. */
  const claimAhead = async (): Promise<void> => {
    const claimed = await queue.claim(clock(), CLAIM_BATCH, CLAIM_MS);
    if (!deps.isRunning()) {
      await queue.extend(
        claimed.map((item) => item.id),
        0,
      );
      return;
    }
    // One still in work here after its claim ran out: the running worker finishes (and releases) it.
    const ahead = new Set(claimedAhead.map((item) => item.id));
    claimedAhead.push(...claimed.filter((item) => !busy.has(item.id) && !ahead.has(item.id)));
  };

  const start = (item: QueueItem): void => {
    busy.add(item.id);
    fetching.add(item.id);
    const fetchDone = () => {
      if (fetching.delete(item.id)) pump();
    };
    void deps.process(item, fetchDone).finally(() => {
      fetching.delete(item.id);
      busy.delete(item.id);
      pump();
    });
  };

  return {
    pump,
    async renewClaims() {
      if (busy.size + claimedAhead.length === 0 || clock() - claimsRenewedAt < CLAIM_MS / 4) return;
      claimsRenewedAt = clock();
      await queue.extend([...busy, ...claimedAhead.map((item) => item.id)], clock() + CLAIM_MS);
    },
    inWork: () => busy.size + claimedAhead.length,
    pumping: () => pumping,
  };
}
