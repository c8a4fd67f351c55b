// The `db` subcommands: upgrade, current, history, downgrade and migrate.
import { existsSync } from 'node:fs';
import { type CliIo, EXIT } from './cli-io.js';
import { readEnvironment } from './settings/environment.js';
import { parseSettings } from './settings/settings.js';
import { openDatabase } from './store/database.js';
import { createMigrationFile, loadMigrations } from './store/migration-files.js';
import { createMigrator, type Migrator, UnknownRevisionError } from './store/migrator.js';

const DB_USAGE = 'Usage: nextcloud-mcp-server db <upgrade|current|history|downgrade|migrate "<description>">';

export interface DbOptions {
  database?: string;
  revision?: string;
  yes?: boolean;
  migrationsDir?: string;
}

export async function runDbCommand(args: string[], options: DbOptions, io: CliIo): Promise<number> {
  const [subcommand, ...rest] = args;
  if (subcommand === 'migrate') return writeMigration(rest, options, io);
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
