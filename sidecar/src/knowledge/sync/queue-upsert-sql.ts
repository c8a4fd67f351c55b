// The statement that queues sync work: one row per user and document, a newer request replacing an older one, for
// one request or many at once (a scan queues thousands).
import type { SqlValue } from '../../store/sql/sql-database.js';

/** What a queue row is made from (sync-queue.ts's EnqueueRequest). */
export interface UpsertRequest {
  userId: string;
  docType: string;
  docId: string;
  action: string;
  version?: string;
  hint?: string;
}

/**
 * The same request again (a rescan listing the same version) keeps its attempts, wait and dead-letter state: only
 * new work (another version or action) starts afresh. A claim is kept either way: the worker holding it releases
 * the item when it finds newer work queued (`done`), so one document is never indexed by two workers at once. A dead
 * letter revived by new work waits from now (the queue's lag counts from `enqueued_at`).
 */
const SAME_WORK =
  "(sync_queue.action = excluded.action AND sync_queue.version = excluded.version AND excluded.version <> '')";

const ON_CONFLICT = `ON CONFLICT (user_id, doc_type, doc_id) DO UPDATE SET
    attempts = CASE WHEN ${SAME_WORK} THEN sync_queue.attempts ELSE 0 END,
    state = CASE WHEN ${SAME_WORK} THEN sync_queue.state ELSE 'queued' END,
    last_error = CASE WHEN ${SAME_WORK} THEN sync_queue.last_error ELSE NULL END,
    not_before = CASE WHEN ${SAME_WORK} THEN sync_queue.not_before ELSE 0 END,
    enqueued_at = CASE WHEN sync_queue.state = 'dead' AND NOT ${SAME_WORK} THEN excluded.enqueued_at
      ELSE sync_queue.enqueued_at END,
    action = excluded.action, version = excluded.version, hint = excluded.hint`;

const statements = new Map<number, string>();

/** The upsert of `rows` requests (each document at most once: PostgreSQL refuses to update a row twice). */
export function upsertStatement(rows: number): string {
  let statement = statements.get(rows);
  if (!statement) {
    const values = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, 0)').join(', ');
    statement = `INSERT INTO sync_queue (user_id, doc_type, doc_id, action, version, hint, enqueued_at, not_before)
  VALUES ${values}
  ${ON_CONFLICT}`;
    if (statements.size < 64) statements.set(rows, statement);
  }
  return statement;
}

/** The parameters of upsertStatement(requests.length), in order. */
export function upsertValues(requests: readonly UpsertRequest[], now: number): SqlValue[] {
  return requests.flatMap((request) => [
    request.userId,
    request.docType,
    request.docId,
    request.action,
    request.version ?? '',
    request.hint ?? null,
    now,
  ]);
}
