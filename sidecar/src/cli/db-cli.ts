// The `db` subcommands: upgrade, current, history, downgrade, migrate and rotate-key, on SQLite (TOKEN_STORAGE_DB or
// --database) or PostgreSQL (DATABASE_URL, or a postgres:// URL given to --database).
import { existsSync } from 'node:fs';
import { type CliIo, EXIT } from './cli-io.js';
import { readEnvironment } from '../settings/environment.js';
import { parseSettings, type Settings } from '../settings/settings.js';
import { createMigrationFiles, loadMigrations, migrationsDirFor } from '../store/migration-files.js';
import { LegacySchemaError, type LegacyPreparation } from '../store/legacy-schema.js';
import { createMigrator, type Migrator, UnknownRevisionError } from '../store/migrator.js';
import { rotateEncryptionKey } from '../store/key-check.js';
import { createSecretBox } from '../store/secret-box.js';
import { openSqlDatabase } from '../store/sql/open-sql-database.js';
import type { SqlDatabase } from '../store/sql/sql-database.js';

const DB_USAGE =
  'Usage: nextcloud-mcp-server db <upgrade|current|history|downgrade|rotate-key|migrate "<description>">';

export interface DbOptions {
  database?: string;
  revision?: string;
  yes?: boolean;
  migrationsDir?: string;
}

export async function runDbCommand(args: string[], options: DbOptions, io: CliIo): Promise<number> {
  const [subcommand, ...rest] = args;
  if (subcommand === 'migrate') return writeMigration(rest, options, io);
  if (subcommand === 'rotate-key' && rest.length === 0) return rotateKey(options, io);
  if (!subcommand || !['upgrade', 'current', 'history', 'downgrade'].includes(subcommand) || rest.length > 0) {
    io.stderr(`${DB_USAGE}\n`);
    return EXIT.usage;
  }
  const target = databaseTarget(options, parseSettings(io.env ?? readEnvironment(), 'database'));
  const readOnly = subcommand === 'current' || subcommand === 'history';
  const db = await openSqlDatabase(
    target.url
      ? { url: target.url, sqlitePath: '' }
      : { sqlitePath: readOnly && !existsSync(target.path) ? ':memory:' : target.path },
  );
  try {
    const migrator = createMigrator(db, loadMigrations(migrationsDirFor(db.engine, options.migrationsDir)));
    switch (subcommand) {
      case 'upgrade':
        return await upgrade(migrator, options, io);
      case 'current':
        io.stdout(`${(await migrator.current()) ?? 'base (no revision applied)'}\n`);
        return EXIT.ok;
      case 'history':
        return await history(migrator, io);
      default:
        return await downgrade(migrator, target.label, options, io);
    }
  } catch (error) {
    if (error instanceof UnknownRevisionError || error instanceof LegacySchemaError) {
      io.stderr(`${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  } finally {
    await db.close();
  }
}

/** --database (a file, or a postgres:// URL), else DATABASE_URL, else TOKEN_STORAGE_DB; `label` never shows a URL. */
function databaseTarget(options: DbOptions, settings: Settings): { url?: string; path: string; label: string } {
  const given = options.database;
  const url = given === undefined ? settings.database.url : /^postgres(ql)?:\/\//.test(given) ? given : undefined;
  if (url) return { url, path: '', label: 'the PostgreSQL database' };
  const path = given ?? settings.tokenStorageDb;
  return { path, label: path };
}

async function upgrade(migrator: Migrator, options: DbOptions, io: CliIo): Promise<number> {
  const stamp = await migrator.stampLegacy();
  if (stamp) io.stdout(describeStamp(stamp));
  const applied = await migrator.upgrade(options.revision);
  io.stdout(applied.length ? `Applied ${applied.join(', ')}.\n` : 'Already up to date.\n');
  io.stdout(`Current revision: ${(await migrator.current()) ?? 'base'}\n`);
  return EXIT.ok;
}

function describeStamp(stamp: LegacyPreparation): string {
  const lines = ['Database predates migrations: stamped revision 001.'];
  if (stamp.created.length > 0) lines.push(`Created the missing tables: ${stamp.created.join(', ')}.`);
  for (const { from, to } of stamp.setAside) {
    lines.push(`Kept the older implementation's table ${from} as ${to} (not used; users provision again).`);
  }
  return `${lines.join('\n')}\n`;
}

async function history(migrator: Migrator, io: CliIo): Promise<number> {
  for (const entry of await migrator.history()) {
    const state = entry.appliedAt ? `applied ${entry.appliedAt.toISOString()}` : 'pending';
    io.stdout(`${entry.revision}  ${state.padEnd(32)}  ${entry.description}\n`);
  }
  return EXIT.ok;
}

async function downgrade(migrator: Migrator, label: string, options: DbOptions, io: CliIo): Promise<number> {
  const target = options.revision ?? 'one revision back';
  if (!options.yes) {
    if (!io.confirm) {
      io.stderr('Refusing to downgrade without a terminal to confirm on; pass --yes to proceed.\n');
      return EXIT.usage;
    }
    const now = (await migrator.current()) ?? 'base';
    const question = `Downgrade ${label} (now at ${now}) to ${target}? Reverted tables lose their data.`;
    if (!(await io.confirm(question))) {
      io.stdout('Nothing changed.\n');
      return EXIT.ok;
    }
  }
  const reverted = await migrator.downgrade(options.revision);
  io.stdout(reverted.length ? `Reverted ${reverted.join(', ')}.\n` : 'Nothing to revert.\n');
  io.stdout(`Current revision: ${(await migrator.current()) ?? 'base'}\n`);
  return EXIT.ok;
}

function writeMigration(args: string[], options: DbOptions, io: CliIo): number {
  const description = args.join(' ').trim();
  if (!description) {
    io.stderr(`${DB_USAGE}\n`);
    return EXIT.usage;
  }
  for (const path of createMigrationFiles(description, options.migrationsDir)) io.stdout(`Created ${path}\n`);
  return EXIT.ok;
}

/**
 * Re-encrypts every stored secret under TOKEN_ENCRYPTION_KEY, reading with it or TOKEN_ENCRYPTION_KEY_PREVIOUS, in
 * one transaction (pending migrations are applied first, as at start). Exit 1, changing nothing, when a secret opens
 * with neither key; 2 when the keys are missing or neither is the database's.
 */
async function rotateKey(options: DbOptions, io: CliIo): Promise<number> {
  const settings = parseSettings(io.env ?? readEnvironment(), 'database');
  const target = databaseTarget(options, settings);
  if (!settings.tokenEncryptionKey) {
    io.stderr(
      'db rotate-key needs TOKEN_ENCRYPTION_KEY (the new key) and, to change keys, TOKEN_ENCRYPTION_KEY_PREVIOUS.\n',
    );
    return EXIT.usage;
  }
  if (!target.url && !existsSync(target.path)) {
    io.stderr(`There is no database at ${target.path} (TOKEN_STORAGE_DB or --database).\n`);
    return EXIT.usage;
  }
  const box = await createSecretBox(settings.tokenEncryptionKey, settings.tokenEncryptionKeyPrevious);
  const db: SqlDatabase = await openSqlDatabase({ url: target.url, sqlitePath: target.path });
  try {
    const migrations = loadMigrations(migrationsDirFor(db.engine, options.migrationsDir));
    const { applied } = await createMigrator(db, migrations).prepare();
    if (applied.length > 0) io.stdout(`Applied ${applied.join(', ')}.\n`);
    const { reencrypted, unreadable } = await rotateEncryptionKey(db, box);
    if (unreadable.total > 0) {
      const where = Object.entries(unreadable.byColumn).map(([column, count]) => `${column}: ${count}`);
      io.stderr(`${unreadable.total} stored secrets open with neither key (${where.join(', ')}); nothing changed.\n`);
      return EXIT.failure;
    }
    io.stdout(`Re-encrypted ${reencrypted} stored secrets under TOKEN_ENCRYPTION_KEY.\n`);
    return EXIT.ok;
  } finally {
    await db.close();
  }
}
