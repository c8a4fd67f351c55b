// The allowance of knowledge searches that also ask Nextcloud's unified search, per user and minute, over REST and
// MCP together: each asks Nextcloud up to 21 times, so it gets a smaller allowance than the index's own reads.
import type { RateLimiter, RateLimiterFactory } from './rate-limit.js';

/** Searches of Nextcloud one user may make per minute (each lists the providers and asks up to 20 of them). */
export const NEXTCLOUD_SEARCHES_PER_MINUTE = 30;

/** Limiters of one name share their counts (in the database every replica shares, see rate-limit-store.ts). */
const LIMITER_NAME = 'knowledge-nextcloud-searches';

/** The limiter to `hit(userId)` before a search asks Nextcloud. */
export function createNextcloudSearchLimiter(factory: RateLimiterFactory): RateLimiter {
  return factory(LIMITER_NAME, { limit: NEXTCLOUD_SEARCHES_PER_MINUTE, windowMs: 60_000 });
}
