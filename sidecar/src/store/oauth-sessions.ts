// Pending browser sign-ins (state and encrypted PKCE verifier), each usable once and for ten minutes at most; the
// table is bounded: expired rows go first, then the oldest pending ones.
import type { SqliteDatabase } from './database.js';
import { oauthSessionContext } from './encrypted-columns.js';
import type { SecretBox } from './secret-box.js';

export interface PendingSignIn {
  sessionId: string;
  state: string;
  codeVerifier: string;
  redirectUri: string;
  expiresAt: Date;
}

export interface OAuthSessionStore {
  /** Saves a pending sign-in; drops expired rows, then the oldest, so at most `maxPending` rows remain. */
  save(pending: PendingSignIn): void;
  /** Returns and deletes the pending sign-in, if it exists and has not expired. */
  take(sessionId: string, now: Date): PendingSignIn | undefined;
  /** Rows in the table (expired ones included until the next save). */
  count(): number;
}

export interface OAuthSessionStoreOptions {
  clock?: () => Date;
  maxPending?: number;
}

/** Sign-ins pending at once (each lives ten minutes; granting background access is a rare step for a person). */
export const MAX_PENDING_SIGN_INS = 500;
const TABLE = 'oauth_sessions';

export function createOAuthSessionStore(
  db: SqliteDatabase,
  box: SecretBox,
  options: OAuthSessionStoreOptions = {},
): OAuthSessionStore {
  const clock = options.clock ?? (() => new Date());
  const maxPending = options.maxPending ?? MAX_PENDING_SIGN_INS;
  const insert =
    db.prepare(`INSERT INTO ${TABLE} (session_id, state, encrypted_code_verifier, redirect_uri, created_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const select = db.prepare(`SELECT * FROM ${TABLE} WHERE session_id = ?`);
  const remove = db.prepare(`DELETE FROM ${TABLE} WHERE session_id = ?`);
  const purge = db.prepare(`DELETE FROM ${TABLE} WHERE expires_at <= ?`);
  const countRows = db.prepare(`SELECT count(*) AS n FROM ${TABLE}`);
  const dropOldest = db.prepare(
    `DELETE FROM ${TABLE} WHERE rowid IN (SELECT rowid FROM ${TABLE} ORDER BY created_at, rowid LIMIT ?)`,
  );
  const count = () => (countRows.get() as { n: number }).n;

  return {
    save: db.transaction((pending: PendingSignIn) => {
      const now = clock().getTime();
      purge.run(now);
      const excess = count() - maxPending + 1;
      if (excess > 0) dropOldest.run(excess);
      insert.run(
        pending.sessionId,
        pending.state,
        box.encrypt(pending.codeVerifier, oauthSessionContext(pending.sessionId)),
        pending.redirectUri,
        now,
        pending.expiresAt.getTime(),
      );
    }),
    take: db.transaction((sessionId: string, now: Date) => {
      const row = select.get(sessionId) as Record<string, unknown> | undefined;
      if (!row) return undefined;
      remove.run(sessionId);
      if ((row.expires_at as number) <= now.getTime()) return undefined;
      return {
        sessionId,
        state: row.state as string,
        codeVerifier: box.decrypt(row.encrypted_code_verifier as Buffer, oauthSessionContext(sessionId)),
        redirectUri: row.redirect_uri as string,
        expiresAt: new Date(row.expires_at as number),
      };
    }),
    count,
  };
}
