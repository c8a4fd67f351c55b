// The clients a user revoked while their access tokens may still live: /mcp checks its JWTs without the database, so a
// revocation is kept (in `authorization_server_revocations`, for every replica, and in memory) until every token
// issued before it has expired, and a token of that user and client issued up to the revocation is refused.
import type { SqlDatabase } from '../store/sql/sql-database.js';

export interface RevokedClients {
  /** Revokes, from now, every access token of the client for the user. */
  add(userId: string, clientId: string): Promise<void>;
  /** Whether the token (its `iat` in seconds) was issued up to a revocation of its user and client. */
  isRevoked(userId: string, clientId: string, issuedAtSeconds: number): Promise<boolean>;
}

export interface RevokedClientsDeps {
  db: SqlDatabase;
  /** How long a revocation is kept: longer than any access token lives, plus clock skew. */
  keepMs: number;
  /** Another replica's revocations are read at most this often (default 10 s). */
  reloadMs?: number;
  clock?: () => number;
}

interface RevocationRow {
  account_id: string;
  client_id: string;
  revoked_at: number;
}

export function createRevokedClients(deps: RevokedClientsDeps): RevokedClients {
  const clock = deps.clock ?? Date.now;
  const reloadMs = deps.reloadMs ?? 10_000;
  let revokedAt = new Map<string, number>();
  let loadedAt = -Infinity;
  let loading: Promise<void> | undefined;
  const keyOf = (userId: string, clientId: string) => `${userId}\n${clientId}`;
  const load = async () => {
    const now = clock();
    const rows = await deps.db.all<RevocationRow>(
      'SELECT account_id, client_id, revoked_at FROM authorization_server_revocations WHERE expires_at > ?',
      [now],
    );
    revokedAt = new Map(rows.map((row) => [keyOf(row.account_id, row.client_id), Number(row.revoked_at)]));
    loadedAt = now;
  };
  const current = async () => {
    if (clock() - loadedAt < reloadMs) return;
    loading ??= load().finally(() => (loading = undefined));
    await loading;
  };

  return {
    async add(userId, clientId) {
      const now = clock();
      await deps.db.run('DELETE FROM authorization_server_revocations WHERE expires_at <= ?', [now]);
      await deps.db.run(
        `INSERT INTO authorization_server_revocations (account_id, client_id, revoked_at, expires_at)
        VALUES (?, ?, ?, ?)
        ON CONFLICT (account_id, client_id) DO UPDATE SET revoked_at = excluded.revoked_at,
          expires_at = excluded.expires_at`,
        [userId, clientId, now, now + deps.keepMs],
      );
      revokedAt.set(keyOf(userId, clientId), now);
    },

    async isRevoked(userId, clientId, issuedAtSeconds) {
      await current();
      const at = revokedAt.get(keyOf(userId, clientId));
      // `iat` has whole seconds: a token of the revocation's own second counts as revoked.
      return at !== undefined && issuedAtSeconds <= Math.floor(at / 1000);
    },
  };
}
