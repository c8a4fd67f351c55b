// Applies, reverts and reports schema migrations; stamps databases from before the migration system.
import type { SqliteDatabase } from './database.js';
import type { Migration } from './migration-files.js';

export interface MigrationState {
  revision: string;
  description: string;
  appliedAt?: Date;
}

export interface Migrator {
  /** The applied revision, or undefined for an empty database. */
  current(): string | undefined;
  /** Every known migration, applied ones with their time. */
  history(): MigrationState[];
  /** Applies pending migrations up to `target` (default: the latest); returns the revisions applied. */
  upgrade(target?: string): string[];
  /** Reverts migrations above `target` ("base" reverts all; default: one step); returns the revisions reverted. */
  downgrade(target?: string): string[];
  /** Records 001 without running it when the database predates the migration system; returns whether it did. */
  stampLegacy(): boolean;
  /** The start-up path: stamps a pre-migration database as 001, then upgrades to the latest. */
  prepare(): { stamped: boolean; applied: string[] };
}

export const BASE_REVISION = 'base';
/** A table that 001 creates: its presence without a migration record marks a database from before migrations. */
const LEGACY_MARKER_TABLE = 'refresh_tokens';

export function createMigrator(db: SqliteDatabase, migrations: Migration[]): Migrator {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    revision TEXT PRIMARY KEY, description TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const applied = () =>
    db.prepare('SELECT revision, applied_at FROM schema_migrations ORDER BY revision').all() as {
      revision: string;
      applied_at: number;
    }[];
  const current = () => applied().at(-1)?.revision;
  const record = db.prepare('INSERT INTO schema_migrations (revision, description, applied_at) VALUES (?, ?, ?)');
  const unrecord = db.prepare('DELETE FROM schema_migrations WHERE revision = ?');

  const indexOf = (revision: string | undefined) => migrations.findIndex((m) => m.revision === revision);
  const requireKnown = (revision: string) => {
    if (revision !== BASE_REVISION && indexOf(revision) < 0) throw new UnknownRevisionError(revision);
  };

  const requireKnownCurrent = () => {
    const revision = current();
    if (revision !== undefined && indexOf(revision) < 0) throw new UnknownRevisionError(revision);
  };

  const upgrade = (target?: string): string[] => {
    requireKnownCurrent();
    if (target !== undefined) requireKnown(target);
    const last = target === undefined ? migrations.length - 1 : indexOf(target);
    const pending = migrations.slice(indexOf(current()) + 1, last + 1);
    for (const migration of pending) {
      db.transaction(() => {
        db.exec(migration.up);
        record.run(migration.revision, migration.description, Date.now());
      })();
    }
    return pending.map((m) => m.revision);
  };

  const downgrade = (target?: string): string[] => {
    requireKnownCurrent();
    if (target !== undefined) requireKnown(target);
    const from = indexOf(current());
    const to = target === undefined ? from - 1 : target === BASE_REVISION ? -1 : indexOf(target);
    const reverting = migrations.slice(to + 1, from + 1).reverse();
    for (const migration of reverting) {
      db.transaction(() => {
        db.exec(migration.down);
        unrecord.run(migration.revision);
      })();
    }
    return reverting.map((m) => m.revision);
  };

  const stampLegacy = (): boolean => {
    const first = migrations[0];
    if (current() !== undefined || !first || !hasTable(db, LEGACY_MARKER_TABLE)) return false;
    record.run(first.revision, first.description, Date.now());
    return true;
  };

  return {
    current,
    history: () => {
      const times = new Map(applied().map((row) => [row.revision, new Date(row.applied_at)]));
      return migrations.map((m) => ({
        revision: m.revision,
        description: m.description,
        appliedAt: times.get(m.revision),
      }));
    },
    upgrade,
    downgrade,
    stampLegacy,
    prepare: () => {
      const stamped = stampLegacy();
      return { stamped, applied: upgrade() };
    },
  };
}

export class UnknownRevisionError extends Error {
  constructor(readonly revision: string) {
    super(`Unknown revision "${revision}" (is the database from a newer version of the sidecar?).`);
  }
}

function hasTable(db: SqliteDatabase, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}
