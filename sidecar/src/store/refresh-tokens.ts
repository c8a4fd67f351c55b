// Per-user refresh tokens for background work, encrypted at rest; every store and delete is audited.
import type { AuditLog } from './audit-log.js';
import type { SqliteDatabase } from './database.js';
import { refreshTokenContext } from './encrypted-columns.js';
import type { SecretBox } from './secret-box.js';

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
  store(userId: string, token: string, scopes: string[], expiresAt?: Date, requestId?: string): void;
  get(userId: string): RefreshTokenRecord | undefined;
  /** Returns whether one existed. */
  delete(userId: string, requestId?: string): boolean;
}

const TABLE = 'refresh_tokens';

export function createRefreshTokenStore(deps: {
  db: SqliteDatabase;
  box: SecretBox;
  audit: AuditLog;
  clock?: () => Date;
}): RefreshTokenStore {
  const { db, box, audit } = deps;
  const clock = deps.clock ?? (() => new Date());
  const upsert = db.prepare(`INSERT INTO ${TABLE} (user_id, encrypted_token, scopes, expires_at, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET encrypted_token = excluded.encrypted_token,
      scopes = excluded.scopes, expires_at = excluded.expires_at, updated_at = excluded.updated_at`);
  const select = db.prepare(`SELECT * FROM ${TABLE} WHERE user_id = ?`);
  const remove = db.prepare(`DELETE FROM ${TABLE} WHERE user_id = ?`);
  const context = refreshTokenContext;

  return {
    store: db.transaction((userId: string, token: string, scopes: string[], expiresAt?: Date, requestId?: string) => {
      const now = clock().getTime();
      upsert.run(userId, box.encrypt(token, context(userId)), scopes.join(' '), expiresAt?.getTime() ?? null, now, now);
      audit.write({ userId, action: 'refresh_token.store', requestId });
    }),
    get(userId) {
      const row = select.get(userId) as Record<string, unknown> | undefined;
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
    delete: db.transaction((userId: string, requestId?: string) => {
      const existed = remove.run(userId).changes > 0;
      audit.write({ userId, action: 'refresh_token.delete', outcome: existed ? 'ok' : 'none', requestId });
      return existed;
    }),
  };
}
