// Opens the SQLite store: directory created when missing, file mode 0600, WAL journal.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type SqliteDatabase = Database.Database;

export function openDatabase(path: string): SqliteDatabase {
  const isFile = path !== ':memory:';
  if (isFile) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const existed = isFile && existsSync(path);
  const db = new Database(path);
  if (isFile && !existed) chmodSync(path, 0o600);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (isFile) restrictSidecarFiles(path);
  return db;
}

/** The WAL and shared-memory files hold the same secrets as the database. */
function restrictSidecarFiles(path: string): void {
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600);
  }
}
