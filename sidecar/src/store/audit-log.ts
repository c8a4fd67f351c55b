// Append-only audit log of changes to stored secrets (never the secrets themselves).
import type { SqliteDatabase } from './database.js';

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
  write(entry: AuditEntry): void;
  listForUser(userId: string, limit?: number): AuditRecord[];
}

export function createAuditLog(db: SqliteDatabase, clock: () => Date = () => new Date()): AuditLog {
  const insert = db.prepare(
    'INSERT INTO audit_log (at, user_id, action, outcome, request_id, detail) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const select = db.prepare(
    'SELECT at, user_id, action, outcome, request_id, detail FROM audit_log WHERE user_id = ? ORDER BY id DESC LIMIT ?',
  );
  return {
    write: (entry) =>
      insert.run(
        clock().getTime(),
        entry.userId,
        entry.action,
        entry.outcome ?? 'ok',
        entry.requestId ?? null,
        entry.detail ?? null,
      ),
    listForUser: (userId, limit = 100) =>
      (select.all(userId, limit) as Record<string, unknown>[]).map((row) => ({
        at: new Date(row.at as number),
        userId: row.user_id as string,
        action: row.action as string,
        outcome: row.outcome as 'ok' | 'none',
        requestId: (row.request_id as string | null) ?? null,
        detail: (row.detail as string | null) ?? null,
      })),
  };
}
