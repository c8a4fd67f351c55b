// The sidecar's store: opens and migrates the database, and offers the secret stores built on it.
import { createAppPasswordStore, type AppPasswordStore } from './app-passwords.js';
import { createAuditLog, type AuditLog } from './audit-log.js';
import { openDatabase, type SqliteDatabase } from './database.js';
import { loadMigrations, DEFAULT_MIGRATIONS_DIR } from './migration-files.js';
import { createMigrator } from './migrator.js';
import { createOAuthClientStore, type OAuthClientStore } from './oauth-clients.js';
import { createOAuthSessionStore, type OAuthSessionStore } from './oauth-sessions.js';
import { createRefreshTokenStore, type RefreshTokenStore } from './refresh-tokens.js';
import { createSecretBox } from './secret-box.js';

export interface TokenStorage {
  db: SqliteDatabase;
  /** Present when an encryption key is configured (as are the other secret stores). */
  appPasswords?: AppPasswordStore;
  refreshTokens?: RefreshTokenStore;
  oauthClients?: OAuthClientStore;
  oauthSessions?: OAuthSessionStore;
  audit: AuditLog;
  /** What start-up did to the schema. */
  migration: { stamped: boolean; applied: string[] };
  /** True while the database answers a trivial query. */
  isHealthy(): boolean;
  close(): void;
}

export interface TokenStorageOptions {
  path: string;
  encryptionKey?: Uint8Array;
  migrationsDir?: string;
  clock?: () => Date;
}

export async function openTokenStorage(options: TokenStorageOptions): Promise<TokenStorage> {
  const box = options.encryptionKey ? await createSecretBox(options.encryptionKey) : undefined;
  const db = openDatabase(options.path);
  try {
    const migration = createMigrator(db, loadMigrations(options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR)).prepare();
    const audit = createAuditLog(db, options.clock);
    const ping = db.prepare('SELECT 1');
    return {
      db,
      appPasswords: box && createAppPasswordStore({ db, box, audit, clock: options.clock }),
      refreshTokens: box && createRefreshTokenStore({ db, box, audit, clock: options.clock }),
      oauthClients: box && createOAuthClientStore(db, box),
      oauthSessions: box && createOAuthSessionStore(db, box),
      audit,
      migration,
      isHealthy: () => {
        try {
          return db.open && ping.get() !== undefined;
        } catch {
          return false;
        }
      },
      close: () => db.close(),
    };
  } catch (error) {
    db.close();
    throw error;
  }
}
