// Migrations on real database files: new, pre-migration (stamped 001) and migrated databases; downgrades.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/database.js';
import { loadMigrations } from '../../src/store/migration-files.js';
import { createMigrator } from '../../src/store/migrator.js';
import { makeTempDir } from '../support/temp-dir.js';

const migrations = loadMigrations();
/** Every revision, and every one after 001: later migrations (of any issue) extend these lists by themselves. */
const ALL = migrations.map((m) => m.revision);
const AFTER_001 = ALL.slice(1);
const LATEST = ALL.at(-1)!;
const tables = (db: Database.Database) =>
  (
    db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[]
  ).map((r) => r.name);

let temp = makeTempDir();
afterEach(() => {
  temp.remove();
  temp = makeTempDir();
});

describe('openDatabase', () => {
  it('creates the directory, a 0600 file and a WAL journal', () => {
    const db = openDatabase(temp.file('nested/dir/tokens.db'));

    const mode = statSync(temp.file('nested/dir/tokens.db')).mode & 0o777;
    const journal = db.pragma('journal_mode', { simple: true });
    db.close();
    expect(mode).toBe(0o600);
    expect(journal).toBe('wal');
  });
});

describe('start-up migration', () => {
  it('migrates a new database from scratch', () => {
    const db = openDatabase(temp.file('new.db'));

    const result = createMigrator(db, migrations).prepare();

    expect(result).toEqual({ stamped: false, applied: ALL });
    expect(tables(db)).toEqual(
      expect.arrayContaining([
        'app_passwords',
        'audit_log',
        'encryption_key_check',
        'oauth_clients',
        'oauth_sessions',
        'refresh_tokens',
        'schema_migrations',
        'webhooks',
      ]),
    );
    db.close();
  });

  it('stamps a database from before the migration system as 001 without changing its schema, then upgrades', () => {
    const legacy = new Database(temp.file('legacy.db'));
    legacy.exec(migrations[0]!.up);
    legacy
      .prepare(
        "INSERT INTO refresh_tokens (user_id, encrypted_token, created_at, updated_at) VALUES ('alice', x'00', 1, 1)",
      )
      .run();
    const schemaBefore = legacy.prepare("SELECT sql FROM sqlite_master WHERE name = 'refresh_tokens'").get();
    legacy.close();
    const db = openDatabase(temp.file('legacy.db'));

    const result = createMigrator(db, migrations).prepare();

    expect(result).toEqual({ stamped: true, applied: AFTER_001 });
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'refresh_tokens'").get()).toEqual(schemaBefore);
    expect(db.prepare('SELECT count(*) AS n FROM refresh_tokens').get()).toEqual({ n: 1 });
    db.close();
  });

  it('upgrades a migrated database to the latest', () => {
    const first = openDatabase(temp.file('old.db'));
    createMigrator(first, migrations).upgrade('001');
    first.close();
    const db = openDatabase(temp.file('old.db'));

    const result = createMigrator(db, migrations).prepare();

    expect(result).toEqual({ stamped: false, applied: AFTER_001 });
    expect(createMigrator(db, migrations).current()).toBe(LATEST);
    db.close();
  });
});

describe('downgrade and history', () => {
  it('reverts one step, then all the way to base', () => {
    const db = openDatabase(temp.file('down.db'));
    const migrator = createMigrator(db, migrations);
    migrator.upgrade();

    const oneStep = migrator.downgrade();
    const toBase = migrator.downgrade('base');

    expect(oneStep).toEqual([LATEST]);
    expect(toBase).toEqual(ALL.slice(0, -1).reverse());
    expect(tables(db)).toEqual(['schema_migrations']);
    db.close();
  });

  it('lists applied and pending revisions with descriptions', () => {
    const db = openDatabase(temp.file('history.db'));
    const migrator = createMigrator(db, migrations);
    migrator.upgrade('001');

    const history = migrator.history();

    expect(history.map((h) => [h.revision, h.appliedAt !== undefined])).toEqual(
      ALL.map((revision) => [revision, revision === '001']),
    );
    expect(history[1]!.description).toMatch(/app_passwords/);
    db.close();
  });

  it('refuses to act on a database from a newer version', () => {
    const db = openDatabase(temp.file('newer.db'));
    const migrator = createMigrator(db, migrations);
    migrator.upgrade();
    db.prepare("INSERT INTO schema_migrations VALUES ('999', 'future', 0)").run();

    expect(() => migrator.upgrade()).toThrow(/newer version/);
    db.close();
  });
});
