// The persistent document queue: one row per user and document (a newer request replaces an older one), bounded,
// with retry times and dead letters that keep their reason. It lives in the database, so it survives restarts and is
// shared by every replica: a worker claims items atomically, and a claim that expires returns the item.
import type { DocType } from '../doc-types.js';
import type { SqlDatabase } from '../../store/sql/sql-database.js';
import { createQueueAdmission } from './queue-admission.js';
import { claimTurnParameters, claimTurnStatement } from './queue-claim-sql.js';

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
  /**
   * Queues (or replaces) work; resolves false when the queue or the user's share of it is full (the next scan finds
   * the change again).
   */
  enqueue(request: EnqueueRequest, now: number): Promise<boolean>;
  /**
   * Claims ready, unclaimed items of active users, at most `count`, until `now + claimMs`, taking turns between users
   * (each user's oldest first, then each user's second, …): one user's backlog never holds another's new document
   * back. No other claim (of this or another process) gets them until they are done, retried, dead or the claim
   * expires. A claim that expired counts as an attempt (the worker died on it: an out-of-memory kill, a crash).
   */
  claim(now: number, count: number, claimMs: number): Promise<QueueItem[]>;
  /** Keeps the claims of items still in work until `until` (a long document outlives a claim); 0 releases them. */
  extend(ids: readonly number[], until: number): Promise<void>;
  /** Earliest time an item becomes ready or its claim expires (undefined: nothing queued). */
  nextReadyAt(): Promise<number | undefined>;
  /** Removes the item unless it was queued again meanwhile with other work (which is then released). */
  done(item: Pick<QueueItem, 'id' | 'action' | 'version'>): Promise<void>;
  /** Tries again at `notBefore`, counting the attempt when `counted`. */
  retry(id: number, notBefore: number, reason: string, counted: boolean): Promise<void>;
  dead(id: number, reason: string, now: number): Promise<void>;
  queuedCount(userId?: string): Promise<number>;
  /** When the longest-waiting queued document was queued (ms since the epoch); undefined when none waits. */
  oldestQueuedAt(): Promise<number | undefined>;
  deadLetters(userId: string, limit: number): Promise<DeadLetter[]>;
  deadCount(userId: string): Promise<number>;
  deleteUser(userId: string): Promise<void>;
}

/**
 * The same request again (a rescan listing the same version) keeps its attempts, wait and dead-letter state: only
 * new work (another version or action) starts afresh. A claim is kept either way: the worker holding it releases
 * the item when it finds newer work queued (`done`), so one document is never indexed by two workers at once. A dead
 * letter revived by new work waits from now (the queue's lag counts from `enqueued_at`).
 */
const SAME_WORK =
  "(sync_queue.action = excluded.action AND sync_queue.version = excluded.version AND excluded.version <> '')";

const UPSERT = `INSERT INTO sync_queue (user_id, doc_type, doc_id, action, version, hint, enqueued_at, not_before)
  VALUES (?, ?, ?, ?, ?, ?, ?, 0)
  ON CONFLICT (user_id, doc_type, doc_id) DO UPDATE SET
    attempts = CASE WHEN ${SAME_WORK} THEN sync_queue.attempts ELSE 0 END,
    state = CASE WHEN ${SAME_WORK} THEN sync_queue.state ELSE 'queued' END,
    last_error = CASE WHEN ${SAME_WORK} THEN sync_queue.last_error ELSE NULL END,
    not_before = CASE WHEN ${SAME_WORK} THEN sync_queue.not_before ELSE 0 END,
    enqueued_at = CASE WHEN sync_queue.state = 'dead' AND NOT ${SAME_WORK} THEN excluded.enqueued_at
      ELSE sync_queue.enqueued_at END,
    action = excluded.action, version = excluded.version, hint = excluded.hint`;

/** Empty turns tried again when items are still ready (other replicas' claims held their heads). */
const MAX_CONTENDED_TURNS = 5;

export interface SyncQueueOptions {
  /** KNOWLEDGE_QUEUE_MAX: queued items at most, over all users. */
  max: number;
  /** KNOWLEDGE_QUEUE_MAX_PER_USER: one user's queued items at most (default: `max`). */
  maxPerUser?: number;
}

export function createSyncQueue(db: SqlDatabase, options: SyncQueueOptions): SyncQueue {
  const claimTurn = claimTurnStatement(db.engine);
  const count = async (userId?: string) =>
    Number(
      (
        await db.get<{ n: number }>(
          `SELECT count(*) AS n FROM sync_queue WHERE state = 'queued'${userId === undefined ? '' : ' AND user_id = ?'}`,
          userId === undefined ? [] : [userId],
        )
      )?.n ?? 0,
    );
  const hasReady = async (now: number) =>
    (await db.get(
      `SELECT 1 AS ready FROM sync_queue q JOIN sync_users u ON u.user_id = q.user_id AND u.state = 'active'
       WHERE q.state = 'queued' AND q.not_before <= ? AND q.claimed_until <= ? LIMIT 1`,
      [now, now],
    )) !== undefined;
  const admission = createQueueAdmission({
    max: options.max,
    maxPerUser: Math.min(options.maxPerUser ?? options.max, options.max),
    count,
  });

  return {
    async enqueue(request, now) {
      const known = await db.get('SELECT id FROM sync_queue WHERE user_id = ? AND doc_type = ? AND doc_id = ?', [
        request.userId,
        request.docType,
        request.docId,
      ]);
      // Replicas enqueueing at once may overshoot the bounds by a few rows: they are against growth, not exact.
      if (!known && !(await admission.admits(request.userId, now))) return false;
      await db.run(UPSERT, [
        request.userId,
        request.docType,
        request.docId,
        request.action,
        request.version ?? '',
        request.hint ?? null,
        now,
      ]);
      if (!known) admission.added(request.userId);
      return true;
    },
    async claim(now, limit, claimMs) {
      if (limit <= 0) return [];
      // Turn by turn: each statement takes every user's next item, so one user's backlog never comes first. On
      // PostgreSQL a turn whose heads another replica's claim held locked comes back empty although items are ready:
      // it is tried again (a few times) once that claim has moved the heads on.
      const rows: QueueRow[] = [];
      for (let contended = 0; rows.length < limit;) {
        const turn = await db.all<QueueRow>(claimTurn, claimTurnParameters(now, limit - rows.length, claimMs));
        if (turn.length === 0) {
          if (db.engine !== 'postgres' || contended++ >= MAX_CONTENDED_TURNS || !(await hasReady(now))) break;
          continue;
        }
        rows.push(...turn.sort((a, b) => a.not_before - b.not_before || a.id - b.id));
      }
      return rows.map(toItem);
    },
    async extend(ids, until) {
      if (ids.length === 0) return;
      await db.run(
        `UPDATE sync_queue SET claimed_until = ? WHERE claimed_until > 0 AND id IN (${ids.map(() => '?').join(', ')})`,
        [until, ...ids],
      );
    },
    async nextReadyAt() {
      const row = await db.get<{ at: number | null }>(
        `SELECT min(CASE WHEN q.claimed_until > q.not_before THEN q.claimed_until ELSE q.not_before END) AS at
         FROM sync_queue q JOIN sync_users u ON u.user_id = q.user_id AND u.state = 'active'
         WHERE q.state = 'queued'`,
      );
      return row?.at ?? undefined;
    },
    async done(item) {
      const removed = await db.run('DELETE FROM sync_queue WHERE id = ? AND action = ? AND version = ?', [
        item.id,
        item.action,
        item.version,
      ]);
      if (removed.changes === 0) await db.run('UPDATE sync_queue SET claimed_until = 0 WHERE id = ?', [item.id]);
    },
    async retry(id, notBefore, reason, counted) {
      await db.run(
        'UPDATE sync_queue SET not_before = ?, last_error = ?, attempts = attempts + ?, claimed_until = 0 WHERE id = ?',
        [notBefore, reason, counted ? 1 : 0, id],
      );
    },
    async dead(id, reason, now) {
      await db.run(
        `UPDATE sync_queue SET state = 'dead', last_error = ?, attempts = attempts + 1, not_before = ?, claimed_until = 0
         WHERE id = ?`,
        [reason, now, id],
      );
    },
    queuedCount: (userId) => count(userId),
    async oldestQueuedAt() {
      const row = await db.get<{ oldest: number | null }>(
        "SELECT min(enqueued_at) AS oldest FROM sync_queue WHERE state = 'queued'",
      );
      return row?.oldest ?? undefined;
    },
    async deadLetters(userId, limit) {
      const rows = await db.all<DeadRow>(
        `SELECT doc_type, doc_id, last_error, attempts, not_before FROM sync_queue
         WHERE user_id = ? AND state = 'dead' ORDER BY not_before DESC LIMIT ?`,
        [userId, limit],
      );
      return rows.map((row) => ({
        docType: row.doc_type,
        docId: row.doc_id,
        reason: row.last_error ?? 'unknown',
        attempts: row.attempts,
        at: row.not_before,
      }));
    },
    async deadCount(userId) {
      const row = await db.get<{ n: number }>(
        "SELECT count(*) AS n FROM sync_queue WHERE user_id = ? AND state = 'dead'",
        [userId],
      );
      return Number(row?.n ?? 0);
    },
    async deleteUser(userId) {
      await db.run('DELETE FROM sync_queue WHERE user_id = ?', [userId]);
    },
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
  not_before: number;
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
