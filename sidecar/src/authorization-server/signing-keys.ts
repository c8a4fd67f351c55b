// The authorization server's keys, kept encrypted in `authorization_server_keys`: the JWT signing keys (made on the
// first start, replaced when older than the rotation age or on demand, the previous one published until every token it
// signed has expired) and the secret that signs its cookies. Every replica on the database reads the same keys.
import { generateKeyPairSync, randomBytes, createPublicKey, type KeyObject } from 'node:crypto';
import type { JWK } from 'jose';
import { authorizationServerKeyContext } from '../store/encrypted-columns.js';
import type { AuthorizationServerSettings } from '../settings/authorization-server-settings.js';
import type { SecretBox } from '../store/secret-box.js';
import type { SqlDatabase } from '../store/sql/sql-database.js';

export const SIGNING_ALGORITHM = 'RS256';

export interface SigningKeys {
  /** The private keys to sign with, newest (the one that signs) first. */
  privateJwks: JWK[];
  /** The public key of each `kid` still published. */
  publicKeys: Map<string, KeyObject>;
  /** The secret of oidc-provider's signed cookies. */
  cookieSecret: string;
  /** The `kid` of the signing key this call made, if it made one. */
  made?: string;
}

export interface SigningKeyPolicy {
  /** A signing key older than this is replaced. */
  rotationMs: number;
  /** How long a replaced key stays published: longer than any token it signed lives. */
  overlapMs: number;
}

// Newest first; among keys made in the same millisecond, by kid, so every replica sees one order.
const KEY_ROWS =
  'SELECT kid, purpose, encrypted_key, created_at FROM authorization_server_keys ORDER BY created_at DESC, kid';

/**
 * The policy of the settings: replaced after MCP_OAUTH_SIGNING_KEY_ROTATION_DAYS, published afterwards for twice the
 * longest life of a token it signed (an access token, at least an hour for ID tokens): longer than any token lives
 * plus clock skew, and than a replica takes to notice the new key (key-rotation.ts).
 */
export function signingKeyPolicyFor(settings: AuthorizationServerSettings): SigningKeyPolicy {
  const longestTokenMs = Math.max(settings.accessTokenLifetimeSeconds, 3600) * 1000;
  return { rotationMs: settings.signingKeyRotationDays * 86_400_000, overlapMs: 2 * longestTokenMs };
}

interface KeyRow {
  kid: string;
  purpose: string;
  encrypted_key: Buffer;
  created_at: number;
}

export interface KeyMaintenance {
  /**
   * Replace the signing key now, whatever its age, if the newest one is still this `kid` (what the caller read before):
   * of two replicas asked at once, the second finds the first's new key and replaces nothing.
   */
  replacing?: string;
}

/**
 * Reads the keys, first making the signing key when there is none, replacing it when due (or asked), and deleting
 * replaced ones past the overlap: one replica at a time, under a database lock.
 */
export async function loadSigningKeys(
  db: SqlDatabase,
  box: SecretBox,
  policy: SigningKeyPolicy,
  now: number = Date.now(),
  maintenance: KeyMaintenance = {},
): Promise<SigningKeys> {
  let made: string | undefined;
  const rows = await db.transaction(
    async (tx) => {
      let current = await tx.all<KeyRow>(KEY_ROWS);
      const newestSigning = current.find((row) => row.purpose === 'signing');
      // A new key is always newer than every other, even when made in the same millisecond (the newest signs).
      const madeAt = Math.max(now, ...current.map((row) => Number(row.created_at) + 1));
      const insert = (kid: string, purpose: string, secret: string) =>
        tx.run('INSERT INTO authorization_server_keys (kid, purpose, encrypted_key, created_at) VALUES (?, ?, ?, ?)', [
          kid,
          purpose,
          box.encrypt(secret, authorizationServerKeyContext(kid)),
          madeAt,
        ]);
      const asked = maintenance.replacing !== undefined && newestSigning?.kid === maintenance.replacing;
      if (!newestSigning || asked || now - Number(newestSigning.created_at) > policy.rotationMs) {
        const jwk = newSigningJwk();
        await insert(jwk.kid!, 'signing', JSON.stringify(jwk));
        made = jwk.kid;
      }
      if (!current.some((row) => row.purpose === 'cookie')) {
        await insert(`cookie-${randomBytes(8).toString('hex')}`, 'cookie', randomBytes(32).toString('base64url'));
      }
      current = await tx.all<KeyRow>(KEY_ROWS);
      // A key replaced longer ago than the overlap signed nothing still valid: it goes.
      const signing = current.filter((row) => row.purpose === 'signing');
      const expired = signing
        .slice(1)
        .filter((_row, index) => now - Number(signing[index]!.created_at) > policy.overlapMs);
      for (const row of expired) await tx.run('DELETE FROM authorization_server_keys WHERE kid = ?', [row.kid]);
      return current.filter((row) => !expired.includes(row));
    },
    { lock: 'authorization_server_keys' },
  );
  return { ...toSigningKeys(rows, box), made };
}

/** The keys as stored now, without making or rotating any (a replica learning another's new key). */
export async function readSigningKeys(db: SqlDatabase, box: SecretBox): Promise<SigningKeys> {
  return toSigningKeys(await db.all<KeyRow>(KEY_ROWS), box);
}

function toSigningKeys(rows: KeyRow[], box: SecretBox): SigningKeys {
  const open = (row: KeyRow) => box.decrypt(row.encrypted_key, authorizationServerKeyContext(row.kid));
  const privateJwks = rows.filter((row) => row.purpose === 'signing').map((row) => JSON.parse(open(row)) as JWK);
  const publicKeys = new Map(
    privateJwks.map((jwk) => [jwk.kid!, createPublicKey({ key: jwk as Record<string, string>, format: 'jwk' })]),
  );
  const cookie = rows.find((row) => row.purpose === 'cookie');
  return { privateJwks, publicKeys, cookieSecret: cookie ? open(cookie) : '' };
}

function newSigningJwk(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return { ...jwk, kid: randomBytes(12).toString('base64url'), alg: SIGNING_ALGORITHM, use: 'sig' };
}
