// Whether the sync queue takes one more document: its size and the user's are counted in the database only near
// their bounds or when the last count is old; otherwise a size kept in memory decides (the last count plus what this
// process added since: never below the truth in this process, so a bound is never passed by it).

export interface QueueAdmission {
  /**
   * Whether a new document of the user fits both bounds; `unwritten` counts rows admitted but not yet in the database
   * (of the user, of everyone), which a count in the database does not see.
   */
  admits(userId: string, nowMs: number, unwritten?: { user: number; total: number }): Promise<boolean>;
  /** A new row was added for the user. */
  added(userId: string): void;
}

export interface QueueAdmissionOptions {
  max: number;
  maxPerUser: number;
  /** Queued rows now, of one user or (undefined) of everyone. */
  count(userId?: string): Promise<number>;
}

/** Below this share of a bound the kept size decides; above it the database is asked. */
const SAFE_SHARE = 0.9;
/** A kept size older than this is counted again (other replicas add rows too; finished rows leave). */
const RECOUNT_MS = 10_000;
/** Users whose sizes are kept at most; past it the oldest are forgotten (and counted again when needed). */
const MAX_USERS_KEPT = 10_000;

export function createQueueAdmission(options: QueueAdmissionOptions): QueueAdmission {
  const total = { size: 0, at: -Infinity };
  const users = new Map<string, { size: number; at: number }>();
  const fits = async (
    kept: { size: number; at: number },
    bound: number,
    nowMs: number,
    unwritten: number,
    userId?: string,
  ) => {
    if (kept.size + 1 <= bound * SAFE_SHARE && nowMs - kept.at < RECOUNT_MS) return true;
    kept.size = (await options.count(userId)) + unwritten;
    kept.at = nowMs;
    return kept.size < bound;
  };
  return {
    async admits(userId, nowMs, unwritten = { user: 0, total: 0 }) {
      let kept = users.get(userId);
      if (!kept) {
        kept = { size: 0, at: -Infinity };
        users.set(userId, kept);
        for (const oldest of users.keys()) {
          if (users.size <= MAX_USERS_KEPT) break;
          users.delete(oldest);
        }
      }
      return (
        (await fits(kept, options.maxPerUser, nowMs, unwritten.user, userId)) &&
        (await fits(total, options.max, nowMs, unwritten.total))
      );
    },
    added(userId) {
      total.size += 1;
      const kept = users.get(userId);
      if (kept) kept.size += 1;
    },
  };
}
