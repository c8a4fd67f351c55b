// What a scan read ahead for the fetches that follow it (a listed file, a note's content, a calendar object), by user
// and document, each handed out once, and only at the version the fetch asks for when values have one. Bounded like
// bounded-cache.ts; what is not kept is read the long way.
import { createBoundedCache } from './bounded-cache.js';

export interface KeptUntilFetched<V> {
  keep(userId: string, docId: string | number, value: V): void;
  /**
   * The value kept for the document, forgotten as it is handed out; with `version` (and `versionOf`), only a value at
   * that version (the queue may ask for another one than the scan saw: a webhook, another replica).
   */
  take(userId: string, docId: string | number, version?: string): V | undefined;
}

export function createKeptUntilFetched<V>(options: {
  maxEntries: number;
  maxSize?: number;
  sizeOf?: (value: V) => number;
  /** The version a value holds, compared with what `take` asks for. */
  versionOf?: (value: V) => string;
}): KeptUntilFetched<V> {
  const kept = createBoundedCache<string, V>(options);
  const keyOf = (userId: string, docId: string | number) => `${userId}\u0000${docId}`;
  return {
    keep: (userId, docId, value) => kept.set(keyOf(userId, docId), value),
    take(userId, docId, version) {
      const key = keyOf(userId, docId);
      const value = kept.get(key);
      kept.delete(key);
      if (value === undefined || version === undefined || !options.versionOf) return value;
      return options.versionOf(value) === version ? value : undefined;
    },
  };
}
