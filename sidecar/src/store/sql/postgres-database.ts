// The PostgreSQL engine (DATABASE_URL): a bounded pool shared by every store, 64-bit integers read as numbers, named
// advisory locks for transactions that must not run twice at once across replicas.
import pg from 'pg';
import { numberPlaceholders, type SqlDatabase, type SqlExecutor, type SqlRow, type SqlValue } from './sql-database.js';

export interface PostgresSqlDatabase extends SqlDatabase {
  readonly engine: 'postgres';
  /** The pool, for the search index's own queries (pgvector). */
  readonly pool: pg.Pool;
}

export interface PostgresOptions {
  connectionString: string;
  /** Connections at most (default 10). */
  maxConnections?: number;
  applicationName?: string;
}

const INT8_OID = 20;
/** Millisecond timestamps and counts fit well within 2^53; anything larger is refused rather than rounded. */
const parseInt8 = (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError('A 64-bit integer from PostgreSQL exceeds 2^53.');
  return n;
};
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

export function openPostgresDatabase(options: PostgresOptions): PostgresSqlDatabase {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxConnections ?? 10,
    application_name: options.applicationName ?? 'nextcloud-mcp-server',
    connectionTimeoutMillis: 10_000,
    types,
  });
  // An idle connection the server dropped (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const executor = (client: pg.Pool | pg.PoolClient): SqlExecutor => ({
    all: async <Row extends object = SqlRow>(sql: string, params: readonly SqlValue[] = []) =>
      (await client.query(numberPlaceholders(sql), params as unknown[])).rows as Row[],
    get: async <Row extends object = SqlRow>(sql: string, params: readonly SqlValue[] = []) =>
      (await client.query(numberPlaceholders(sql), params as unknown[])).rows[0] as Row | undefined,
    run: async (sql, params = []) => ({
      changes: (await client.query(numberPlaceholders(sql), params as unknown[])).rowCount ?? 0,
    }),
    exec: async (script) => void (await client.query(script)),
  });

  return {
    engine: 'postgres',
    pool,
    ...executor(pool),
    async transaction(work, transactionOptions) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        if (transactionOptions?.lock) {
          await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [transactionOptions.lock]);
        }
        const result = await work(executor(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => (broken = true));
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async ping() {
      try {
        return (await pool.query('SELECT 1 AS ok')).rowCount === 1;
      } catch {
        return false;
      }
    },
    close: () => pool.end(),
  };
}
