// One search across many unified search providers in parallel: each gets its own timeout, the answers are merged
// in provider order, and the providers that timed out or failed are named instead of failing the whole search.
import { AppError, RateLimitedError, UnauthenticatedError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { searchProvider, type SearchEntry } from './provider-search.js';
import { listSearchProviders } from './providers.js';

export interface UnifiedSearchQuery {
  term: string;
  /** Provider ids to ask; all of the user's providers when absent. */
  providerIds?: string[];
  limitPerProvider: number;
  /** A cursor from an earlier answer; only with exactly one provider. */
  cursor?: string;
  timeoutMs: number;
}

export interface UnifiedSearchResult {
  entries: (SearchEntry & { providerId: string; providerName: string })[];
  providers: { id: string; name: string; resultCount: number; nextCursor: string | null }[];
  failed: { id: string; reason: 'timed_out' | 'failed' | 'refused' }[];
}

export async function searchAllProviders(
  client: NextcloudClient,
  query: UnifiedSearchQuery,
): Promise<UnifiedSearchResult> {
  const targets = query.providerIds
    ? query.providerIds.map((id) => ({ id, name: id }))
    : await listSearchProviders(client);
  const outcomes = await Promise.allSettled(
    targets.map((provider) =>
      searchProvider(client, provider.id, {
        term: query.term,
        limit: query.limitPerProvider,
        cursor: query.cursor,
        timeoutMs: query.timeoutMs,
      }),
    ),
  );
  rethrowCallerProblems(outcomes);
  const result: UnifiedSearchResult = { entries: [], providers: [], failed: [] };
  outcomes.forEach((outcome, index) => {
    const id = targets[index]!.id;
    if (outcome.status === 'rejected') {
      result.failed.push({ id, reason: failureReason(outcome.reason) });
      return;
    }
    const { name, entries, cursor } = outcome.value;
    const limited = entries.slice(0, query.limitPerProvider);
    result.entries.push(...limited.map((entry) => ({ ...entry, providerId: id, providerName: name })));
    result.providers.push({ id, name, resultCount: limited.length, nextCursor: limited.length > 0 ? cursor : null });
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

function failureReason(error: unknown): UnifiedSearchResult['failed'][number]['reason'] {
  if (error instanceof AppError && error.code === 'upstream_timeout') return 'timed_out';
  if (error instanceof AppError && error.status < 500) return 'refused';
  return 'failed';
}
