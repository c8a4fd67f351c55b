// Pending browser sign-ins (state and encrypted PKCE verifier), each usable once and for ten minutes at most; the
// table is bounded: expired rows go first, then the oldest pending ones.
import { oauthSessionContext } from './encrypted-columns.js';
import type { SecretBox } from './secret-box.js';
import type { SqlDatabase } from './sql/sql-database.js';

export interface PendingSignIn {
  sessionId: string;
  state: string;
  codeVerifier: string;
  redirectUri: string;
  expiresAt: Date;
}

export interface OAuthSessionStore {
  /** Saves a pending sign-in; drops expired rows, then the oldest, so at most `maxPending` rows remain. */
  save(pending: PendingSignIn): Promise<void>;
  /** Returns and deletes the pending sign-in, if it exists and has not expired (once, whichever replica asks). */
  take(sessionId: string, now: Date): Promise<PendingSignIn | undefined>;
  /** Rows in the table (expired ones included until the next save). */
  count(): Promise<number>;
}

export interface OAuthSessionStoreOptions {
  clock?: () => Date;
  maxPending?: number;
}

/** Sign-ins pending at once (each lives ten minutes; granting background access is a rare step for a person). */
export const MAX_PENDING_SIGN_INS = 500;
const TABLE = 'oauth_sessions';

export function createOAuthSessionStore(
  db: SqlDatabase,
  box: SecretBox,
  options: OAuthSessionStoreOptions = {},
): OAuthSessionStore {
  const clock = options.clock ?? (() => new Date());
  const maxPending = options.maxPending ?? MAX_PENDING_SIGN_INS;
  const countRows = async (tx = db as Pick<SqlDatabase, 'get'>) =>
    (await tx.get<{ n: number }>(`SELECT count(*) AS n FROM ${TABLE}`))?.n ?? 0;

  return {
    save: (pending) =>
      db.transaction(
        async (tx) => {
          const now = clock().getTime();
          await tx.run(`DELETE FROM ${TABLE} WHERE expires_at <= ?`, [now]);
          const excess = (await countRows(tx)) - maxPending + 1;
          if (excess > 0) {
            await tx.run(
              `DELETE FROM ${TABLE} WHERE session_id IN
                (SELECT session_id FROM ${TABLE} ORDER BY created_at, session_id LIMIT ?)`,
              [excess],
            );
          }
          await tx.run(
            `INSERT INTO ${TABLE} (session_id, state, encrypted_code_verifier, redirect_uri, created_at, expires_at)
            VALUES (?, ?, ?, ?, ?, ?)`,
            [
              pending.sessionId,
              pending.state,
              box.encrypt(pending.codeVerifier, oauthSessionContext(pending.sessionId)),
              pending.redirectUri,
              now,
              pending.expiresAt.getTime(),
            ],
          );
        },
        { lock: 'nextcloud-mcp-server:oauth-sessions' },
      ),
    async take(sessionId, now) {
      // One statement: of two replicas taking the same sign-in, only one gets the row.
      const row = await db.get(`DELETE FROM ${TABLE} WHERE session_id = ? RETURNING *`, [sessionId]);
      if (!row || (row.expires_at as number) <= now.getTime()) return undefined;
      return {
        sessionId,
        state: row.state as string,
        codeVerifier: box.decrypt(row.encrypted_code_verifier as Buffer, oauthSessionContext(sessionId)),
        redirectUri: row.redirect_uri as string,
        expiresAt: new Date(row.expires_at as number),
      };
    },
    count: () => countRows(),
  };
}
