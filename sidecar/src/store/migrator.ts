// Applies, reverts and reports schema migrations on either engine; stamps databases from before the migration
// system (legacy-schema.ts brings them to 001). Each step runs in one transaction under a named lock, so replicas starting together migrate once.
import { prepareLegacyDatabase, type LegacyPreparation } from './legacy-schema.js';
import type { Migration } from './migration-files.js';
import type { SqlDatabase, SqlExecutor } from './sql/sql-database.js';

export interface MigrationState {
  revision: string;
  description: string;
  appliedAt?: Date;
}

export interface Migrator {
  /** The applied revision, or undefined for an empty database. */
  current(): Promise<string | undefined>;
  /** Every known migration, applied ones with their time. */
  history(): Promise<MigrationState[]>;
  /** Applies pending migrations up to `target` (default: the latest); returns the revisions applied. */
  upgrade(target?: string): Promise<string[]>;
  /** Reverts migrations above `target` ("base" reverts all; default: one step); returns the revisions reverted. */
  downgrade(target?: string): Promise<string[]>;
  /**
   * Brings a database from before the migration system to 001 (creating the 001 tables it lacks, keeping what it has;
   * see legacy-schema.ts) and records 001; undefined when the database does not predate migrations.
   */
  stampLegacy(): Promise<LegacyPreparation | undefined>;
  /** The start-up path: stamps a pre-migration database as 001, then upgrades to the latest. */
  prepare(): Promise<MigrationOutcome>;
}

export interface MigrationOutcome {
  stamped: boolean;
  /** Tables a stamp renamed out of the way (a database of the older Python implementation). */
  setAside: LegacyPreparation['setAside'];
  applied: string[];
}

export const BASE_REVISION = 'base';
/** A table that 001 creates: its presence without a migration record marks a database from before migrations. */
const LEGACY_MARKER_TABLE = 'refresh_tokens';
const LOCK = 'nextcloud-mcp-server:schema-migrations';
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  revision TEXT PRIMARY KEY, description TEXT NOT NULL, applied_at BIGINT NOT NULL)`;

export function createMigrator(db: SqlDatabase, migrations: Migration[]): Migrator {
  let tableReady: Promise<void> | undefined;
  const ensureTable = () => (tableReady ??= db.transaction((tx) => tx.exec(CREATE_TABLE), { lock: LOCK }));
  const applied = async (tx: SqlExecutor = db) => {
    await ensureTable();
    return tx.all<{ revision: string; applied_at: number }>(
      'SELECT revision, applied_at FROM schema_migrations ORDER BY revision',
    );
  };
  const currentIn = async (tx: SqlExecutor) => (await applied(tx)).at(-1)?.revision;
  const record = (tx: SqlExecutor, migration: Migration) =>
    tx.run('INSERT INTO schema_migrations (revision, description, applied_at) VALUES (?, ?, ?)', [
      migration.revision,
      migration.description,
      Date.now(),
    ]);

  const indexOf = (revision: string | undefined) => migrations.findIndex((m) => m.revision === revision);
  const requireKnown = (revision: string | undefined) => {
    if (revision !== undefined && revision !== BASE_REVISION && indexOf(revision) < 0) {
      throw new UnknownRevisionError(revision);
    }
  };
  /** One step per transaction; the step is chosen inside it, so a replica that lost the race finds nothing to do. */
  const step = (choose: (current: string | undefined) => { migration: Migration; up: boolean } | undefined) =>
    db.transaction(
      async (tx) => {
        const current = await currentIn(tx);
        requireKnown(current);
        const next = choose(current);
        if (!next) return undefined;
        await tx.exec(next.up ? next.migration.up : next.migration.down);
        if (next.up) await record(tx, next.migration);
        else await tx.run('DELETE FROM schema_migrations WHERE revision = ?', [next.migration.revision]);
        return next.migration.revision;
      },
      { lock: LOCK },
    );

  const upgrade = async (target?: string): Promise<string[]> => {
    await ensureTable();
    requireKnown(target);
    const last = target === undefined ? migrations.length - 1 : indexOf(target);
    const done: string[] = [];
    for (;;) {
      const revision = await step((current) => {
        const next = indexOf(current) + 1;
        const migration = next <= last ? migrations[next] : undefined;
        return migration && { migration, up: true };
      });
      if (revision === undefined) return done;
      done.push(revision);
    }
  };

  const downgrade = async (target?: string): Promise<string[]> => {
    await ensureTable();
    requireKnown(target);
    requireKnown(await currentIn(db));
    const from = indexOf(await currentIn(db));
    const to = target === undefined ? from - 1 : target === BASE_REVISION ? -1 : indexOf(target);
    const done: string[] = [];
    for (;;) {
      const revision = await step((current) => {
        const at = indexOf(current);
        const migration = at > to ? migrations[at] : undefined;
        return migration && { migration, up: false };
      });
      if (revision === undefined) return done;
      done.push(revision);
    }
  };

  const stampLegacy = async (): Promise<LegacyPreparation | undefined> => {
    await ensureTable();
    const first = migrations[0];
    if (!first) return undefined;
    return db.transaction(
      async (tx) => {
        if ((await currentIn(tx)) !== undefined || !(await hasTable(db, tx, LEGACY_MARKER_TABLE))) return undefined;
        const prepared = await prepareLegacyDatabase(tx, db.engine, first);
        await record(tx, first);
        return prepared;
      },
      { lock: LOCK },
    );
  };

  return {
    current: async () => (await applied()).at(-1)?.revision,
    history: async () => {
      const times = new Map((await applied()).map((row) => [row.revision, new Date(row.applied_at)]));
      return migrations.map((m) => ({
        revision: m.revision,
        description: m.description,
        appliedAt: times.get(m.revision),
      }));
    },
    upgrade,
    downgrade,
    stampLegacy,
    prepare: async () => {
      const stamp = await stampLegacy();
      return { stamped: stamp !== undefined, setAside: stamp?.setAside ?? [], applied: await upgrade() };
    },
  };
}

export class UnknownRevisionError extends Error {
  constructor(readonly revision: string) {
    super(`Unknown revision "${revision}" (is the database from a newer version of the sidecar?).`);
  }
}

async function hasTable(db: SqlDatabase, tx: SqlExecutor, name: string): Promise<boolean> {
  const sql =
    db.engine === 'sqlite'
      ? "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?"
      : 'SELECT 1 AS found FROM pg_tables WHERE schemaname = current_schema() AND tablename = ?';
  return (await tx.get(sql, [name])) !== undefined;
}
