// The persistent document queue: one row per user and document (a newer request replaces an older one), bounded,
// with retry times and dead letters that keep their reason. It survives restarts because it lives in the store.
import type { SqliteDatabase } from '../store/database.js';
import type { DocType } from '../search/doc-types.js';

export type QueueAction = 'index' | 'delete';

export interface QueueItem {
  id: number;
  userId: string;
  docType: DocType;
  docId: string;
  action: QueueAction;
  version: string;
  hint?: string;
  attempts: number;
}

export interface DeadLetter {
  docType: DocType;
  docId: string;
  reason: string;
  attempts: number;
  at: number;
}

export interface EnqueueRequest {
  userId: string;
  docType: DocType;
  docId: string;
  action: QueueAction;
  version?: string;
  hint?: string;
}

export interface SyncQueue {
  /** Queues (or replaces) work; returns false when the queue is full (the next scan finds the change again). */
  enqueue(request: EnqueueRequest, now: number): boolean;
  /** The oldest ready items of active users not in `busy`, at most `count`. */
  ready(now: number, count: number, busy: ReadonlySet<number>): QueueItem[];
  /** Earliest time an item becomes ready (undefined: nothing queued). */
  nextReadyAt(): number | undefined;
  /** Removes the item unless it was queued again meanwhile with other work (another action or version). */
  done(item: Pick<QueueItem, 'id' | 'action' | 'version'>): void;
  /** Tries again at `notBefore`, counting the attempt when `counted`. */
  retry(id: number, notBefore: number, reason: string, counted: boolean): void;
  dead(id: number, reason: string, now: number): void;
  queuedCount(userId?: string): number;
  deadLetters(userId: string, limit: number): DeadLetter[];
  deadCount(userId: string): number;
  deleteUser(userId: string): void;
}

/**
 * The same request again (a rescan listing the same version) keeps its attempts, wait and dead-letter state: only
 * new work (another version or action) starts afresh.
 */
const SAME_WORK =
  "(sync_queue.action = excluded.action AND sync_queue.version = excluded.version AND excluded.version <> '')";

export function createSyncQueue(db: SqliteDatabase, options: { max: number }): SyncQueue {
  const count = db.prepare<[], { n: number }>("SELECT count(*) AS n FROM sync_queue WHERE state = 'queued'");
  const countFor = db.prepare<[string], { n: number }>(
    "SELECT count(*) AS n FROM sync_queue WHERE state = 'queued' AND user_id = ?",
  );
  const exists = db.prepare<[string, string, string], { id: number }>(
    'SELECT id FROM sync_queue WHERE user_id = ? AND doc_type = ? AND doc_id = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO sync_queue (user_id, doc_type, doc_id, action, version, hint, enqueued_at, not_before)
     VALUES (@userId, @docType, @docId, @action, @version, @hint, @now, 0)
     ON CONFLICT (user_id, doc_type, doc_id) DO UPDATE SET
       attempts = CASE WHEN ${SAME_WORK} THEN attempts ELSE 0 END,
       state = CASE WHEN ${SAME_WORK} THEN state ELSE 'queued' END,
       last_error = CASE WHEN ${SAME_WORK} THEN last_error ELSE NULL END,
       not_before = CASE WHEN ${SAME_WORK} THEN not_before ELSE 0 END,
       action = excluded.action, version = excluded.version, hint = excluded.hint`,
  );
  const ready = db.prepare<[number, number], QueueRow>(
    `SELECT q.id, q.user_id, q.doc_type, q.doc_id, q.action, q.version, q.hint, q.attempts FROM sync_queue q
     JOIN sync_users u ON u.user_id = q.user_id AND u.state = 'active'
     WHERE q.state = 'queued' AND q.not_before <= ? ORDER BY q.not_before, q.id LIMIT ?`,
  );
  const nextReady = db.prepare<[], { at: number | null }>(
    `SELECT min(q.not_before) AS at FROM sync_queue q
     JOIN sync_users u ON u.user_id = q.user_id AND u.state = 'active' WHERE q.state = 'queued'`,
  );
  const remove = db.prepare('DELETE FROM sync_queue WHERE id = ? AND action = ? AND version = ?');
  const retry = db.prepare(
    'UPDATE sync_queue SET not_before = ?, last_error = ?, attempts = attempts + ? WHERE id = ?',
  );
  const dead = db.prepare(
    "UPDATE sync_queue SET state = 'dead', last_error = ?, attempts = attempts + 1, not_before = ? WHERE id = ?",
  );
  const deadList = db.prepare<[string, number], DeadRow>(
    `SELECT doc_type, doc_id, last_error, attempts, not_before FROM sync_queue
     WHERE user_id = ? AND state = 'dead' ORDER BY not_before DESC LIMIT ?`,
  );
  const deadCount = db.prepare<[string], { n: number }>(
    "SELECT count(*) AS n FROM sync_queue WHERE user_id = ? AND state = 'dead'",
  );
  const deleteUser = db.prepare('DELETE FROM sync_queue WHERE user_id = ?');

  return {
    enqueue: (request, now) => {
      const known = exists.get(request.userId, request.docType, request.docId);
      if (!known && count.get()!.n >= options.max) return false;
      upsert.run({ ...request, version: request.version ?? '', hint: request.hint ?? null, now });
      return true;
    },
    ready: (now, limit, busy) =>
      ready
        .all(now, limit + busy.size)
        .filter((row) => !busy.has(row.id))
        .slice(0, limit)
        .map(toItem),
    nextReadyAt: () => nextReady.get()?.at ?? undefined,
    done: (item) => void remove.run(item.id, item.action, item.version),
    retry: (id, notBefore, reason, counted) => void retry.run(notBefore, reason, counted ? 1 : 0, id),
    dead: (id, reason, now) => void dead.run(reason, now, id),
    queuedCount: (userId) => (userId === undefined ? count.get()!.n : countFor.get(userId)!.n),
    deadLetters: (userId, limit) =>
      deadList.all(userId, limit).map((row) => ({
        docType: row.doc_type,
        docId: row.doc_id,
        reason: row.last_error ?? 'unknown',
        attempts: row.attempts,
        at: row.not_before,
      })),
    deadCount: (userId) => deadCount.get(userId)!.n,
    deleteUser: (userId) => void deleteUser.run(userId),
  };
}

interface QueueRow {
  id: number;
  user_id: string;
  doc_type: DocType;
  doc_id: string;
  action: QueueAction;
  version: string;
  hint: string | null;
  attempts: number;
}

interface DeadRow {
  doc_type: DocType;
  doc_id: string;
  last_error: string | null;
  attempts: number;
  not_before: number;
}

function toItem(row: QueueRow): QueueItem {
  return {
    id: row.id,
    userId: row.user_id,
    docType: row.doc_type,
    docId: row.doc_id,
    action: row.action,
    version: row.version,
    hint: row.hint ?? undefined,
    attempts: row.attempts,
  };
}
