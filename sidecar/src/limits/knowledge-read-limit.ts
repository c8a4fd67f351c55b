// The allowance of knowledge reads (searches, point lookups, chunk context) per user and minute, one for the REST
// routes and the MCP knowledge tools alike: the same limiter name and key (the user id) count in the same place.
import type { RateLimiter, RateLimiterFactory } from './rate-limit.js';

/** Searches and reads one user may make per minute, over REST and MCP together (each can scan their whole index). */
export const KNOWLEDGE_READS_PER_MINUTE = 240;

/** Limiters of one name share their counts (in the database every replica shares, see rate-limit-store.ts). */
const LIMITER_NAME = 'knowledge-reads';

/** The limiter to `hit(userId)` before each knowledge read. */
export function createKnowledgeReadLimiter(factory: RateLimiterFactory): RateLimiter {
  return factory(LIMITER_NAME, { limit: KNOWLEDGE_READS_PER_MINUTE, windowMs: 60_000 });
}
