// Pages that could not be rendered (the render timed out, or the PDF or the page could not be read), remembered for a
// while by user, file version (ETag), page and scale: asked again, they are answered with the same error at once
// instead of taking a render worker again. Bounded: the oldest entry goes first; a changed file has another ETag.
import type { PageCacheKey } from './page-cache.js';

export interface RenderFailures {
  /** The error the page failed with less than the window ago; undefined otherwise. */
  failureOf(key: PageCacheKey, nowMs: number): Error | undefined;
  remember(key: PageCacheKey, error: Error, nowMs: number): void;
}

/** Entries kept at most: about 300 bytes each. */
export const MAX_RENDER_FAILURES = 10_000;

export function createRenderFailures(windowMs: number, maxEntries = MAX_RENDER_FAILURES): RenderFailures {
  const entries = new Map<string, { error: Error; at: number }>();
  const idOf = (key: PageCacheKey) => JSON.stringify([key.userId, key.path, key.etag, key.page, key.scale]);
  return {
    failureOf(key, nowMs) {
      if (windowMs <= 0) return undefined;
      const id = idOf(key);
      const entry = entries.get(id);
      if (!entry) return undefined;
      // A clock that went back counts as expired too: remember only inside [at, at + window).
      if (nowMs < entry.at || nowMs - entry.at >= windowMs) {
        entries.delete(id);
        return undefined;
      }
      return entry.error;
    },
    remember(key, error, nowMs) {
      if (windowMs <= 0) return;
      const id = idOf(key);
      entries.delete(id);
      entries.set(id, { error, at: nowMs });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
  };
}
