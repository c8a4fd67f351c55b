// A least-recently-used map bounded by entry count and by a total size, for the per-user caches of the sources.

export interface BoundedCache<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
}

/** `sizeOf` measures an entry (e.g. UTF-16 characters × 2); entries larger than `maxSize` are not kept. */
export function createBoundedCache<K, V>(options: {
  maxEntries: number;
  maxSize?: number;
  sizeOf?: (value: V) => number;
}): BoundedCache<K, V> {
  const entries = new Map<K, { value: V; size: number }>();
  const maxSize = options.maxSize ?? Number.POSITIVE_INFINITY;
  let total = 0;
  const remove = (key: K) => {
    const entry = entries.get(key);
    if (!entry) return;
    total -= entry.size;
    entries.delete(key);
  };
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      remove(key);
      const size = options.sizeOf?.(value) ?? 0;
      if (size > maxSize) return;
      entries.set(key, { value, size });
      total += size;
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries && total <= maxSize) break;
        remove(oldest);
      }
    },
    delete: remove,
    clear() {
      entries.clear();
      total = 0;
    },
    get size() {
      return entries.size;
    },
  };
}
