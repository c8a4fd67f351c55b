// The `db` subcommands: upgrade, current, history, downgrade, migrate and rotate-key.
import { existsSync } from 'node:fs';
import { type CliIo, EXIT } from './cli-io.js';
import { readEnvironment } from './settings/environment.js';
import { parseSettings } from './settings/settings.js';
import { openDatabase } from './store/database.js';
import { createMigrationFile, loadMigrations } from './store/migration-files.js';
import { createMigrator, type Migrator, UnknownRevisionError } from './store/migrator.js';
import { rotateEncryptionKey } from './store/key-check.js';
import { createSecretBox } from './store/secret-box.js';

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
  const path = options.database ?? parseSettings(io.env ?? readEnvironment(), 'database').tokenStorageDb;
  const readOnly = subcommand === 'current' || subcommand === 'history';
  const db = openDatabase(readOnly && !existsSync(path) ? ':memory:' : path);
  try {
    const migrator = createMigrator(db, loadMigrations(options.migrationsDir));
    switch (subcommand) {
      case 'upgrade':
        return upgrade(migrator, options, io);
      case 'current':
        io.stdout(`${migrator.current() ?? 'base (no revision applied)'}\n`);
        return EXIT.ok;
      case 'history':
        return history(migrator, io);
      default:
        return await downgrade(migrator, path, options, io);
    }
  } catch (error) {
    if (error instanceof UnknownRevisionError) {
      io.stderr(`${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  } finally {
    db.close();
  }
}

function upgrade(migrator: Migrator, options: DbOptions, io: CliIo): number {
  if (migrator.stampLegacy()) io.stdout('Database predates migrations: stamped revision 001.\n');
  const applied = migrator.upgrade(options.revision);
  io.stdout(applied.length ? `Applied ${applied.join(', ')}.\n` : 'Already up to date.\n');
  io.stdout(`Current revision: ${migrator.current() ?? 'base'}\n`);
  return EXIT.ok;
}

function history(migrator: Migrator, io: CliIo): number {
  for (const entry of migrator.history()) {
    const state = entry.appliedAt ? `applied ${entry.appliedAt.toISOString()}` : 'pending';
    io.stdout(`${entry.revision}  ${state.padEnd(32)}  ${entry.description}\n`);
  }
  return EXIT.ok;
}

async function downgrade(migrator: Migrator, path: string, options: DbOptions, io: CliIo): Promise<number> {
  const target = options.revision ?? 'one revision back';
  if (!options.yes) {
    if (!io.confirm) {
      io.stderr('Refusing to downgrade without a terminal to confirm on; pass --yes to proceed.\n');
      return EXIT.usage;
    }
    const question = `Downgrade ${path} (now at ${migrator.current() ?? 'base'}) to ${target}? Reverted tables lose their data.`;
    if (!(await io.confirm(question))) {
      io.stdout('Nothing changed.\n');
      return EXIT.ok;
    }
  }
  const reverted = migrator.downgrade(options.revision);
  io.stdout(reverted.length ? `Reverted ${reverted.join(', ')}.\n` : 'Nothing to revert.\n');
  io.stdout(`Current revision: ${migrator.current() ?? 'base'}\n`);
  return EXIT.ok;
}

function writeMigration(args: string[], options: DbOptions, io: CliIo): number {
  const description = args.join(' ').trim();
  if (!description) {
    io.stderr(`${DB_USAGE}\n`);
    return EXIT.usage;
  }
  io.stdout(`Created ${createMigrationFile(description, options.migrationsDir)}\n`);
  return EXIT.ok;
}

/**
 * Re-encrypts every stored secret under TOKEN_ENCRYPTION_KEY, reading with it or TOKEN_ENCRYPTION_KEY_PREVIOUS, in
 * one transaction (pending migrations are applied first, as at start). Exit 1, changing nothing, when a secret opens
 * with neither key; 2 when the keys are missing or neither is the database's.
 */
async function rotateKey(options: DbOptions, io: CliIo): Promise<number> {
  const settings = parseSettings(io.env ?? readEnvironment(), 'database');
  const path = options.database ?? settings.tokenStorageDb;
  if (!settings.tokenEncryptionKey) {
    io.stderr(
      'db rotate-key needs TOKEN_ENCRYPTION_KEY (the new key) and, to change keys, TOKEN_ENCRYPTION_KEY_PREVIOUS.\n',
    );
    return EXIT.usage;
  }
  if (!existsSync(path)) {
    io.stderr(`There is no database at ${path} (TOKEN_STORAGE_DB or --database).\n`);
    return EXIT.usage;
  }
  const box = await createSecretBox(settings.tokenEncryptionKey, settings.tokenEncryptionKeyPrevious);
  const db = openDatabase(path);
  try {
    const { applied } = createMigrator(db, loadMigrations(options.migrationsDir)).prepare();
    if (applied.length > 0) io.stdout(`Applied ${applied.join(', ')}.\n`);
    const { reencrypted, unreadable } = rotateEncryptionKey(db, box);
    if (unreadable.total > 0) {
      const where = Object.entries(unreadable.byColumn).map(([column, count]) => `${column}: ${count}`);
      io.stderr(`${unreadable.total} stored secrets open with neither key (${where.join(', ')}); nothing changed.\n`);
      return EXIT.failure;
    }
    io.stdout(`Re-encrypted ${reencrypted} stored secrets under TOKEN_ENCRYPTION_KEY.\n`);
    return EXIT.ok;
  } finally {
    db.close();
  }
}
