// A fetch function that remembers URLs that failed recently and refuses them without asking again for a while: for
// URLs a caller names (Client ID Metadata Documents), so a slow or broken one costs one attempt per minute however
// often it is named (oidc-provider may look a client up twice in one request).
import type { FetchFunction } from './fetch-adapter.js';

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
