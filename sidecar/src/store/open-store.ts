// The sidecar's store: opens and migrates the database (SQLite, or PostgreSQL with DATABASE_URL), checks the
// encryption key, and offers the secret stores.
import { createAccessTokenStore, type AccessTokenStore } from './access-tokens.js';
import { createAppPasswordStore, type AppPasswordStore } from './app-passwords.js';
import { createAuditLog, type AuditLog } from './audit-log.js';
import { keyCheckOpens, prepareEncryption, type EncryptionPreparation } from './key-check.js';
import { loadMigrations, DEFAULT_MIGRATIONS_DIR, migrationsDirFor } from './migration-files.js';
import { createMigrator, type MigrationOutcome } from './migrator.js';
import { createOAuthClientStore, type OAuthClientStore } from './oauth-clients.js';
import { createOAuthSessionStore, type OAuthSessionStore } from './oauth-sessions.js';
import { createRefreshTokenStore, type RefreshTokenStore } from './refresh-tokens.js';
import { createSecretBox, type SecretBox } from './secret-box.js';
import { openSqlDatabase } from './sql/open-sql-database.js';
import type { SqlDatabase } from './sql/sql-database.js';

/** `cannot_decrypt`: the stored key check no longer opens with our key (another process changed keys). */
export type StoreHealth = 'ok' | 'failing' | 'cannot_decrypt';

export interface Store {
  db: SqlDatabase;
  /** Present when an encryption key is configured (as are the other secret stores). */
  appPasswords?: AppPasswordStore;
  refreshTokens?: RefreshTokenStore;
  /** Current access tokens, shared by the processes on this database. */
  accessTokens?: AccessTokenStore;
  oauthClients?: OAuthClientStore;
  oauthSessions?: OAuthSessionStore;
  audit: AuditLog;
  /** The key's AEAD, for stores of other capabilities (webhook registrations); absent without a key. */
  box?: SecretBox;
  /** What start-up did to the schema. */
  migration: MigrationOutcome;
  /** What start-up did with the encryption key (undefined without a key). */
  encryption?: EncryptionPreparation;
  /** `ok` while the database answers a trivial query and, with a key, the key check opens. */
  health(): Promise<StoreHealth>;
  close(): Promise<void>;
}

export interface StoreOptions {
  /** TOKEN_STORAGE_DB: the SQLite file, used when `databaseUrl` is not given. */
  path: string;
  /** DATABASE_URL: PostgreSQL, shared by every replica. */
  databaseUrl?: string;
  /** DATABASE_POOL_MAX: PostgreSQL connections at most. */
  databasePoolMax?: number;
  encryptionKey?: Uint8Array;
  /** TOKEN_ENCRYPTION_KEY_PREVIOUS: secrets still under it are re-encrypted under `encryptionKey` at start. */
  previousEncryptionKey?: Uint8Array;
  /** A folder laid out as the repository's migrations/ (SQLite's files, PostgreSQL's under postgres/). */
  migrationsDir?: string;
  clock?: () => Date;
}

/** Throws EncryptionKeyError (a SettingsError) when the key is not the one the stored secrets were written with. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const box = options.encryptionKey
    ? await createSecretBox(options.encryptionKey, options.previousEncryptionKey)
    : undefined;
  const db = await openSqlDatabase({
    url: options.databaseUrl,
    poolMax: options.databasePoolMax,
    sqlitePath: options.path,
  });
  try {
    const migrationsDir = migrationsDirFor(db.engine, options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
    const migration = await createMigrator(db, loadMigrations(migrationsDir)).prepare();
    const encryption = box && (await prepareEncryption(db, box));
    const audit = createAuditLog(db, options.clock);
    return {
      db,
      appPasswords: box && createAppPasswordStore({ db, box, audit, clock: options.clock }),
      refreshTokens: box && createRefreshTokenStore({ db, box, audit, clock: options.clock }),
      accessTokens: box && createAccessTokenStore(db, box),
      oauthClients: box && createOAuthClientStore(db, box),
      oauthSessions: box && createOAuthSessionStore(db, box, { clock: options.clock }),
      audit,
      box,
      migration,
      encryption,
      health: async () => {
        try {
          if (!(await db.ping())) return 'failing';
          return !box || (await keyCheckOpens(db, box)) ? 'ok' : 'cannot_decrypt';
        } catch {
          return 'failing';
        }
      },
      close: () => db.close(),
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
