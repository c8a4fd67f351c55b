// Append-only audit log of changes to stored secrets (never the secrets themselves).
import type { SqlExecutor } from './sql/sql-database.js';

export interface AuditEntry {
  userId: string | null;
  action: string;
  outcome?: 'ok' | 'none';
  requestId?: string;
  detail?: string;
}

export interface AuditRecord extends Required<Omit<AuditEntry, 'requestId' | 'detail'>> {
  at: Date;
  requestId: string | null;
  detail: string | null;
}

export interface AuditLog {
  /** Writes through `tx` when given, so the entry commits (or not) with the change it records. */
  write(entry: AuditEntry, tx?: SqlExecutor): Promise<void>;
  listForUser(userId: string, limit?: number): Promise<AuditRecord[]>;
}

export function createAuditLog(db: SqlExecutor, clock: () => Date = () => new Date()): AuditLog {
  return {
    write: async (entry, tx = db) => {
      await tx.run(
        'INSERT INTO audit_log (at, user_id, action, outcome, request_id, detail) VALUES (?, ?, ?, ?, ?, ?)',
        [
          clock().getTime(),
          entry.userId,
          entry.action,
          entry.outcome ?? 'ok',
          entry.requestId ?? null,
          entry.detail ?? null,
        ],
      );
    },
    listForUser: async (userId, limit = 100) =>
      (
        await db.all(
          'SELECT at, user_id, action, outcome, request_id, detail FROM audit_log WHERE user_id = ? ORDER BY id DESC LIMIT ?',
          [userId, limit],
        )
      ).map((row) => ({
        at: new Date(row.at as number),
        userId: row.user_id as string,
        action: row.action as string,
        outcome: row.outcome as 'ok' | 'none',
        requestId: (row.request_id as string | null) ?? null,
        detail: (row.detail as string | null) ?? null,
      })),
  };
}
