// The statement that claims ready sync queue items for one turn: each active user's oldest ready items (one each in a
// claim's first turn, so users take turns), oldest first, an expired claim counted as an attempt, and on
// PostgreSQL rows another claim holds skipped.
import type { SqlDatabase } from '../../store/sql/sql-database.js';

/**
 * Each active user's first ready items (at most `perUser` of each), found by one seek per user in migration 012's
 * index (user, state, not_before, id): the cost grows with the number of users, not with the length of anyone's
 * backlog. Parameters: now, now, perUser, limit.
 */
const HEADS = `SELECT h.id FROM sync_queue h WHERE h.id IN (
    SELECT q.id FROM sync_users u JOIN sync_queue q ON q.id IN (
      SELECT r.id FROM sync_queue r WHERE r.user_id = u.user_id AND r.state = 'queued' AND r.not_before <= ?
        AND r.claimed_until <= ? ORDER BY r.not_before, r.id LIMIT ?)
    WHERE u.state = 'active')
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

/** The parameters of claimTurnStatement, in order: at most `perUser` items of each user, `limit` in all. */
export function claimTurnParameters(now: number, limit: number, claimMs: number, perUser: number): number[] {
  return [now + claimMs, now, now, now, perUser, limit];
}
