// What the knowledge sync reads of the News app: items changed since a time, the newest items (of all feeds or one),
// and the feeds' titles. Items come back as News sends them (the sync reads the fields it keeps); each answers null
// when News is not served for the user (not installed, not enabled: 404).
import type { NextcloudClient } from '../nextcloud-client.js';
import { newsPaths } from './news-paths.js';

/** The newest items first: of every feed, or of one feed. */
export interface NewestItemsQuery {
  /** News' batchSize: how many items at most. */
  batchSize: number;
  feedId?: number;
}

/** Items of every feed changed at or after `lastModified` (unix seconds; News answers `>=`). */
export function listItemsChangedSince(client: NextcloudClient, lastModified: number): Promise<unknown[] | null> {
  return requestItems(client, newsPaths.itemsUpdated(), { lastModified: String(lastModified), type: '3', id: '0' });
}

/** The newest items, read ones too. */
export function listNewestItems(client: NextcloudClient, query: NewestItemsQuery): Promise<unknown[] | null> {
  const source = query.feedId !== undefined ? { type: '0', id: String(query.feedId) } : { type: '3', id: '0' };
  return requestItems(client, newsPaths.items(), {
    ...source,
    batchSize: String(query.batchSize),
    offset: '0',
    getRead: 'true',
    oldestFirst: 'false',
  });
}

/** Each feed's id with its title as News stores it (may hold HTML entities). */
export async function listFeedTitles(client: NextcloudClient): Promise<{ id: number; title: string }[] | null> {
  const response = await client.request(newsPaths.feeds(), { accept: [404] });
  if (response.status === 404) return null;
  const feeds = (response.json() as { feeds?: { id?: unknown; title?: unknown }[] } | null)?.feeds ?? [];
  return feeds.flatMap((feed) =>
    typeof feed.id === 'number' ? [{ id: feed.id, title: String(feed.title ?? '') }] : [],
  );
}

async function requestItems(
  client: NextcloudClient,
  path: string,
  query: Record<string, string>,
): Promise<unknown[] | null> {
  const response = await client.request(path, { query, accept: [404] });
  if (response.status === 404) return null;
  const items = (response.json() as { items?: unknown[] } | null)?.items;
  return Array.isArray(items) ? items : [];
}
