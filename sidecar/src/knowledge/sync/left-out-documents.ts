// What the sync decided not to index, or to index only in part, each with its reason: kept as rows of the queue
// (state `skipped` or `partial`) until new work for the document arrives or it is gone from Nextcloud, and counted in
// the sync status — so no document disappears from the index silently.
import type { DocType } from '../doc-types.js';
import type { SqlDatabase } from '../../store/sql/sql-database.js';
import type { QueueItem } from './sync-queue.js';

/** `skipped`: not indexed (its type, its size); `partial`: indexed up to a limit (a PDF's character cap). */
export type LeftOutKind = 'skipped' | 'partial';

export type LeftOutCounts = Partial<Record<DocType, Record<LeftOutKind, Record<string, number>>>>;

export interface LeftOutDocuments {
  /**
   * Keeps the item's row as `kind` with its reason until new work for the document arrives (the same version queued
   * again keeps it); releases the row instead when new work was queued while the document was read.
   */
  record(
    item: Pick<QueueItem, 'id' | 'action' | 'version'>,
    kind: LeftOutKind,
    reason: string,
    now: number,
  ): Promise<void>;
  /** The user's documents left out, by type, kind and reason. */
  counts(userId: string): Promise<LeftOutCounts>;
  /** Ids of the user's documents of this type held as skipped, partial or dead letters. */
  ids(userId: string, docType: DocType): Promise<string[]>;
  /** Drops those entries of these documents (they are gone from Nextcloud). */
  forget(userId: string, docType: DocType, docIds: readonly string[]): Promise<void>;
}

/** Ids per DELETE: well below SQLite's and PostgreSQL's limits on bound parameters. */
const FORGET_BATCH = 500;
const HELD = "('skipped', 'partial', 'dead')";

export function createLeftOutDocuments(db: SqlDatabase): LeftOutDocuments {
  return {
    async record(item, kind, reason, now) {
      const kept = await db.run(
        `UPDATE sync_queue SET state = ?, last_error = ?, not_before = ?, claimed_until = 0
         WHERE id = ? AND action = ? AND version = ?`,
        [kind, reason, now, item.id, item.action, item.version],
      );
      if (kept.changes === 0) await db.run('UPDATE sync_queue SET claimed_until = 0 WHERE id = ?', [item.id]);
    },
    async counts(userId) {
      const rows = await db.all<{ doc_type: DocType; state: LeftOutKind; reason: string | null; n: number }>(
        `SELECT doc_type, state, last_error AS reason, count(*) AS n FROM sync_queue
         WHERE user_id = ? AND state IN ('skipped', 'partial') GROUP BY doc_type, state, last_error`,
        [userId],
      );
      const counts: LeftOutCounts = {};
      for (const row of rows) {
        const kinds = (counts[row.doc_type] ??= { skipped: {}, partial: {} });
        kinds[row.state][row.reason ?? 'unknown'] = Number(row.n);
      }
      return counts;
    },
    async ids(userId, docType) {
      const rows = await db.all<{ doc_id: string }>(
        `SELECT doc_id FROM sync_queue WHERE user_id = ? AND doc_type = ? AND state IN ${HELD}`,
        [userId, docType],
      );
      return rows.map((row) => row.doc_id);
    },
    async forget(userId, docType, docIds) {
      for (let i = 0; i < docIds.length; i += FORGET_BATCH) {
        const batch = docIds.slice(i, i + FORGET_BATCH);
        await db.run(
          `DELETE FROM sync_queue WHERE user_id = ? AND doc_type = ? AND state IN ${HELD}
           AND doc_id IN (${batch.map(() => '?').join(', ')})`,
          [userId, docType, ...batch],
        );
      }
    },
  };
}
