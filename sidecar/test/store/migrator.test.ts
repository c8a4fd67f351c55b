// Migrations on real databases of both engines: new, pre-migration (stamped 001) and migrated databases; downgrades
// all the way; replicas starting together migrate once; both engines know the same revisions.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrationsDirFor } from '../../src/store/migration-files.js';
import { LegacySchemaError, tablesOf } from '../../src/store/legacy-schema.js';
import { createMigrator } from '../../src/store/migrator.js';
import { openSqlDatabase } from '../../src/store/sql/open-sql-database.js';
import type { SqlDatabase } from '../../src/store/sql/sql-database.js';
import { openSqliteDatabase } from '../../src/store/sql/sqlite-database.js';
import { describeOnEngines } from '../support/sql-engines.js';
import { makeTempDir } from '../support/temp-dir.js';

const TOKEN_TABLES = [
  'app_passwords',
  'audit_log',
  'encryption_key_check',
  'oauth_clients',
  'oauth_sessions',
  'rate_limit_hits',
  'refresh_leases',
  'refresh_tokens',
  'schema_migrations',
  'sync_queue',
  'sync_users',
  'webhooks',
];

const open: SqlDatabase[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

describe('migration files', () => {
  it('give both engines the same revisions and descriptions', () => {
    const sqlite = loadMigrations(migrationsDirFor('sqlite'));
    const postgres = loadMigrations(migrationsDirFor('postgres'));

    expect(postgres.map((m) => [m.revision, m.description])).toEqual(sqlite.map((m) => [m.revision, m.description]));
  });
});

describe('the SQLite file', () => {
  it('is created with its directory, mode 0600 and a WAL journal', async () => {
    const temp = makeTempDir();
    const db = openSqliteDatabase(temp.file('nested/dir/tokens.db'));

    const mode = statSync(temp.file('nested/dir/tokens.db')).mode & 0o777;
    const journal = db.raw.pragma('journal_mode', { simple: true });
    await db.close();
    temp.remove();
    expect(mode).toBe(0o600);
    expect(journal).toBe('wal');
  });
});

describeOnEngines('migrations', (engine) => {
  const migrations = loadMigrations(migrationsDirFor(engine.engine));
  /** Every revision, and every one after 001: later migrations extend these lists by themselves. */
  const ALL = migrations.map((m) => m.revision);
  const AFTER_001 = ALL.slice(1);
  const LATEST = ALL.at(-1)!;
  const fresh = async () => {
    const location = await engine.fresh();
    const db = await openSqlDatabase({ url: location.databaseUrl, sqlitePath: location.path });
    open.push(db);
    return { db, location };
  };
  const tables = async (db: SqlDatabase) =>
    (
      await db.all<{ name: string }>(
        db.engine === 'sqlite'
          ? "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
          : 'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
      )
    ).map((row) => row.name);

  it('migrates a new database from scratch', async () => {
    const { db } = await fresh();

    const result = await createMigrator(db, migrations).prepare();

    expect(result).toEqual({ stamped: false, setAside: [], applied: ALL });
    expect(await tables(db)).toEqual(expect.arrayContaining(TOKEN_TABLES));
  });

  it('stamps a database from before the migration system as 001 without changing it, then upgrades', async () => {
    const { db } = await fresh();
    await db.exec(migrations[0]!.up);
    await db.run('INSERT INTO refresh_tokens (user_id, encrypted_token, created_at, updated_at) VALUES (?, ?, 1, 1)', [
      'alice',
      Buffer.from([0]),
    ]);

    const result = await createMigrator(db, migrations).prepare();

    expect(result).toEqual({ stamped: true, setAside: [], applied: AFTER_001 });
    expect(await db.get('SELECT count(*) AS n FROM refresh_tokens')).toEqual({ n: 1 });
  });

  it('creates the 001 tables a pre-migration database lacks, keeps its own rows, and upgrades to the latest', async () => {
    const { db } = await fresh();
    const refreshTokens = tablesOf(migrations[0]!.up);
    await db.exec(migrations[0]!.up.slice(0, migrations[0]!.up.indexOf('CREATE TABLE audit_log')));
    await db.run('INSERT INTO refresh_tokens (user_id, encrypted_token, created_at, updated_at) VALUES (?, ?, 1, 1)', [
      'alice',
      Buffer.from([7]),
    ]);
    expect(await tables(db)).toEqual(['refresh_tokens']);

    const result = await createMigrator(db, migrations).prepare();

    expect(result).toEqual({ stamped: true, setAside: [], applied: AFTER_001 });
    expect(await createMigrator(db, migrations).current()).toBe(LATEST);
    expect(await tables(db)).toEqual(expect.arrayContaining([...refreshTokens.keys(), ...TOKEN_TABLES]));
    expect(await db.get('SELECT user_id FROM refresh_tokens')).toEqual({ user_id: 'alice' });
  });

  it("sets a Python database's token tables aside, keeps its other tables, and upgrades to the latest", async () => {
    const { db } = await fresh();
    await db.exec(pythonSchema(engine.engine));
    await db.run(
      "INSERT INTO refresh_tokens (user_id, encrypted_token, created_at, updated_at) VALUES ('bob', ?, 1, 1)",
      [Buffer.from('gAAAAA-fernet')],
    );

    const result = await createMigrator(db, migrations).prepare();

    expect(result.setAside).toEqual([
      { from: 'refresh_tokens', to: 'legacy_refresh_tokens' },
      { from: 'oauth_clients', to: 'legacy_oauth_clients' },
      { from: 'oauth_sessions', to: 'legacy_oauth_sessions' },
    ]);
    expect(result.applied).toEqual(AFTER_001);
    expect(await tables(db)).toEqual(
      expect.arrayContaining([...TOKEN_TABLES, 'audit_logs', 'registered_webhooks', 'schema_version']),
    );
    expect(await db.get('SELECT user_id FROM legacy_refresh_tokens')).toEqual({ user_id: 'bob' });
    expect(await db.get('SELECT count(*) AS n FROM refresh_tokens')).toEqual({ n: 0 });
  });

  it('changes nothing and says which table is in the way when a table of 001 has another shape', async () => {
    const { db } = await fresh();
    await db.exec('CREATE TABLE refresh_tokens (user_id TEXT PRIMARY KEY, token TEXT)');

    const refusal = await createMigrator(db, migrations)
      .prepare()
      .catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(LegacySchemaError);
    expect((refusal as Error).message).toMatch(/"refresh_tokens" lacks the columns encrypted_token, scopes/);
    expect(await tables(db)).toEqual(['refresh_tokens', 'schema_migrations']);
    expect(await createMigrator(db, migrations).current()).toBeUndefined();
  });

  it('upgrades a migrated database to the latest', async () => {
    const { db } = await fresh();
    await createMigrator(db, migrations).upgrade('001');

    const result = await createMigrator(db, migrations).prepare();

    expect(result).toEqual({ stamped: false, setAside: [], applied: AFTER_001 });
    expect(await createMigrator(db, migrations).current()).toBe(LATEST);
  });

  it('reverts one step, then all the way to base, leaving only the revision table', async () => {
    const { db } = await fresh();
    const migrator = createMigrator(db, migrations);
    await migrator.upgrade();

    const oneStep = await migrator.downgrade();
    const toBase = await migrator.downgrade('base');

    expect(oneStep).toEqual([LATEST]);
    expect(toBase).toEqual(ALL.slice(0, -1).reverse());
    expect(await tables(db)).toEqual(['schema_migrations']);
  });

  it('lists applied and pending revisions with descriptions', async () => {
    const { db } = await fresh();
    const migrator = createMigrator(db, migrations);
    await migrator.upgrade('001');

    const history = await migrator.history();

    expect(history.map((h) => [h.revision, h.appliedAt !== undefined])).toEqual(
      ALL.map((revision) => [revision, revision === '001']),
    );
    expect(history[1]!.description).toMatch(/app_passwords/);
  });

  it('refuses to act on a database from a newer version', async () => {
    const { db } = await fresh();
    const migrator = createMigrator(db, migrations);
    await migrator.upgrade();
    await db.run("INSERT INTO schema_migrations VALUES ('999', 'future', 0)");

    await expect(migrator.upgrade()).rejects.toThrow(/newer version/);
  });

  // PostgreSQL only: SQLite connections of one thread would wait on each other's write lock synchronously.
  it.runIf(engine.engine === 'postgres')(
    'applies each revision once when several replicas start together',
    async () => {
      const { location } = await fresh();
      const replicas = await Promise.all(
        Array.from({ length: 4 }, () => openSqlDatabase({ url: location.databaseUrl, sqlitePath: location.path })),
      );
      open.push(...replicas);

      const results = await Promise.all(replicas.map((db) => createMigrator(db, migrations).prepare()));

      expect(results.flatMap((result) => result.applied).sort()).toEqual(ALL);
      const rows = await replicas[0]!.all<{ revision: string }>('SELECT revision FROM schema_migrations');
      expect(rows.map((row) => row.revision).sort()).toEqual(ALL);
    },
  );
});

describe('SQLite legacy file', () => {
  it('keeps the schema of a pre-migration file byte for byte when stamping it', async () => {
    const temp = makeTempDir();
    const migrations = loadMigrations();
    const legacy = new Database(temp.file('legacy.db'));
    legacy.exec(migrations[0]!.up);
    const schemaBefore = legacy.prepare("SELECT sql FROM sqlite_master WHERE name = 'refresh_tokens'").get();
    legacy.close();
    const db = openSqliteDatabase(temp.file('legacy.db'));

    await createMigrator(db, migrations).prepare();

    expect(db.raw.prepare("SELECT sql FROM sqlite_master WHERE name = 'refresh_tokens'").get()).toEqual(schemaBefore);
    await db.close();
    temp.remove();
  });
});

/** The older Python implementation's 001 (its Alembic revision 001), in each engine's types. */
function pythonSchema(engine: 'sqlite' | 'postgres'): string {
  const blob = engine === 'sqlite' ? 'BLOB' : 'BYTEA';
  const serial = engine === 'sqlite' ? 'INTEGER PRIMARY KEY AUTOINCREMENT' : 'BIGSERIAL PRIMARY KEY';
  return `
CREATE TABLE refresh_tokens (user_id TEXT PRIMARY KEY, encrypted_token ${blob} NOT NULL, expires_at INTEGER,
  created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, flow_type TEXT DEFAULT 'hybrid',
  token_audience TEXT DEFAULT 'nextcloud', provisioned_at INTEGER, provisioning_client_id TEXT, scopes TEXT,
  user_profile TEXT, profile_cached_at INTEGER);
CREATE TABLE audit_logs (id ${serial}, timestamp INTEGER NOT NULL, event TEXT NOT NULL, user_id TEXT NOT NULL,
  resource_type TEXT, resource_id TEXT, auth_method TEXT, hostname TEXT);
CREATE INDEX idx_audit_user_timestamp ON audit_logs (user_id, timestamp);
CREATE TABLE oauth_clients (id INTEGER PRIMARY KEY, client_id TEXT UNIQUE NOT NULL,
  encrypted_client_secret ${blob} NOT NULL, client_id_issued_at INTEGER NOT NULL,
  client_secret_expires_at INTEGER NOT NULL, redirect_uris TEXT NOT NULL,
  encrypted_registration_access_token ${blob}, registration_client_uri TEXT, created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL);
CREATE TABLE oauth_sessions (session_id TEXT PRIMARY KEY, client_id TEXT, client_redirect_uri TEXT NOT NULL,
  state TEXT, code_challenge TEXT, code_challenge_method TEXT, mcp_authorization_code TEXT UNIQUE,
  idp_access_token TEXT, idp_refresh_token TEXT, user_id TEXT, created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL, flow_type TEXT DEFAULT 'hybrid', requested_scopes TEXT, granted_scopes TEXT,
  is_provisioning BOOLEAN DEFAULT FALSE);
CREATE INDEX idx_oauth_sessions_mcp_code ON oauth_sessions (mcp_authorization_code);
CREATE TABLE schema_version (version INTEGER PRIMARY KEY, applied_at REAL NOT NULL);
CREATE TABLE registered_webhooks (id ${serial}, webhook_id INTEGER NOT NULL UNIQUE, preset_id TEXT NOT NULL,
  created_at REAL NOT NULL);
CREATE INDEX idx_webhooks_preset ON registered_webhooks (preset_id);
CREATE INDEX idx_webhooks_created ON registered_webhooks (created_at);
`;
}
