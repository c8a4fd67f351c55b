// The synced users' persistent state: active or paused (with the reason), when they were last and are next
// scanned, and per source the scan cursor, skipped counts and last problem.
import type { DocType } from '../doc-types.js';
import type { SqlDatabase } from '../../store/sql/sql-database.js';

export interface SyncUserState {
  userId: string;
  state: 'active' | 'paused';
  pausedReason?: string;
  lastScanAt?: number;
  nextScanAt: number;
  scanFailures: number;
}

export interface SourceState {
  docType: DocType;
  cursor?: string;
  skipped: Record<string, number>;
  lastError?: string;
}

export interface SyncUserStore {
  /** Creates the user as active (a stored user keeps its state). */
  ensure(userId: string, now: number): Promise<SyncUserState>;
  get(userId: string): Promise<SyncUserState | undefined>;
  list(): Promise<SyncUserState[]>;
  /** Active again, scanned at once (a new credential was provisioned). */
  resume(userId: string, now: number): Promise<void>;
  pause(userId: string, reason: string): Promise<void>;
  scanned(userId: string, at: number, nextAt: number, failed: boolean): Promise<void>;
  /**
   * Takes the user's due scan when `next_scan_at` is still `seen`, moving it to `until` (the scan's end sets the real
   * next time; a replica that dies mid-scan leaves it to be taken again then). True for exactly one caller.
   */
  claimScan(userId: string, seen: number, until: number): Promise<boolean>;
  /** Scan soon (a webhook arrived). */
  scanAt(userId: string, at: number): Promise<void>;
  sources(userId: string): Promise<SourceState[]>;
  saveSource(userId: string, docType: DocType, state: Omit<SourceState, 'docType'>, now: number): Promise<void>;
  delete(userId: string): Promise<void>;
}

export function createSyncUserStore(db: SqlDatabase): SyncUserStore {
  const get = async (userId: string) => {
    const row = await db.get<UserRow>('SELECT * FROM sync_users WHERE user_id = ?', [userId]);
    return row && toState(row);
  };
  return {
    async ensure(userId, now) {
      await db.run(
        'INSERT INTO sync_users (user_id, created_at, next_scan_at) VALUES (?, ?, 0) ON CONFLICT (user_id) DO NOTHING',
        [userId, now],
      );
      const state = await get(userId);
      if (!state) throw new Error('The synced user could not be stored.');
      return state;
    },
    get,
    list: async () => (await db.all<UserRow>('SELECT * FROM sync_users ORDER BY user_id')).map(toState),
    async resume(userId, now) {
      await db.run(
        "UPDATE sync_users SET state = 'active', paused_reason = NULL, next_scan_at = ?, scan_failures = 0 WHERE user_id = ?",
        [now, userId],
      );
    },
    async pause(userId, reason) {
      await db.run("UPDATE sync_users SET state = 'paused', paused_reason = ? WHERE user_id = ?", [reason, userId]);
    },
    async scanned(userId, at, nextAt, failed) {
      await db.run(
        `UPDATE sync_users SET last_scan_at = ?, next_scan_at = ?,
           scan_failures = CASE WHEN ? = 1 THEN scan_failures + 1 ELSE 0 END WHERE user_id = ?`,
        [at, nextAt, failed ? 1 : 0, userId],
      );
    },
    async claimScan(userId, seen, until) {
      const claimed = await db.run(
        "UPDATE sync_users SET next_scan_at = ? WHERE user_id = ? AND next_scan_at = ? AND state = 'active'",
        [until, userId, seen],
      );
      return claimed.changes === 1;
    },
    async scanAt(userId, at) {
      await db.run(
        'UPDATE sync_users SET next_scan_at = CASE WHEN next_scan_at > ? THEN ? ELSE next_scan_at END WHERE user_id = ?',
        [at, at, userId],
      );
    },
    async sources(userId) {
      const rows = await db.all<SourceRow>('SELECT * FROM sync_cursors WHERE user_id = ? ORDER BY doc_type', [userId]);
      return rows.map((row) => ({
        docType: row.doc_type,
        cursor: row.cursor ?? undefined,
        skipped: row.skipped ? (JSON.parse(row.skipped) as Record<string, number>) : {},
        lastError: row.last_error ?? undefined,
      }));
    },
    async saveSource(userId, docType, state, now) {
      await db.run(
        `INSERT INTO sync_cursors (user_id, doc_type, cursor, skipped, last_error, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id, doc_type) DO UPDATE SET cursor = excluded.cursor, skipped = excluded.skipped,
           last_error = excluded.last_error, updated_at = excluded.updated_at`,
        [userId, docType, state.cursor ?? null, JSON.stringify(state.skipped), state.lastError ?? null, now],
      );
    },
    async delete(userId) {
      await db.transaction(async (tx) => {
        await tx.run('DELETE FROM sync_cursors WHERE user_id = ?', [userId]);
        await tx.run('DELETE FROM sync_users WHERE user_id = ?', [userId]);
      });
    },
  };
}

interface UserRow {
  user_id: string;
  state: 'active' | 'paused';
  paused_reason: string | null;
  last_scan_at: number | null;
  next_scan_at: number;
  scan_failures: number;
}

interface SourceRow {
  doc_type: DocType;
  cursor: string | null;
  skipped: string | null;
  last_error: string | null;
}

function toState(row: UserRow): SyncUserState {
  return {
    userId: row.user_id,
    state: row.state,
    pausedReason: row.paused_reason ?? undefined,
    lastScanAt: row.last_scan_at ?? undefined,
    nextScanAt: row.next_scan_at,
    scanFailures: row.scan_failures,
  };
}
