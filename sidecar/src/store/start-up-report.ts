// What opening the store did, in the log: migrations applied, and what happened to the secrets at a key change.
import type { Logger } from '../logging/logger.js';
import type { EncryptionPreparation } from './key-check.js';

export function logMigration(logger: Logger, migration: { stamped: boolean; applied: string[] }): void {
  if (migration.stamped) logger.info('database predates migrations: stamped revision 001');
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
