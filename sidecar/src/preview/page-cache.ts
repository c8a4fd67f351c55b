// Rendered preview answers kept in memory, least recently used first out, bounded in bytes. Keys name the file's
// ETag, so a changed file is never answered from here.
export interface PageCacheKey {
  userId: string;
  path: string;
  /** The file's ETag when the page was rendered. */
  etag: string;
  page: number;
  scale: number;
}

export interface PageCache {
  get(key: PageCacheKey): Buffer | undefined;
  /** Keeps `json` (the whole answer, UTF-8) unless it alone is larger than an eighth of the cache. */
  set(key: PageCacheKey, json: Buffer): void;
  /** Bytes held now (never more than `maxBytes`). */
  size(): number;
}

/** The default bound: 64 MiB. */
export const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export function createPageCache(maxBytes = DEFAULT_PAGE_CACHE_BYTES): PageCache {
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Buffer>();
  let bytes = 0;
  return {
    get: (key) => {
      const id = cacheId(key);
      const json = entries.get(id);
      if (json === undefined) return undefined;
      entries.delete(id);
      entries.set(id, json);
      return json;
    },
    set: (key, json) => {
      const id = cacheId(key);
      const cost = json.length + id.length;
      if (cost > maxBytes / 8) return;
      const previous = entries.get(id);
      if (previous !== undefined) bytes -= previous.length + id.length;
      entries.delete(id);
      entries.set(id, json);
      bytes += cost;
      for (const [oldest, value] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= value.length + oldest.length;
      }
    },
    size: () => bytes,
  };
}

function cacheId(key: PageCacheKey): string {
  return JSON.stringify([key.userId, key.path, key.etag, key.page, key.scale]);
}
