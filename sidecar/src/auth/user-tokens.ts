// A user's access token for background work: from this process's cache, else from the database (another process
// refreshed), else refreshed once, under the user's lock in this process and the user's lease in the database (other
// processes), with the refresh token read inside both; a refreshed token is shared through the database.
import { InvalidGrantError, NotFoundError, UpstreamError } from '../errors.js';
import type { AccessTokenStore } from '../store/access-tokens.js';
import type { RefreshTokenStore } from '../store/refresh-tokens.js';
import type { RefreshLease } from './refresh-lease.js';
import type { RefreshLock } from './refresh-lock.js';
import { refreshTokenExpiry } from './refresh-token-lifetime.js';
import type { RefreshedTokens } from './token-answer.js';

export type { RefreshedTokens } from './token-answer.js';
import type { TokenCache } from './token-cache.js';

export interface UserTokens {
  getAccessToken(userId: string): Promise<string>;
}

export interface UserTokenDeps {
  cache: TokenCache;
  lock: RefreshLock;
  /** Serializes refreshes across processes that share the database; without it only this process is serialized. */
  lease?: RefreshLease;
  refreshTokens: RefreshTokenStore;
  /** Access tokens shared with the other processes on the database (without it, each process refreshes). */
  shared?: AccessTokenStore;
  /** Performs the refresh_token grant at the provider. */
  refresh(refreshToken: string): Promise<RefreshedTokens>;
  clock?: () => number;
  /** Tokens this close to expiry count as expired. */
  skewMs?: number;
}

export function createUserTokens(deps: UserTokenDeps): UserTokens {
  const clock = deps.clock ?? Date.now;
  const skewMs = deps.skewMs ?? 30_000;
  const underLease = <T>(userId: string, task: () => Promise<T>) =>
    deps.lease ? deps.lease.run(userId, task) : task();
  return {
    async getAccessToken(userId) {
      const cached = deps.cache.getValid(userId, skewMs);
      if (cached) return cached.accessToken;
      return deps.lock.run(userId, () =>
        underLease(userId, async () => {
          // Another request may have refreshed while this one waited for the lock.
          const refreshedMeanwhile = deps.cache.getValid(userId, skewMs);
          if (refreshedMeanwhile) return refreshedMeanwhile.accessToken;
          // …or another process, while this one waited for the lease.
          const shared = await deps.shared?.get(userId, new Date(clock() + skewMs));
          if (shared) {
            deps.cache.set(userId, shared);
            return shared.accessToken;
          }
          return refreshFor(deps, userId, clock);
        }),
      );
    },
  };
}

async function refreshFor(deps: UserTokenDeps, userId: string, clock: () => number): Promise<string> {
  // Read under the lease: another process may have rotated the token while this one waited.
  const stored = await deps.refreshTokens.get(userId);
  if (!stored) throw new NotFoundError('No background access has been granted for this user.');
  let answer: RefreshedTokens;
  try {
    answer = await deps.refresh(stored.token);
  } catch (error) {
    // A dead token is forgotten only while it is still the stored one: a newer one (rotated by another process,
    // or granted again meanwhile) is kept.
    if (error instanceof InvalidGrantError && (await deps.refreshTokens.get(userId))?.token === stored.token) {
      await deps.refreshTokens.delete(userId);
    }
    throw error;
  }
  // Nextcloud rotates refresh tokens: an answer without a new one would leave us with a spent token.
  if (!answer.refresh_token) {
    throw new UpstreamError(
      'The identity provider answered a refresh without a new refresh token; the old one is kept.',
    );
  }
  const scopes = answer.scope ? answer.scope.split(' ').filter(Boolean) : stored.scopes;
  // Each refresh restarts the new refresh token's clock.
  await deps.refreshTokens.store(userId, answer.refresh_token, scopes, refreshTokenExpiry(answer, clock()));
  const expiresAt = new Date(clock() + (answer.expires_in ?? 300) * 1000);
  deps.cache.set(userId, { accessToken: answer.access_token, expiresAt });
  await deps.shared?.put(userId, { accessToken: answer.access_token, expiresAt });
  return answer.access_token;
}
