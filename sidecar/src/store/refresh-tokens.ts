// Per-user refresh tokens for background work, encrypted at rest; every store and delete is audited in the same
// transaction.
import type { AuditLog } from './audit-log.js';
import { refreshTokenContext } from './encrypted-columns.js';
import type { SecretBox } from './secret-box.js';
import type { SqlDatabase } from './sql/sql-database.js';

export interface RefreshTokenRecord {
  userId: string;
  token: string;
  scopes: string[];
  expiresAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

export interface RefreshTokenStore {
  /** Creates or replaces (rotation) the user's refresh token; the first creation time is kept. */
  store(userId: string, token: string, scopes: string[], expiresAt?: Date, requestId?: string): Promise<void>;
  get(userId: string): Promise<RefreshTokenRecord | undefined>;
  /** Returns whether one existed. */
  delete(userId: string, requestId?: string): Promise<boolean>;
}

const TABLE = 'refresh_tokens';

export function createRefreshTokenStore(deps: {
  db: SqlDatabase;
  box: SecretBox;
  audit: AuditLog;
  clock?: () => Date;
}): RefreshTokenStore {
  const { db, box, audit } = deps;
  const clock = deps.clock ?? (() => new Date());
  const context = refreshTokenContext;

  return {
    store: (userId, token, scopes, expiresAt, requestId) =>
      db.transaction(async (tx) => {
        const now = clock().getTime();
        await tx.run(
          `INSERT INTO ${TABLE} (user_id, encrypted_token, scopes, expires_at, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET encrypted_token = excluded.encrypted_token,
            scopes = excluded.scopes, expires_at = excluded.expires_at, updated_at = excluded.updated_at`,
          [userId, box.encrypt(token, context(userId)), scopes.join(' '), expiresAt?.getTime() ?? null, now, now],
        );
        await audit.write({ userId, action: 'refresh_token.store', requestId }, tx);
      }),
    async get(userId) {
      const row = await db.get(`SELECT * FROM ${TABLE} WHERE user_id = ?`, [userId]);
      if (!row) return undefined;
      return {
        userId,
        token: box.decrypt(row.encrypted_token as Buffer, context(userId)),
        scopes: (row.scopes as string).split(' ').filter(Boolean),
        expiresAt: row.expires_at === null ? undefined : new Date(row.expires_at as number),
        createdAt: new Date(row.created_at as number),
        updatedAt: new Date(row.updated_at as number),
      };
    },
    delete: (userId, requestId) =>
      db.transaction(async (tx) => {
        const existed = (await tx.run(`DELETE FROM ${TABLE} WHERE user_id = ?`, [userId])).changes > 0;
        await audit.write({ userId, action: 'refresh_token.delete', outcome: existed ? 'ok' : 'none', requestId }, tx);
        return existed;
      }),
  };
}
