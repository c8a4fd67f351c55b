// The news_item source: `items/updated` since the newest lastModified seen (one request when nothing changed),
// a full listing of the newest items now and then to drop what News purged or what left with a removed feed, and
// fetches served from the items the scan saw (News has no single-item GET) or, failing that, one listing of the
// item's feed.
import { htmlToText } from '../../platform/html-to-text.js';
import { listFeedTitles, listItemsChangedSince, listNewestItems } from '../../platform/news/news-changes.js';
import { SourceUnavailableError } from '../sync/source-errors.js';
import type { FetchedDocument, ScanResult, SeenDocument, SyncContext, SyncSource } from '../sync/sync-source.js';
import { appLinks } from '../../platform/app-links.js';
import { createNewsItemCache, type CachedNewsItem, type NewsItemCacheLimits } from './news-item-cache.js';
import { nextNewsCursor, parseNewsCursor, toCachedItem, type NewsCursor } from './news-cursor.js';

export interface NewsSourceOptions {
  /** How many of the newest items a full listing takes (News' batchSize); default 5000. */
  batchSize?: number;
  /** How often a full listing reconciles removals, in milliseconds; default 6 hours. */
  fullListingEveryMs?: number;
  cache?: NewsItemCacheLimits;
  now?: () => number;
}

/** Text kept of one item body (characters). */
const MAX_BODY_CHARS = 200_000;

export function createNewsSource(options: NewsSourceOptions = {}): SyncSource {
  const batchSize = options.batchSize ?? 5000;
  const fullEveryMs = options.fullListingEveryMs ?? 6 * 3600_000;
  const now = options.now ?? Date.now;
  const cache = createNewsItemCache(options.cache);

  async function scan(context: SyncContext, cursorText: string | undefined): Promise<ScanResult> {
    const previous = parseNewsCursor(cursorText);
    if (!previous || now() - previous.fullAt >= fullEveryMs) return listInFull(context);
    const items = await readItems(context, (client) => listItemsChangedSince(client, previous.lastModified));
    // News answers lastModified >= the cursor: items of that very second come back until something newer exists.
    const fresh = items.filter(
      (item) =>
        item.id >= previous.oldestId &&
        !(item.lastModified === previous.lastModified && previous.boundary[item.id] === item.version),
    );
    if (fresh.length === 0) return { kind: 'unchanged' };
    remember(context.userId, fresh);
    cache.feedTitles(context.userId).clear();
    const cursor: NewsCursor = { ...nextNewsCursor(previous, items), fullAt: previous.fullAt };
    return {
      kind: 'changes',
      changed: fresh.map(toSeen),
      removed: [],
      complete: false,
      cursor: JSON.stringify(cursor),
    };
  }

  async function listInFull(context: SyncContext): Promise<ScanResult> {
    const items = await readItems(context, (client) => listNewestItems(client, { batchSize }));
    remember(context.userId, items);
    cache.feedTitles(context.userId).clear();
    const capped = items.length >= batchSize;
    const cursor: NewsCursor = {
      ...nextNewsCursor(undefined, items),
      oldestId: capped ? Math.min(...items.map((item) => item.id)) : 0,
      fullAt: now(),
    };
    return { kind: 'changes', changed: items.map(toSeen), removed: [], complete: true, cursor: JSON.stringify(cursor) };
  }

  async function read(context: SyncContext, document: SeenDocument): Promise<FetchedDocument | null> {
    const id = Number(document.docId);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const items = cache.items(context.userId);
    let item = items.get(id);
    if (!item) {
      // Not (or no longer) cached: one listing of its feed fills the cache for its neighbours too.
      const hinted = Number(document.hint);
      const feedId = Number.isSafeInteger(hinted) && hinted > 0 ? hinted : undefined;
      const listed = await readItems(context, (client) => listNewestItems(client, { batchSize, feedId }));
      remember(context.userId, listed);
      item = listed.find((entry) => entry.id === id);
    }
    if (!item) return null;
    const feed = await feedTitleOf(context, item.feedId);
    return toDocument(item, feed);
  }

  /** Oldest first, so that the newest items are the last to leave the bounded cache. */
  function remember(userId: string, items: CachedNewsItemWithStamp[]): void {
    const cached = cache.items(userId);
    for (const item of [...items].sort((a, b) => a.id - b.id)) cached.set(item.id, item);
  }

  async function feedTitleOf(context: SyncContext, feedId: number): Promise<string | undefined> {
    const titles = cache.feedTitles(context.userId);
    const known = titles.get(feedId);
    if (known !== undefined) return known;
    const feeds = await listFeedTitles(context.client);
    if (!feeds) throw new SourceUnavailableError('News');
    for (const feed of feeds) titles.set(feed.id, htmlToText(feed.title, 500));
    return titles.get(feedId);
  }

  return { docType: 'news_item', scan, read };
}

type CachedNewsItemWithStamp = CachedNewsItem & { lastModified: number };

/** One item listing as the items the source keeps; News not served for this user throws SourceUnavailableError. */
async function readItems(
  context: SyncContext,
  list: (client: SyncContext['client']) => Promise<unknown[] | null>,
): Promise<CachedNewsItemWithStamp[]> {
  context.signal.throwIfAborted();
  const items = await list(context.client);
  if (!items) throw new SourceUnavailableError('News');
  return items.flatMap((raw) => {
    const item = toCachedItem(raw);
    return item ? [item] : [];
  });
}

function toSeen(item: CachedNewsItem): SeenDocument {
  return { docId: String(item.id), version: item.version, hint: String(item.feedId) };
}

function toDocument(item: CachedNewsItem, feed: string | undefined): FetchedDocument {
  const title = htmlToText(item.title, 500) || 'Untitled item';
  const author = htmlToText(item.author, 200);
  const body = htmlToText(item.bodyHtml, MAX_BODY_CHARS);
  const extra: Record<string, string> = {};
  if (feed) extra.feed = feed;
  if (/^https?:\/\//i.test(item.url) && item.url.length <= 2000) extra.url = item.url;
  return {
    docType: 'news_item',
    docId: String(item.id),
    title,
    mimeType: 'text/html',
    version: item.version,
    link: appLinks.news(),
    modifiedAt: item.pubDate || undefined,
    extra,
    pages: [[title, author ? `By ${author}` : '', body].filter(Boolean).join('\n')],
  };
}
