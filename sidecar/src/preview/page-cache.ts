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

/** A finished answer: sent as it is on a hit, with nothing encoded or hashed again. */
export interface CachedPage {
  /** The whole JSON body (UTF-8, the PNG already in base64). */
  json: Buffer;
  /** The response's ETag header. */
  etag: string;
}

export interface PageCache {
  get(key: PageCacheKey): CachedPage | undefined;
  /** Keeps `page` unless it alone is larger than an eighth of the cache. */
  set(key: PageCacheKey, page: CachedPage): void;
  /** Bytes held now (never more than `maxBytes`). */
  size(): number;
}

/** The default bound: 64 MiB. */
export const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export function createPageCache(maxBytes = DEFAULT_PAGE_CACHE_BYTES): PageCache {
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  return {
    get: (key) => {
      const id = cacheId(key);
      const page = entries.get(id);
      if (page === undefined) return undefined;
      entries.delete(id);
      entries.set(id, page);
      return page;
    },
    set: (key, page) => {
      const id = cacheId(key);
      const cost = costOf(id, page);
      if (cost > maxBytes / 8) return;
      const previous = entries.get(id);
      if (previous !== undefined) bytes -= costOf(id, previous);
      entries.delete(id);
      entries.set(id, page);
      bytes += cost;
      for (const [oldest, value] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= costOf(oldest, value);
      }
    },
    size: () => bytes,
  };
}

function costOf(id: string, page: CachedPage): number {
  return page.json.length + page.etag.length + id.length;
}

function cacheId(key: PageCacheKey): string {
  return JSON.stringify([key.userId, key.path, key.etag, key.page, key.scale]);
}
