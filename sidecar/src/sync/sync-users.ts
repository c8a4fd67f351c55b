// The synced users' persistent state: active or paused (with the reason), when they were last and are next
// scanned, and per source the scan cursor, skipped counts and last problem.
import type { SqliteDatabase } from '../store/database.js';
import type { DocType } from '../search/doc-types.js';

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
  ensure(userId: string, now: number): SyncUserState;
  get(userId: string): SyncUserState | undefined;
  list(): SyncUserState[];
  /** Active again, scanned at once (a new credential was provisioned). */
  resume(userId: string, now: number): void;
  pause(userId: string, reason: string): void;
  scanned(userId: string, at: number, nextAt: number, failed: boolean): void;
  /** Scan soon (a webhook arrived). */
  scanAt(userId: string, at: number): void;
  sources(userId: string): SourceState[];
  saveSource(userId: string, docType: DocType, state: Omit<SourceState, 'docType'>, now: number): void;
  delete(userId: string): void;
}

export function createSyncUserStore(db: SqliteDatabase): SyncUserStore {
  const insert = db.prepare(
    'INSERT INTO sync_users (user_id, created_at, next_scan_at) VALUES (?, ?, 0) ON CONFLICT (user_id) DO NOTHING',
  );
  const get = db.prepare<[string], UserRow>('SELECT * FROM sync_users WHERE user_id = ?');
  const list = db.prepare<[], UserRow>('SELECT * FROM sync_users ORDER BY user_id');
  const resume = db.prepare(
    "UPDATE sync_users SET state = 'active', paused_reason = NULL, next_scan_at = ?, scan_failures = 0 WHERE user_id = ?",
  );
  const pause = db.prepare("UPDATE sync_users SET state = 'paused', paused_reason = ? WHERE user_id = ?");
  const scanned = db.prepare(
    `UPDATE sync_users SET last_scan_at = ?, next_scan_at = ?,
       scan_failures = CASE WHEN ? THEN scan_failures + 1 ELSE 0 END WHERE user_id = ?`,
  );
  const scanAt = db.prepare('UPDATE sync_users SET next_scan_at = min(next_scan_at, ?) WHERE user_id = ?');
  const sources = db.prepare<[string], SourceRow>('SELECT * FROM sync_cursors WHERE user_id = ? ORDER BY doc_type');
  const saveSource = db.prepare(
    `INSERT INTO sync_cursors (user_id, doc_type, cursor, skipped, last_error, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (user_id, doc_type) DO UPDATE SET cursor = excluded.cursor, skipped = excluded.skipped,
       last_error = excluded.last_error, updated_at = excluded.updated_at`,
  );
  const deleteUser = db.transaction((userId: string) => {
    db.prepare('DELETE FROM sync_cursors WHERE user_id = ?').run(userId);
    db.prepare('DELETE FROM sync_users WHERE user_id = ?').run(userId);
  });

  return {
    ensure: (userId, now) => {
      insert.run(userId, now);
      return toState(get.get(userId)!);
    },
    get: (userId) => {
      const row = get.get(userId);
      return row && toState(row);
    },
    list: () => list.all().map(toState),
    resume: (userId, now) => void resume.run(now, userId),
    pause: (userId, reason) => void pause.run(reason, userId),
    scanned: (userId, at, nextAt, failed) => void scanned.run(at, nextAt, failed ? 1 : 0, userId),
    scanAt: (userId, at) => void scanAt.run(at, userId),
    sources: (userId) =>
      sources.all(userId).map((row) => ({
        docType: row.doc_type,
        cursor: row.cursor ?? undefined,
        skipped: row.skipped ? (JSON.parse(row.skipped) as Record<string, number>) : {},
        lastError: row.last_error ?? undefined,
      })),
    saveSource: (userId, docType, state, now) =>
      void saveSource.run(
        userId,
        docType,
        state.cursor ?? null,
        JSON.stringify(state.skipped),
        state.lastError ?? null,
        now,
      ),
    delete: (userId) => deleteUser(userId),
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
