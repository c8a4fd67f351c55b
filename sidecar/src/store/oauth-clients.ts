// OAuth clients this sidecar registered dynamically, with their encrypted secrets and expiry.
import { oauthClientContext } from './encrypted-columns.js';
import type { SecretBox } from './secret-box.js';
import type { SqlDatabase } from './sql/sql-database.js';

export interface OAuthClientRecord {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  registrationAccessToken?: string;
  registrationClientUri?: string;
  redirectUris: string[];
  /** When the provider deletes the client (Nextcloud: one hour after registration by default). */
  expiresAt?: Date;
  createdAt: Date;
}

export interface OAuthClientStore {
  save(record: OAuthClientRecord): Promise<void>;
  /** The newest client for `issuer` that is still valid at `notAfter`. */
  findUsable(issuer: string, notAfter: Date): Promise<OAuthClientRecord | undefined>;
  delete(issuer: string, clientId: string): Promise<void>;
}

const TABLE = 'oauth_clients';

export function createOAuthClientStore(db: SqlDatabase, box: SecretBox): OAuthClientStore {
  const insert = `INSERT INTO ${TABLE} (issuer, client_id, encrypted_client_secret, encrypted_registration_token,
      registration_client_uri, redirect_uris, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (issuer, client_id) DO UPDATE SET encrypted_client_secret = excluded.encrypted_client_secret,
      encrypted_registration_token = excluded.encrypted_registration_token, expires_at = excluded.expires_at`;
  const selectUsable = `SELECT * FROM ${TABLE} WHERE issuer = ? AND (expires_at IS NULL OR expires_at > ?)
    ORDER BY created_at DESC LIMIT 1`;
  type Field = 'secret' | 'registration_token';
  const seal = (value: string | undefined, issuer: string, clientId: string, field: Field) =>
    value === undefined ? null : box.encrypt(value, oauthClientContext(issuer, clientId, field));
  const open = (value: Buffer | null, issuer: string, clientId: string, field: Field) =>
    value === null ? undefined : box.decrypt(value, oauthClientContext(issuer, clientId, field));

  return {
    async save(record) {
      const { issuer, clientId } = record;
      await db.run(insert, [
        issuer,
        clientId,
        seal(record.clientSecret, issuer, clientId, 'secret'),
        seal(record.registrationAccessToken, issuer, clientId, 'registration_token'),
        record.registrationClientUri ?? null,
        JSON.stringify(record.redirectUris),
        record.expiresAt?.getTime() ?? null,
        record.createdAt.getTime(),
      ]);
    },
    async findUsable(issuer, notAfter) {
      const row = await db.get(selectUsable, [issuer, notAfter.getTime()]);
      if (!row) return undefined;
      const clientId = row.client_id as string;
      return {
        issuer,
        clientId,
        clientSecret: open(row.encrypted_client_secret as Buffer | null, issuer, clientId, 'secret'),
        registrationAccessToken: open(
          row.encrypted_registration_token as Buffer | null,
          issuer,
          clientId,
          'registration_token',
        ),
        registrationClientUri: (row.registration_client_uri as string | null) ?? undefined,
        redirectUris: JSON.parse(row.redirect_uris as string) as string[],
        expiresAt: row.expires_at === null ? undefined : new Date(row.expires_at as number),
        createdAt: new Date(row.created_at as number),
      };
    },
    delete: async (issuer, clientId) => {
      await db.run(`DELETE FROM ${TABLE} WHERE issuer = ? AND client_id = ?`, [issuer, clientId]);
    },
  };
}
