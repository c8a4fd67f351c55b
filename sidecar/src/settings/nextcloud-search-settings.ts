// Settings of asking Nextcloud's unified search next to the knowledge index (`sources: ["index", "nextcloud"]`): each
// provider's time limit, the whole search's deadline and the hits taken from each provider.
import { parsePositiveInteger } from './parsers.js';

export interface NextcloudSearchSettings {
  /** KNOWLEDGE_NEXTCLOUD_SEARCH_TIMEOUT_MS (default 3000, 100 to 30000): one provider's time to answer. */
  providerTimeoutMs: number;
  /**
   * KNOWLEDGE_NEXTCLOUD_SEARCH_DEADLINE_MS (default 5000, at least the provider timeout, at most 30000): the whole
   * Nextcloud part of a search, the provider list included; providers not done by then are named as timed out.
   */
  deadlineMs: number;
  /** KNOWLEDGE_NEXTCLOUD_SEARCH_LIMIT (default 5, at most 25): hits taken from each provider. */
  limitPerProvider: number;
}

const MIN_TIMEOUT_MS = 100;
const MAX_TIMEOUT_MS = 30_000;
const MAX_LIMIT = 25;

export function parseNextcloudSearchSettings(
  read: (name: string) => string | undefined,
  problems: string[],
): NextcloudSearchSettings {
  const setting = (name: string) => parsePositiveInteger(name, read(name), problems);
  const timeoutMs = setting('KNOWLEDGE_NEXTCLOUD_SEARCH_TIMEOUT_MS') ?? 3000;
  const deadlineMs = setting('KNOWLEDGE_NEXTCLOUD_SEARCH_DEADLINE_MS') ?? Math.max(5000, timeoutMs);
  const limit = setting('KNOWLEDGE_NEXTCLOUD_SEARCH_LIMIT') ?? 5;
  for (const [name, value] of [
    ['KNOWLEDGE_NEXTCLOUD_SEARCH_TIMEOUT_MS', timeoutMs],
    ['KNOWLEDGE_NEXTCLOUD_SEARCH_DEADLINE_MS', deadlineMs],
  ] as const) {
    if (value < MIN_TIMEOUT_MS || value > MAX_TIMEOUT_MS) {
      problems.push(`${name} must be from ${MIN_TIMEOUT_MS} to ${MAX_TIMEOUT_MS} (got ${value}).`);
    }
  }
  if (deadlineMs < timeoutMs) {
    problems.push(
      `KNOWLEDGE_NEXTCLOUD_SEARCH_DEADLINE_MS (${deadlineMs}) must not be below KNOWLEDGE_NEXTCLOUD_SEARCH_TIMEOUT_MS (${timeoutMs}).`,
    );
  }
  if (limit > MAX_LIMIT) problems.push(`KNOWLEDGE_NEXTCLOUD_SEARCH_LIMIT must be at most ${MAX_LIMIT} (got ${limit}).`);
  return { providerTimeoutMs: timeoutMs, deadlineMs, limitPerProvider: Math.min(limit, MAX_LIMIT) };
}
