// Migration files: `NNN_name.sql` with a description and `-- migrate:up` / `-- migrate:down` parts; SQLite's in
// migrations/, PostgreSQL's in migrations/postgres/, the same revisions in both.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlEngine } from './sql/sql-database.js';

export interface Migration {
  revision: string;
  description: string;
  up: string;
  down: string;
}

/** The repository's migrations/ folder, found from this module in src/ or dist/. */
export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));

/** The folder of `engine`'s migrations under a migrations folder laid out as the repository's. */
export function migrationsDirFor(engine: SqlEngine, base = DEFAULT_MIGRATIONS_DIR): string {
  return engine === 'sqlite' ? base : join(base, 'postgres');
}

const FILE_PATTERN = /^(\d{3})_([a-z0-9_]+)\.sql$/;

export function loadMigrations(dir = DEFAULT_MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => FILE_PATTERN.test(file))
    .sort()
    .map((file) => parseMigration(file, readFileSync(join(dir, file), 'utf8')));
}

function parseMigration(file: string, text: string): Migration {
  const revision = FILE_PATTERN.exec(file)?.[1] ?? '';
  const upAt = text.indexOf('-- migrate:up');
  const downAt = text.indexOf('-- migrate:down');
  if (upAt < 0 || downAt < upAt) throw new Error(`Migration ${file} needs "-- migrate:up" then "-- migrate:down".`);
  const description = /^-- description:\s*(.+)$/m.exec(text)?.[1]?.trim() ?? file;
  return {
    revision,
    description,
    up: text.slice(upAt + '-- migrate:up'.length, downAt).trim(),
    down: text.slice(downAt + '-- migrate:down'.length).trim(),
  };
}

/**
 * Writes the next numbered migration with empty up and down parts, for SQLite and (when `dir` has a postgres/
 * folder) for PostgreSQL; returns the paths.
 */
export function createMigrationFiles(description: string, dir = DEFAULT_MIGRATIONS_DIR): string[] {
  const postgresDir = migrationsDirFor('postgres', dir);
  const paths = [createMigrationFile(description, dir)];
  if (existsSync(postgresDir)) paths.push(createMigrationFile(description, postgresDir));
  return paths;
}

function createMigrationFile(description: string, dir: string): string {
  const existing = loadMigrations(dir);
  const next = String(Number(existing.at(-1)?.revision ?? '0') + 1).padStart(3, '0');
  const slug =
    description
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
      .slice(0, 48) || 'change';
  const path = join(dir, `${next}_${slug}.sql`);
  const oneLine = description.replace(/\s+/g, ' ').trim();
  writeFileSync(path, `-- description: ${oneLine}\n-- migrate:up\n\n-- migrate:down\n`, { flag: 'wx' });
  return path;
}
