// Users' current access tokens, encrypted at rest, shared by every sidecar process on the database: the one that
// refreshed writes it, the others read it instead of refreshing again. Short-lived; a row past its expiry is ignored.
import { accessTokenContext } from './encrypted-columns.js';
import type { SecretBox } from './secret-box.js';
import type { SqlDatabase } from './sql/sql-database.js';

export interface SharedAccessToken {
  accessToken: string;
  expiresAt: Date;
}

export interface AccessTokenStore {
  /** The stored token when it stays valid until at least `validUntil`. */
  get(userId: string, validUntil: Date): Promise<SharedAccessToken | undefined>;
  put(userId: string, token: SharedAccessToken): Promise<void>;
  /** Returns whether one existed. */
  delete(userId: string): Promise<boolean>;
}

export function createAccessTokenStore(db: SqlDatabase, box: SecretBox): AccessTokenStore {
  return {
    async get(userId, validUntil) {
      const row = await db.get<{ encrypted_token: Buffer; expires_at: number }>(
        'SELECT encrypted_token, expires_at FROM access_tokens WHERE user_id = ? AND expires_at > ?',
        [userId, validUntil.getTime()],
      );
      if (!row) return undefined;
      return {
        accessToken: box.decrypt(row.encrypted_token, accessTokenContext(userId)),
        expiresAt: new Date(row.expires_at),
      };
    },
    async put(userId, token) {
      await db.run(
        `INSERT INTO access_tokens (user_id, encrypted_token, expires_at) VALUES (?, ?, ?)
        ON CONFLICT (user_id) DO UPDATE SET encrypted_token = excluded.encrypted_token, expires_at = excluded.expires_at`,
        [userId, box.encrypt(token.accessToken, accessTokenContext(userId)), token.expiresAt.getTime()],
      );
    },
    delete: async (userId) => (await db.run('DELETE FROM access_tokens WHERE user_id = ?', [userId])).changes > 0,
  };
}
