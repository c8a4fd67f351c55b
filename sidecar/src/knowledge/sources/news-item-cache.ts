// What the News source keeps between a scan and the fetches it causes: the items it saw (News has no single-item
// GET) and the feed titles, per user, bounded by count and size.
import { createBoundedCache, type BoundedCache } from './bounded-cache.js';

/** An item as News listed it (HTML not yet turned into text). */
export interface CachedNewsItem {
  id: number;
  feedId: number;
  title: string;
  author: string;
  url: string;
  bodyHtml: string;
  /** Unix seconds. */
  pubDate: number;
  version: string;
}

export interface NewsItemCacheLimits {
  /** Users whose items are kept (least recently used first out); default 50. */
  maxUsers?: number;
  /** Items kept per user; default 2000. */
  maxItemsPerUser?: number;
  /** Bytes of item text kept per user (UTF-16, so characters × 2); default 16 MiB. */
  maxBytesPerUser?: number;
}

export interface NewsItemCache {
  items(userId: string): BoundedCache<number, CachedNewsItem>;
  feedTitles(userId: string): BoundedCache<number, string>;
}

export function createNewsItemCache(limits: NewsItemCacheLimits = {}): NewsItemCache {
  const maxUsers = limits.maxUsers ?? 50;
  const items = createBoundedCache<string, BoundedCache<number, CachedNewsItem>>({ maxEntries: maxUsers });
  const titles = createBoundedCache<string, BoundedCache<number, string>>({ maxEntries: maxUsers });
  return {
    items(userId) {
      let cache = items.get(userId);
      if (!cache) {
        cache = createBoundedCache({
          maxEntries: limits.maxItemsPerUser ?? 2000,
          maxSize: limits.maxBytesPerUser ?? 16 * 1024 * 1024,
          sizeOf: sizeOfItem,
        });
        items.set(userId, cache);
      }
      return cache;
    },
    feedTitles(userId) {
      let cache = titles.get(userId);
      if (!cache) titles.set(userId, (cache = createBoundedCache({ maxEntries: 5000 })));
      return cache;
    },
  };
}

function sizeOfItem(item: CachedNewsItem): number {
  return (item.title.length + item.author.length + item.url.length + item.bodyHtml.length) * 2 + 64;
}
