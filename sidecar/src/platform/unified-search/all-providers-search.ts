// One search across many unified search providers in parallel: each gets its own timeout, the answers are merged
// in provider order, and the providers that timed out, failed or do not exist are named instead of failing the
// whole search.
import { AppError, RateLimitedError, UnauthenticatedError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { searchProvider, type SearchEntry } from './provider-search.js';
import { listSearchProviders, type SearchProvider } from './providers.js';

export interface UnifiedSearchQuery {
  term: string;
  /** Provider ids to ask; all of the user's providers when absent. */
  providerIds?: string[];
  limitPerProvider: number;
  /** A cursor from an earlier answer; only with exactly one provider. */
  cursor?: string;
  timeoutMs: number;
}

export type ProviderFailure = 'timed_out' | 'failed' | 'refused' | 'unknown';

export interface UnifiedSearchResult {
  entries: (SearchEntry & { providerId: string })[];
  /** The cursor of each provider that has more. */
  nextCursors: Record<string, string>;
  failed: Record<string, ProviderFailure>;
}

export async function searchAllProviders(
  client: NextcloudClient,
  query: UnifiedSearchQuery,
): Promise<UnifiedSearchResult> {
  // Nextcloud answers an unknown provider id with 500 like a broken provider: the list tells the two apart.
  const listing = query.providerIds ? listSearchProviders(client).catch(() => undefined) : undefined;
  const targets = query.providerIds ?? (await listSearchProviders(client)).map((provider) => provider.id);
  const outcomes = await Promise.allSettled(
    targets.map((providerId) =>
      searchProvider(client, providerId, {
        term: query.term,
        limit: query.limitPerProvider,
        cursor: query.cursor,
        timeoutMs: query.timeoutMs,
      }),
    ),
  );
  rethrowCallerProblems(outcomes);
  const known = await listing;
  const result: UnifiedSearchResult = { entries: [], nextCursors: {}, failed: {} };
  outcomes.forEach((outcome, index) => {
    const providerId = targets[index]!;
    if (outcome.status === 'rejected') {
      result.failed[providerId] = failureReason(outcome.reason, providerId, known);
      return;
    }
    const limited = outcome.value.entries.slice(0, query.limitPerProvider);
    result.entries.push(...limited.map((entry) => ({ ...entry, providerId })));
    if (limited.length > 0 && outcome.value.cursor !== null) result.nextCursors[providerId] = outcome.value.cursor;
  });
  return result;
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
