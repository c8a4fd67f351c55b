// The News source's cursor and item reading: the newest lastModified seen, the versions of the items of that very
// second (News answers `lastModified >=`), the oldest item id of a capped full listing, and when the last full
// listing ran.
import type { CachedNewsItem } from './news-item-cache.js';

export interface NewsCursor {
  v: 1;
  /** Unix seconds: the newest item lastModified seen. */
  lastModified: number;
  /** id → version of the items whose lastModified is `lastModified`. */
  boundary: Record<number, string>;
  /** Items older than this id are outside the indexed window (a full listing stopped at batchSize); 0: none. */
  oldestId: number;
  /** Epoch milliseconds of the last full listing. */
  fullAt: number;
}

/** More items than this in one second and the boundary is dropped (they come back once as harmless changes). */
const MAX_BOUNDARY = 5000;

export function parseNewsCursor(text: string | undefined): NewsCursor | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<NewsCursor> | null;
    if (parsed?.v !== 1) return undefined;
    const { lastModified, oldestId, fullAt, boundary } = parsed;
    if (![lastModified, oldestId, fullAt].every((value) => typeof value === 'number' && Number.isFinite(value))) {
      return undefined;
    }
    return {
      v: 1,
      lastModified: lastModified!,
      oldestId: oldestId!,
      fullAt: fullAt!,
      boundary: typeof boundary === 'object' && boundary !== null ? boundary : {},
    };
  } catch {
    return undefined;
  }
}

/** The cursor after seeing `items` (oldestId and fullAt carried over from `previous`, or 0). */
export function nextNewsCursor(
  previous: NewsCursor | undefined,
  items: (CachedNewsItem & { lastModified: number })[],
): NewsCursor {
  const newest = Math.max(previous?.lastModified ?? 0, ...items.map((item) => item.lastModified));
  const boundary: Record<number, string> = newest === previous?.lastModified ? { ...previous.boundary } : {};
  for (const item of items) if (item.lastModified === newest) boundary[item.id] = item.version;
  return {
    v: 1,
    lastModified: newest,
    boundary: Object.keys(boundary).length > MAX_BOUNDARY ? {} : boundary,
    oldestId: previous?.oldestId ?? 0,
    fullAt: previous?.fullAt ?? 0,
  };
}

/**
 * An item of a News listing, or undefined when it has no id. The version is the content hash (fingerprint as a
 * fallback): reading or starring an item changes its lastModified, not its content, and must not re-index it.
 */
export function toCachedItem(raw: unknown): (CachedNewsItem & { lastModified: number }) | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const item = raw as Record<string, unknown>;
  if (typeof item.id !== 'number') return undefined;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  const lastModified = number(item.lastModified);
  const version = text(item.contentHash)
    ? `c:${text(item.contentHash)}`
    : text(item.fingerprint)
      ? `f:${text(item.fingerprint)}`
      : `m:${lastModified}`;
  return {
    id: item.id,
    feedId: number(item.feedId),
    title: text(item.title),
    author: text(item.author),
    url: text(item.url),
    bodyHtml: text(item.body),
    pubDate: number(item.pubDate),
    lastModified,
    version,
  };
}
