// Rate limiters counted in the database, so every sidecar process sharing it enforces one limit: each attempt is a
// row; a hit counts and inserts in one transaction under a lock per limiter and key; old rows are swept as they age.
import { RateLimitedError } from '../errors.js';
import type { SqlDatabase } from '../store/sql/sql-database.js';
import type { RateLimiter, RateLimiterFactory } from './rate-limit.js';

/** Every this many hits of a limiter, rows older than its window are deleted for all keys. */
const SWEEP_EVERY = 200;

export function databaseRateLimiters(db: SqlDatabase, clock: () => number = Date.now): RateLimiterFactory {
  return (name, { limit, windowMs }) => createDatabaseRateLimiter(db, name, { limit, windowMs, clock });
}

function createDatabaseRateLimiter(
  db: SqlDatabase,
  limiter: string,
  options: { limit: number; windowMs: number; clock: () => number },
): RateLimiter {
  const { limit, windowMs, clock } = options;
  let sinceSweep = 0;
  const recent = (tx: Pick<SqlDatabase, 'get'>, key: string, now: number) =>
    tx.get<{ n: number; oldest: number | null }>(
      'SELECT count(*) AS n, min(at) AS oldest FROM rate_limit_hits WHERE limiter = ? AND key = ? AND at > ?',
      [limiter, key, now - windowMs],
    );
  const refuseWhenFull = (row: { n: number; oldest: number | null } | undefined, now: number) => {
    if (!row || row.n < limit) return;
    const oldest = row.oldest ?? now;
    throw new RateLimitedError(Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)));
  };
  const insert = (tx: Pick<SqlDatabase, 'run'>, key: string, now: number) =>
    tx.run('INSERT INTO rate_limit_hits (limiter, key, at) VALUES (?, ?, ?)', [limiter, key, now]);
  const count = async (key: string, now: number) => {
    await db.transaction(
      async (tx) => {
        await tx.run('DELETE FROM rate_limit_hits WHERE limiter = ? AND key = ? AND at <= ?', [
          limiter,
          key,
          now - windowMs,
        ]);
        await insert(tx, key, now);
      },
      { lock: lockOf(limiter, key) },
    );
    await sweepNow(now);
  };
  const sweepNow = async (now: number) => {
    sinceSweep += 1;
    if (sinceSweep < SWEEP_EVERY) return;
    sinceSweep = 0;
    await db.run('DELETE FROM rate_limit_hits WHERE limiter = ? AND at <= ?', [limiter, now - windowMs]);
  };

  return {
    async hit(key) {
      const now = clock();
      await db.transaction(
        async (tx) => {
          refuseWhenFull(await recent(tx, key, now), now);
          await insert(tx, key, now);
        },
        { lock: lockOf(limiter, key) },
      );
      await sweepNow(now);
    },
    async check(key) {
      const now = clock();
      const row = await recent(db, key, now);
      refuseWhenFull(row, now);
      return limit - Number(row?.n ?? 0);
    },
    record: (key) => count(key, clock()),
  };
}

const lockOf = (limiter: string, key: string) => `nextcloud-mcp-server:rate-limit:${limiter}:${key}`;
