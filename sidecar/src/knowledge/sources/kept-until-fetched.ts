// What a scan read ahead for the fetches that follow it (a listed file, a note's content, a calendar object), by user
// and document, each handed out once. Bounded like bounded-cache.ts; what is not kept is read the long way.
import { createBoundedCache } from './bounded-cache.js';

export interface KeptUntilFetched<V> {
  keep(userId: string, docId: string | number, value: V): void;
  /** The value kept for the document, forgotten as it is handed out. */
  take(userId: string, docId: string | number): V | undefined;
}

export function createKeptUntilFetched<V>(options: {
  maxEntries: number;
  maxSize?: number;
  sizeOf?: (value: V) => number;
}): KeptUntilFetched<V> {
  const kept = createBoundedCache<string, V>(options);
  const keyOf = (userId: string, docId: string | number) => `${userId}\u0000${docId}`;
  return {
    keep: (userId, docId, value) => kept.set(keyOf(userId, docId), value),
    take(userId, docId) {
      const key = keyOf(userId, docId);
      const value = kept.get(key);
      kept.delete(key);
      return value;
    },
  };
}
