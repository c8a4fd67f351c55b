// In-memory sliding-window rate limiter, counted per key (a user id), so keys never affect each other.
import { RateLimitedError } from '../errors.js';

export interface RateLimiter {
  /** Counts an attempt for `key`; throws RateLimitedError once the limit within the window is exceeded. */
  hit(key: string): void;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  clock?: () => number;
  /** Bound on remembered keys; the stalest are dropped first. */
  maxKeys?: number;
}

export function createRateLimiter({
  limit,
  windowMs,
  clock = Date.now,
  maxKeys = 10_000,
}: RateLimiterOptions): RateLimiter {
  const attempts = new Map<string, number[]>();

  return {
    hit(key) {
      const now = clock();
      const recent = (attempts.get(key) ?? []).filter((at) => now - at < windowMs);
      if (recent.length >= limit) {
        attempts.set(key, recent);
        const oldest = recent[0] ?? now;
        throw new RateLimitedError(Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)));
      }
      recent.push(now);
      attempts.delete(key);
      attempts.set(key, recent);
      if (attempts.size > maxKeys) dropOldestKey(attempts);
    },
  };
}

function dropOldestKey(attempts: Map<string, number[]>): void {
  const oldest = attempts.keys().next();
  if (!oldest.done) attempts.delete(oldest.value);
}
