// Migrations on real databases of both engines: new, pre-migration (stamped 001) and migrated databases; downgrades
// all the way; replicas starting together migrate once; both engines know the same revisions.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMigrations, migrationsDirFor } from '../../src/store/migration-files.js';
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

    expect(result).toEqual({ stamped: false, applied: ALL });
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

    expect(result).toEqual({ stamped: true, applied: AFTER_001 });
    expect(await db.get('SELECT count(*) AS n FROM refresh_tokens')).toEqual({ n: 1 });
  });

  it('upgrades a migrated database to the latest', async () => {
    const { db } = await fresh();
    await createMigrator(db, migrations).upgrade('001');

    const result = await createMigrator(db, migrations).prepare();

    expect(result).toEqual({ stamped: false, applied: AFTER_001 });
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
