// Pending browser sign-ins (state and encrypted PKCE verifier), each usable once and for ten minutes at most.
import type { SqliteDatabase } from './database.js';
import type { SecretBox } from './secret-box.js';

export interface PendingSignIn {
  sessionId: string;
  state: string;
  codeVerifier: string;
  redirectUri: string;
  expiresAt: Date;
}

export interface OAuthSessionStore {
  save(pending: PendingSignIn): void;
  /** Returns and deletes the pending sign-in, if it exists and has not expired. */
  take(sessionId: string, now: Date): PendingSignIn | undefined;
}

const TABLE = 'oauth_sessions';

export function createOAuthSessionStore(db: SqliteDatabase, box: SecretBox): OAuthSessionStore {
  const insert =
    db.prepare(`INSERT INTO ${TABLE} (session_id, state, encrypted_code_verifier, redirect_uri, created_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?)`);
  const select = db.prepare(`SELECT * FROM ${TABLE} WHERE session_id = ?`);
  const remove = db.prepare(`DELETE FROM ${TABLE} WHERE session_id = ?`);
  const purge = db.prepare(`DELETE FROM ${TABLE} WHERE expires_at <= ?`);
  const context = (sessionId: string) => `${TABLE}:${sessionId}`;

  return {
    save(pending) {
      purge.run(Date.now());
      insert.run(
        pending.sessionId,
        pending.state,
        box.encrypt(pending.codeVerifier, context(pending.sessionId)),
        pending.redirectUri,
        Date.now(),
        pending.expiresAt.getTime(),
      );
    },
    take: db.transaction((sessionId: string, now: Date) => {
      const row = select.get(sessionId) as Record<string, unknown> | undefined;
      if (!row) return undefined;
      remove.run(sessionId);
      if ((row.expires_at as number) <= now.getTime()) return undefined;
      return {
        sessionId,
        state: row.state as string,
        codeVerifier: box.decrypt(row.encrypted_code_verifier as Buffer, context(sessionId)),
        redirectUri: row.redirect_uri as string,
        expiresAt: new Date(row.expires_at as number),
      };
    }),
  };
}
