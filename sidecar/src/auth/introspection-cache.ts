// Introspection answers remembered by the token's hash: active and inactive ones in separate bounded maps (the least
// recently used goes first), so that a flood of garbage tokens never pushes a user's active token out.
import type { IntrospectedToken } from './bearer-verifier.js';

export interface IntrospectionCache {
  /** A remembered answer (`result` undefined: the token is inactive), or undefined when there is none. */
  get(key: string): { result: IntrospectedToken | undefined } | undefined;
  remember(key: string, result: IntrospectedToken | undefined, untilMs: number): void;
}

export interface IntrospectionCacheOptions {
  /** Active tokens kept at most (default 10,000). */
  maxActive?: number;
  /** Inactive tokens kept at most (default 10,000). */
  maxInactive?: number;
  clock?: () => number;
}

interface Entry {
  result: IntrospectedToken | undefined;
  untilMs: number;
}

export function createIntrospectionCache(options: IntrospectionCacheOptions = {}): IntrospectionCache {
  const clock = options.clock ?? Date.now;
  const active = createBoundedMap(options.maxActive ?? 10_000);
  const inactive = createBoundedMap(options.maxInactive ?? 10_000);
  return {
    get(key) {
      const now = clock();
      return active.take(key, now) ?? inactive.take(key, now);
    },
    remember(key, result, untilMs) {
      (result ? active : inactive).put(key, { result, untilMs });
    },
  };
}

/** A map that refreshes an entry's place on every read and drops the least recently used past `maxEntries`. */
function createBoundedMap(maxEntries: number) {
  const entries = new Map<string, Entry>();
  return {
    take(key: string, now: number): Entry | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.untilMs <= now) return undefined;
      entries.set(key, entry);
      return entry;
    },
    put(key: string, entry: Entry): void {
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
  };
}
