// Brings a database from before the migration system to revision 001 without changing what it holds: the 001 tables
// it lacks are created; a database of the older Python implementation has its secret tables set aside first.
import type { Migration } from './migration-files.js';
import type { SqlEngine, SqlExecutor } from './sql/sql-database.js';

export interface LegacyPreparation {
  /** Tables renamed out of the way, as `from → to`. */
  setAside: { from: string; to: string }[];
  /** 001 tables that were missing and were created. */
  created: string[];
}

/**
 * Tables only the older Python implementation made (its 001: refresh_tokens, audit_logs, oauth_clients,
 * oauth_sessions, registered_webhooks, schema_version; Alembic's alembic_version): any of them names such a database.
 */
const PYTHON_ONLY_TABLES = ['audit_logs', 'registered_webhooks', 'schema_version', 'alembic_version'];

/**
 * Creates what 001 has and the database lacks, in the caller's transaction. A table 001 also names keeps its rows
 * and schema, with two exceptions: in a Python database the shared names (refresh_tokens, oauth_clients,
 * oauth_sessions) hold secrets under another encryption, in other columns, so they are renamed `legacy_<name>` and
 * 001's are created (the sidecar could read none of it, and its key check would refuse a database whose secrets its
 * key cannot open); any other table lacking a column of 001 stops the stamp with LegacySchemaError, changing nothing.
 */
export async function prepareLegacyDatabase(
  tx: SqlExecutor,
  engine: SqlEngine,
  first: Migration,
): Promise<LegacyPreparation> {
  const present = new Set(await tableNames(tx, engine));
  const python = PYTHON_ONLY_TABLES.some((table) => present.has(table));
  const wanted = tablesOf(first.up);
  const setAside: LegacyPreparation['setAside'] = [];
  for (const [table, columns] of wanted) {
    if (!present.has(table)) continue;
    if (python) {
      const to = freeName(`legacy_${table}`, present);
      await tx.exec(`ALTER TABLE ${table} RENAME TO ${to}`);
      present.add(to);
      setAside.push({ from: table, to });
      continue;
    }
    const have = new Set(await columnNames(tx, engine, table));
    const missing = columns.filter((column) => !have.has(column));
    if (missing.length > 0) throw new LegacySchemaError(table, missing);
  }
  const created = [...wanted.keys()].filter((table) => !present.has(table) || setAside.some((s) => s.from === table));
  await tx.exec(withoutClashes(first.up));
  return { setAside, created };
}

/** A table of the database has another shape than 001's: stamping it would leave the sidecar broken. */
export class LegacySchemaError extends Error {
  constructor(
    readonly table: string,
    readonly missingColumns: string[],
  ) {
    super(
      `The database predates migrations, but its table "${table}" lacks the columns ${missingColumns.join(', ')} ` +
        'of revision 001, so it was left unchanged. Move that table away (or start with an empty database).',
    );
    this.name = 'LegacySchemaError';
  }
}

/** Each `CREATE TABLE name (…)` of a migration with its column names (constraint lines left out). */
export function tablesOf(sql: string): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const match of sql.matchAll(/CREATE TABLE (\w+) \(([\s\S]*?)\n\);/g)) {
    const columns = match[2]!
      .split('\n')
      .map((line) => line.trim().split(/\s+/)[0] ?? '')
      .filter((word) => /^[a-z_]+$/.test(word));
    tables.set(match[1]!, columns);
  }
  return tables;
}

/** 001 as written, but creating only what is not there yet. */
function withoutClashes(sql: string): string {
  return sql
    .replace(/CREATE TABLE (\w+)/g, 'CREATE TABLE IF NOT EXISTS $1')
    .replace(/CREATE INDEX (\w+)/g, 'CREATE INDEX IF NOT EXISTS $1');
}

function freeName(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
  return name;
}

async function tableNames(tx: SqlExecutor, engine: SqlEngine): Promise<string[]> {
  const sql =
    engine === 'sqlite'
      ? "SELECT name FROM sqlite_master WHERE type = 'table'"
      : 'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()';
  return (await tx.all<{ name: string }>(sql)).map((row) => row.name);
}

async function columnNames(tx: SqlExecutor, engine: SqlEngine, table: string): Promise<string[]> {
  if (engine === 'sqlite') {
    return (await tx.all<{ name: string }>('SELECT name FROM pragma_table_info(?)', [table])).map((row) => row.name);
  }
  const sql =
    'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?';
  return (await tx.all<{ name: string }>(sql, [table])).map((row) => row.name);
}
