// The SQLite engine: one better-sqlite3 connection (file mode 0600, WAL), statements cached, and an async lock so a
// transaction's statements never interleave with anyone else's on the shared connection.
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { SqlDatabase, SqlExecutor, SqlRow, SqlValue } from './sql-database.js';

export type RawSqlite = Database.Database;

export interface SqliteSqlDatabase extends SqlDatabase {
  readonly engine: 'sqlite';
  /** The connection itself, for the embedded search index's synchronous reads. */
  readonly raw: RawSqlite;
  /** Runs synchronous `work` on the connection once no transaction holds it (writes outside `transaction`). */
  exclusive<T>(work: (raw: RawSqlite) => T): Promise<T>;
}

/** Prepared statements kept per connection; past this many the cache starts over. */
const STATEMENT_CACHE_SIZE = 256;

export function openSqliteDatabase(path: string): SqliteSqlDatabase {
  const raw = openConnection(path);
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      statement = raw.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  const direct: SqlExecutor = {
    all: async <Row extends object = SqlRow>(sql: string, params: readonly SqlValue[] = []) =>
      prepare(sql).all(...params) as Row[],
    get: async <Row extends object = SqlRow>(sql: string, params: readonly SqlValue[] = []) =>
      prepare(sql).get(...params) as Row | undefined,
    run: async (sql, params = []) => ({ changes: prepare(sql).run(...params).changes }),
    exec: async (script) => void raw.exec(script),
  };

  // Transactions queue on `tail`; statements outside one wait while any is held or queued. The check and the
  // statement run in one synchronous stretch, so no transaction can open between them.
  let tail: Promise<void> = Promise.resolve();
  let held = 0;
  const outside =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      while (held > 0) await tail;
      return call(...args);
    };

  return {
    engine: 'sqlite',
    raw,
    all: outside(direct.all) as SqlExecutor['all'],
    get: outside(direct.get) as SqlExecutor['get'],
    run: outside(direct.run),
    exec: outside(direct.exec),
    async transaction(work) {
      held += 1;
      const previous = tail;
      let release!: () => void;
      tail = new Promise((resolve) => (release = resolve));
      await previous;
      try {
        // IMMEDIATE: the write lock from the start, so another process's writer waits instead of failing mid-way.
        raw.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(direct);
          raw.exec('COMMIT');
          return result;
        } catch (error) {
          if (raw.inTransaction) raw.exec('ROLLBACK');
          throw error;
        }
      } finally {
        held -= 1;
        release();
      }
    },
    async exclusive(work) {
      while (held > 0) await tail;
      return work(raw);
    },
    async ping() {
      try {
        return raw.open && prepare('SELECT 1 AS ok').get() !== undefined;
      } catch {
        return false;
      }
    },
    async close() {
      while (held > 0) await tail;
      if (raw.open) raw.close();
    },
  };
}

/** Directory created when missing, file mode 0600 (WAL and shared-memory files too), WAL journal. */
function openConnection(path: string): RawSqlite {
  const isFile = path !== ':memory:';
  if (isFile) mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const existed = isFile && existsSync(path);
  const db = new Database(path);
  if (isFile && !existed) chmodSync(path, 0o600);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  if (isFile) {
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600);
  }
  return db;
}
