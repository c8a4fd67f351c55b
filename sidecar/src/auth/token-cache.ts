// This process's cache of users' current access tokens (the copy shared by processes is store/access-tokens.ts).

export interface CachedAccessToken {
  accessToken: string;
  expiresAt: Date;
}

export interface TokenCache {
  /** The cached token when it stays valid for at least `skewMs` more. */
  getValid(userId: string, skewMs: number): CachedAccessToken | undefined;
  set(userId: string, token: CachedAccessToken): void;
  /** Returns whether an entry existed. */
  delete(userId: string): boolean;
}

export function createTokenCache(clock: () => number = Date.now): TokenCache {
  const entries = new Map<string, CachedAccessToken>();
  return {
    getValid(userId, skewMs) {
      const entry = entries.get(userId);
      return entry && entry.expiresAt.getTime() - skewMs > clock() ? entry : undefined;
    },
    set: (userId, token) => void entries.set(userId, token),
    delete: (userId) => entries.delete(userId),
  };
}
