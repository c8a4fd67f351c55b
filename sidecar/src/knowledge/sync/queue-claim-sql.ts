// The statement that claims ready sync queue items for one turn: each active user's oldest ready item, oldest
// first (a claim of several items repeats it, so users take turns), an expired claim counted as an attempt, and on
// PostgreSQL rows another claim holds skipped.
import type { SqlDatabase } from '../../store/sql/sql-database.js';

/**
 * Each active user's first ready item, found by one seek in migration 012's index (user, state, not_before, id): the
 * cost grows with the number of users, not with the length of anyone's backlog. Parameters: now, now, limit.
 */
const HEADS = `SELECT h.id FROM sync_queue h WHERE h.id IN (
    SELECT (
      SELECT q.id FROM sync_queue q WHERE q.user_id = u.user_id AND q.state = 'queued' AND q.not_before <= ?
        AND q.claimed_until <= ? ORDER BY q.not_before, q.id LIMIT 1)
    FROM sync_users u WHERE u.state = 'active')
  ORDER BY h.not_before, h.id LIMIT ?`;

/**
 * One statement: the rows are chosen and claimed together, an expired claim counted as an attempt (the worker died
 * on it). On PostgreSQL the chosen rows are locked, rows another claim holds locked are skipped, and a row claimed by
 * a claim that committed meanwhile is checked again (and left out); on SQLite every write holds the write lock.
 */
export function claimTurnStatement(engine: SqlDatabase['engine']): string {
  const chosen = engine === 'postgres' ? `${HEADS} FOR UPDATE OF h SKIP LOCKED` : HEADS;
  return `UPDATE sync_queue SET claimed_until = ?, attempts = attempts + CASE WHEN claimed_until > 0 THEN 1 ELSE 0 END
  WHERE claimed_until <= ? AND id IN (${chosen})
  RETURNING id, user_id, doc_type, doc_id, action, version, hint, attempts, not_before`;
}

/** The parameters of claimTurnStatement, in order. */
export function claimTurnParameters(now: number, limit: number, claimMs: number): number[] {
  return [now + claimMs, now, now, now, limit];
}
