// One search across many unified search providers in parallel: each gets its own timeout (cut to fit an optional
// deadline for the whole search), the answers are merged in provider order, and the providers that timed out, failed,
// do not exist or were not asked are named instead of failing the whole search.
import { AppError, RateLimitedError, UnauthenticatedError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { searchProvider, type SearchEntry } from './provider-search.js';
import { listSearchProviders, type SearchProvider } from './providers.js';

export interface UnifiedSearchQuery {
  term: string;
  /** Provider ids to ask; all of the user's providers when absent. */
  providerIds?: string[];
  /** Providers of the user's list never asked (only without `providerIds`); named in `skipped`. */
  excludeProviderIds?: readonly string[];
  /** At most this many of the user's providers are asked, in Nextcloud's order (only without `providerIds`). */
  maxProviders?: number;
  limitPerProvider: number;
  /** A cursor from an earlier answer; only with exactly one provider. */
  cursor?: string;
  timeoutMs: number;
  /** The whole search, the provider list included, ends within this many ms: each provider's timeout is cut to fit. */
  deadlineMs?: number;
}

export type ProviderFailure = 'timed_out' | 'failed' | 'refused' | 'unknown';
/** Why a provider of the user's list was not asked: excluded by the caller, or beyond `maxProviders`. */
export type ProviderSkip = 'excluded' | 'over_limit';

export interface UnifiedSearchResult {
  /** The providers asked, in order. */
  asked: string[];
  entries: (SearchEntry & { providerId: string; providerName: string })[];
  /** The cursor of each provider that has more. */
  nextCursors: Record<string, string>;
  failed: Record<string, ProviderFailure>;
  skipped: Record<string, ProviderSkip>;
}

export async function searchAllProviders(
  client: NextcloudClient,
  query: UnifiedSearchQuery,
): Promise<UnifiedSearchResult> {
  const startedAt = performance.now();
  const remainingMs = (limitMs: number) =>
    query.deadlineMs === undefined
      ? limitMs
      : Math.max(1, Math.min(limitMs, Math.floor(query.deadlineMs - (performance.now() - startedAt))));
  const listTimeoutMs = query.deadlineMs === undefined ? undefined : remainingMs(query.deadlineMs);
  // Nextcloud answers an unknown provider id with 500 like a broken provider: the list tells the two apart.
  const listing = query.providerIds ? listSearchProviders(client, listTimeoutMs).catch(() => undefined) : undefined;
  const result: UnifiedSearchResult = { asked: [], entries: [], nextCursors: {}, failed: {}, skipped: {} };
  const targets = query.providerIds ?? chooseProviders(await listSearchProviders(client, listTimeoutMs), query, result);
  result.asked = [...targets];
  const outcomes = await Promise.allSettled(
    targets.map((providerId) =>
      searchProvider(client, providerId, {
        term: query.term,
        limit: query.limitPerProvider,
        cursor: query.cursor,
        timeoutMs: remainingMs(query.timeoutMs),
      }),
    ),
  );
  rethrowCallerProblems(outcomes);
  const known = await listing;
  outcomes.forEach((outcome, index) => {
    const providerId = targets[index]!;
    if (outcome.status === 'rejected') {
      result.failed[providerId] = failureReason(outcome.reason, providerId, known);
      return;
    }
    const limited = outcome.value.entries.slice(0, query.limitPerProvider);
    const providerName = outcome.value.name;
    result.entries.push(...limited.map((entry) => ({ ...entry, providerId, providerName })));
    if (limited.length > 0 && outcome.value.cursor !== null) result.nextCursors[providerId] = outcome.value.cursor;
  });
  return result;
}

/** The ids to ask from the user's list; the ones left out are recorded in `result.skipped` with their reason. */
function chooseProviders(
  providers: SearchProvider[],
  query: UnifiedSearchQuery,
  result: UnifiedSearchResult,
): string[] {
  const chosen: string[] = [];
  for (const { id } of providers) {
    if (query.excludeProviderIds?.includes(id)) result.skipped[id] = 'excluded';
    else if (query.maxProviders !== undefined && chosen.length >= query.maxProviders) result.skipped[id] = 'over_limit';
    else chosen.push(id);
  }
  return chosen;
}

/** Bad credentials or throttling affect every provider alike: that is the caller's problem, not a provider's. */
function rethrowCallerProblems(outcomes: PromiseSettledResult<unknown>[]): void {
  for (const outcome of outcomes) {
    if (outcome.status !== 'rejected') continue;
    const error: unknown = outcome.reason;
    if (error instanceof UnauthenticatedError || error instanceof RateLimitedError) throw error;
  }
}

function failureReason(error: unknown, providerId: string, known: SearchProvider[] | undefined): ProviderFailure {
  if (error instanceof AppError && error.code === 'upstream_timeout') return 'timed_out';
  if (known && !known.some((provider) => provider.id === providerId)) return 'unknown';
  if (error instanceof AppError && error.status < 500) return 'refused';
  return 'failed';
}
