// The one database contract of the sidecar's state: SQLite (the zero-set-up default) or PostgreSQL (DATABASE_URL,
// shared by every replica). Statements use `?` placeholders and SQL both engines accept.

export type SqlEngine = 'sqlite' | 'postgres';
export type SqlValue = string | number | Buffer | null;
export type SqlRow = Record<string, unknown>;

export interface SqlExecutor {
  all<Row extends object = SqlRow>(sql: string, params?: readonly SqlValue[]): Promise<Row[]>;
  get<Row extends object = SqlRow>(sql: string, params?: readonly SqlValue[]): Promise<Row | undefined>;
  /** Runs one statement; `changes` counts the rows it inserted, updated or deleted. */
  run(sql: string, params?: readonly SqlValue[]): Promise<{ changes: number }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

export interface TransactionOptions {
  /**
   * Serialises this transaction with every other one naming the same lock, across every process sharing the
   * database (PostgreSQL: an advisory transaction lock; SQLite: every transaction already holds the write lock).
   */
  lock?: string;
}

export interface SqlDatabase extends SqlExecutor {
  readonly engine: SqlEngine;
  /** Commits when `work` resolves, rolls back when it throws; `work` uses only `tx` until it settles. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** True while the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** `?` placeholders → `$1, $2, …` outside quoted strings, identifiers and comments (PostgreSQL's numbered form). */
export function numberPlaceholders(sql: string): string {
  let out = '';
  let n = 0;
  for (let i = 0; i < sql.length; i += 1) {
    const ch = sql[i]!;
    if (ch === "'" || ch === '"') {
      const end = closingQuote(sql, i, ch);
      out += sql.slice(i, end + 1);
      i = end;
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length - 1 : end;
      out += sql.slice(i, stop + 1);
      i = stop;
    } else if (ch === '?') {
      n += 1;
      out += `$${n}`;
    } else {
      out += ch;
    }
  }
  return out;
}

function closingQuote(sql: string, start: number, quote: string): number {
  for (let i = start + 1; i < sql.length; i += 1) {
    if (sql[i] !== quote) continue;
    if (sql[i + 1] === quote) i += 1;
    else return i;
  }
  return sql.length - 1;
}
