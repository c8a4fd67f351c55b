// The fetch oidc-provider uses for Client ID Metadata Documents (and any other URL a client names): the one HTTP client
// with its address rules and caps, plus a memory of recent failures, so a slow or broken document URL costs one
// attempt per minute however often a client names it (oidc-provider may look a client up twice in one request).
import type { FetchFunction } from '../net/fetch-adapter.js';

export interface FailureMemoryOptions {
  /** How long a failed URL is refused without asking again. */
  failureMs?: number;
  /** Failed URLs remembered at most; the oldest go first. */
  maxEntries?: number;
  clock?: () => number;
}

export function withFailureMemory(fetch: FetchFunction, options: FailureMemoryOptions = {}): FetchFunction {
  const failureMs = options.failureMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 1000;
  const clock = options.clock ?? Date.now;
  const failedAt = new Map<string, number>();
  const remember = (url: string) => {
    failedAt.delete(url);
    failedAt.set(url, clock());
    if (failedAt.size > maxEntries) failedAt.delete(failedAt.keys().next().value!);
  };
  return async (url, init) => {
    const last = failedAt.get(url);
    if (last !== undefined && clock() - last < failureMs) throw new Error('This URL failed recently.');
    try {
      const response = await fetch(url, init);
      if (response.status !== 200) remember(url);
      return response;
    } catch (error) {
      remember(url);
      throw error;
    }
  };
}
