// The persistent document queue: one row per user and document (a newer request replaces an older one), bounded,
// with retry times and dead letters that keep their reason. It lives in the database, so it survives restarts and is
// shared by every replica: a worker claims items atomically, and a claim that expires returns the item.
import type { DocType } from '../doc-types.js';
import type { SqlDatabase } from '../../store/sql/sql-database.js';
import { createQueueAdmission } from './queue-admission.js';
import { claimTurnParameters, claimTurnStatement } from './queue-claim-sql.js';
import { upsertStatement, upsertValues } from './queue-upsert-sql.js';
import { createQueueFinisher } from './queue-done.js';

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
   * `enqueue` of each request in order, in a few statements (a scan queues thousands); resolves whether each was
   * taken. A request for a document named again later in the same call is replaced by the later one.
   */
  enqueueMany(requests: readonly EnqueueRequest[], now: number): Promise<boolean[]>;
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
  /**
   * Removes the item unless it was queued again meanwhile with other work (which is then released); items done
   * together are written together (queue-done.ts).
   */
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

/** Requests queued by one statement at most (seven parameters each). */
const ENQUEUE_SLICE = 500;

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
  const finish = createQueueFinisher(db);
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

  /** The documents of `requests` that have a row already, as keys. */
  const knownKeys = async (requests: readonly EnqueueRequest[]): Promise<Set<string>> => {
    const known = new Set<string>();
    const groups = new Map<string, EnqueueRequest[]>();
    for (const request of requests) {
      const group = `${request.userId}\u0000${request.docType}`;
      groups.set(group, [...(groups.get(group) ?? []), request]);
    }
    for (const group of groups.values()) {
      const { userId, docType } = group[0]!;
      const rows = await db.all<{ doc_id: string }>(
        `SELECT doc_id FROM sync_queue WHERE user_id = ? AND doc_type = ? AND doc_id IN (${group.map(() => '?').join(', ')})`,
        [userId, docType, ...group.map((request) => request.docId)],
      );
      for (const row of rows) known.add(keyOf({ userId, docType, docId: row.doc_id }));
    }
    return known;
  };
  const enqueueSlice = async (requests: readonly EnqueueRequest[], now: number): Promise<boolean[]> => {
    const known = await knownKeys(requests);
    const taken: boolean[] = [];
    const rows = new Map<string, EnqueueRequest>();
    /** New rows admitted but not yet written, per user. */
    const unwritten = new Map<string, number>();
    let unwrittenTotal = 0;
    for (const request of requests) {
      const key = keyOf(request);
      const pending = { user: unwritten.get(request.userId) ?? 0, total: unwrittenTotal };
      const admitted = known.has(key) || (await admission.admits(request.userId, now, pending));
      taken.push(admitted);
      if (!admitted) continue;
      if (!known.has(key)) {
        admission.added(request.userId);
        unwritten.set(request.userId, pending.user + 1);
        unwrittenTotal += 1;
      }
      known.add(key);
      // A later request for the same document replaces the earlier one in its place, as a second enqueue would.
      rows.set(key, request);
    }
    if (rows.size > 0) await db.run(upsertStatement(rows.size), upsertValues([...rows.values()], now));
    return taken;
  };

  return {
    async enqueue(request, now) {
      const known = await db.get('SELECT id FROM sync_queue WHERE user_id = ? AND doc_type = ? AND doc_id = ?', [
        request.userId,
        request.docType,
        request.docId,
      ]);
      // Replicas enqueueing at once may overshoot the bounds by a few rows: they are against growth, not exact.
      if (!known && !(await admission.admits(request.userId, now))) return false;
      await db.run(upsertStatement(1), upsertValues([request], now));
      if (!known) admission.added(request.userId);
      return true;
    },
    async enqueueMany(requests, now) {
      const taken: boolean[] = [];
      for (let from = 0; from < requests.length; from += ENQUEUE_SLICE) {
        taken.push(...(await enqueueSlice(requests.slice(from, from + ENQUEUE_SLICE), now)));
      }
      return taken;
    },
    async claim(now, limit, claimMs) {
      if (limit <= 0) return [];
      // Turn by turn: the first statement takes every user's next item, so one user's backlog never comes first;
      // the users who had one share what is left of the claim in the next turns (a lone user's backlog fills it in
      // a second statement, not one statement an item). On PostgreSQL a turn whose heads another replica's claim held
      // locked comes back empty although items are ready: it is tried again (a few times) once that claim has moved
      // the heads on.
      const rows: QueueRow[] = [];
      let perUser = 1;
      for (let contended = 0; rows.length < limit;) {
        const left = limit - rows.length;
        const turn = await db.all<QueueRow>(claimTurn, claimTurnParameters(now, left, claimMs, perUser));
        if (turn.length === 0) {
          if (db.engine !== 'postgres' || contended++ >= MAX_CONTENDED_TURNS || !(await hasReady(now))) break;
          continue;
        }
        rows.push(...turn.sort((a, b) => a.not_before - b.not_before || a.id - b.id));
        perUser = Math.ceil((limit - rows.length) / new Set(turn.map((row) => row.user_id)).size);
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
    done: (item) => finish(item),
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

function keyOf(request: Pick<EnqueueRequest, 'userId' | 'docType' | 'docId'>): string {
  return `${request.userId}\u0000${request.docType}\u0000${request.docId}`;
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
