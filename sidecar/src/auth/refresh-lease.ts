// Per-user refresh leases in the database: of the sidecar processes sharing one database, at most one refreshes a
// user's token at a time (Nextcloud rotates refresh tokens, so two would spend the same one). A lease expires, so a
// process that died holding one blocks the others only until then.
import { randomUUID } from 'node:crypto';
import { UnavailableError } from '../errors.js';
import type { SqlDatabase } from '../store/sql/sql-database.js';

export interface RefreshLease {
  /** Runs `task` holding the user's lease, waiting while another process holds it. */
  run<T>(userId: string, task: () => Promise<T>): Promise<T>;
}

export interface RefreshLeaseOptions {
  db: SqlDatabase;
  /** How long a lease lasts; longer than any refresh may take (the HTTP timeout). */
  leaseMs?: number;
  /** How long to wait for another holder before answering 503. */
  waitMs?: number;
  pollMs?: number;
  clock?: () => number;
}

export function createRefreshLease(options: RefreshLeaseOptions): RefreshLease {
  const clock = options.clock ?? Date.now;
  const leaseMs = options.leaseMs ?? 60_000;
  const waitMs = options.waitMs ?? 40_000;
  const pollMs = options.pollMs ?? 50;
  // Taken when free or expired; the row stays the holder's until it releases it or it expires.
  const { db } = options;
  const take = `INSERT INTO refresh_leases (user_id, holder, expires_at) VALUES (?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
    WHERE refresh_leases.expires_at <= ?`;

  const acquire = async (userId: string, holder: string): Promise<void> => {
    const giveUpAt = clock() + waitMs;
    for (;;) {
      const now = clock();
      if ((await db.run(take, [userId, holder, now + leaseMs, now])).changes === 1) return;
      if (now >= giveUpAt) {
        throw new UnavailableError('Another sidecar process is renewing this access; try again shortly.');
      }
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  };

  return {
    async run(userId, task) {
      const holder = randomUUID();
      await acquire(userId, holder);
      try {
        return await task();
      } finally {
        await db.run('DELETE FROM refresh_leases WHERE user_id = ? AND holder = ?', [userId, holder]);
      }
    },
  };
}
