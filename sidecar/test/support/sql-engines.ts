// Runs a store's tests on both engines: a fresh SQLite file, and a fresh database on a real PostgreSQL server
// (Debian's, started once per test file that asks for it and stopped after it).
import { afterAll, beforeAll, describe } from 'vitest';
import { startPostgresServer, type PostgresServer } from '../../../test/platform/postgres-server.js';
import type { SqlEngine } from '../../src/store/sql/sql-database.js';
import { makeTempDir } from './temp-dir.js';

/** Where a store opens: `openStore({ ...location, … })` or `openSqlDatabase({ url, sqlitePath })`. */
export interface FreshDatabase {
  path: string;
  databaseUrl?: string;
}

export interface EngineUnderTest {
  engine: SqlEngine;
  /** A new, empty database (each call another one). */
  fresh(): Promise<FreshDatabase>;
  /** The PostgreSQL server (postgres engine only), for tests that open a second connection or process. */
  server(): PostgresServer | undefined;
}

let databases = 0;

/** `describe(title)` once per engine; `body` gets the engine's handle. */
export function describeOnEngines(title: string, body: (engine: EngineUnderTest) => void): void {
  describe(`${title} (sqlite)`, () => body(sqliteEngine()));
  describe(`${title} (postgres)`, () => body(postgresEngine()));
}

export function sqliteEngine(): EngineUnderTest {
  let temp: ReturnType<typeof makeTempDir> | undefined;
  beforeAll(() => void (temp = makeTempDir('sql-engine-')));
  afterAll(() => temp?.remove());
  return {
    engine: 'sqlite',
    fresh: async () => {
      databases += 1;
      return { path: temp!.file(`db-${databases}.db`) };
    },
    server: () => undefined,
  };
}

export function postgresEngine(): EngineUnderTest {
  let server: PostgresServer | undefined;
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(async () => server?.stop());
  return {
    engine: 'postgres',
    fresh: async () => {
      databases += 1;
      const databaseUrl = await server!.createDatabase(`t${process.pid}_${databases}`);
      return { path: '', databaseUrl };
    },
    server: () => server,
  };
}
