// What opening the store did, in the log: migrations applied, what happened to the secrets at a key change, and a
// SQLite file left behind when the state moved to PostgreSQL.
import { existsSync } from 'node:fs';
import type { Logger } from '../logging/logger.js';
import type { EncryptionPreparation } from './key-check.js';
import type { MigrationOutcome } from './migrator.js';

export function logMigration(logger: Logger, migration: MigrationOutcome): void {
  if (migration.stamped) logger.info('database predates migrations: stamped revision 001');
  if (migration.setAside.length > 0) {
    logger.warn(
      { setAside: migration.setAside.map((table) => `${table.from} → ${table.to}`) },
      'a database of the older Python implementation: its tokens and clients were kept under new names and are not ' +
        'used; users sign in and provision their app passwords again',
    );
  }
  if (migration.applied.length > 0) logger.info({ applied: migration.applied }, 'database migrated');
}

export function logEncryption(logger: Logger, encryption: EncryptionPreparation | undefined): void {
  if (!encryption) return;
  if (encryption.reencrypted > 0) {
    logger.info(
      { reencrypted: encryption.reencrypted },
      'secrets re-encrypted under TOKEN_ENCRYPTION_KEY; TOKEN_ENCRYPTION_KEY_PREVIOUS can be removed',
    );
  }
  if (encryption.unreadable.total > 0) {
    logger.warn(
      { unreadable: encryption.unreadable.byColumn },
      'some secrets open with neither encryption key; their users must provision again',
    );
  }
}

/** With DATABASE_URL the SQLite file is not read: its users provision again unless someone copies the data over. */
export function warnUnusedSqliteFile(logger: Logger, database: { url?: string; sqlitePath: string }): void {
  if (!database.url || !existsSync(database.sqlitePath)) return;
  logger.warn(
    'DATABASE_URL is set, so the SQLite file TOKEN_STORAGE_DB is not used: app passwords and tokens stored there are ' +
      'not in PostgreSQL; users provision again (or remove the file to silence this).',
  );
}
