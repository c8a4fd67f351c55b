// News items: list them (all, unread or starred, of everything, a feed or a folder) newest first in pages, and
// mark them read, unread, starred or unstarred.
import type { NextcloudClient } from '../nextcloud-client.js';
import { toNewsItem, type NewsItem } from './news-models.js';
import { newsPaths } from './news-paths.js';

export type ItemFilter = 'all' | 'unread' | 'starred';
export type ItemMark = 'read' | 'unread' | 'starred' | 'unstarred';

/** The v1-3 path word for each mark (`starred`/`unstarred` paths answer 405). */
const MARK_ACTIONS: Record<ItemMark, string> = { read: 'read', unread: 'unread', starred: 'star', unstarred: 'unstar' };

export interface ItemQuery {
  filter: ItemFilter;
  feedId?: number;
  folderId?: number;
  limit: number;
  /** Only items older than this item id (the last id of the previous page). */
  beforeId?: number;
}

export interface ItemPage {
  items: NewsItem[];
  /** The id to pass as beforeId for the next page; null on the last page. */
  nextBeforeId: number | null;
}

/** News item types: 0 feed, 1 folder, 2 starred, 3 all. */
const TYPE = { feed: 0, folder: 1, starred: 2, all: 3 } as const;

export async function listItems(client: NextcloudClient, query: ItemQuery): Promise<ItemPage> {
  const [type, id] =
    query.feedId !== undefined
      ? [TYPE.feed, query.feedId]
      : query.folderId !== undefined
        ? [TYPE.folder, query.folderId]
        : query.filter === 'starred'
          ? [TYPE.starred, 0]
          : [TYPE.all, 0];
  const body = await client.requestJson<{ items?: unknown[] } | null>(newsPaths.items(), {
    query: {
      // One more than asked tells whether there is a next page.
      batchSize: String(query.limit + 1),
      offset: String(query.beforeId ?? 0),
      type: String(type),
      id: String(id),
      getRead: String(query.filter !== 'unread'),
      oldestFirst: 'false',
    },
  });
  const fetched = (body?.items ?? []).map(toNewsItem);
  const window = fetched.slice(0, query.limit);
  // A feed or folder query cannot ask News for starred items only, so those are picked here.
  const starredOnly = query.filter === 'starred' && type !== TYPE.starred;
  return {
    items: starredOnly ? window.filter((item) => item.starred) : window,
    nextBeforeId: fetched.length > query.limit ? (window[window.length - 1]?.id ?? null) : null,
  };
}

/** Marks the items with v1-3's `POST /items/{action}/multiple {itemIds}`; News ignores ids it does not know. */
export async function markItems(client: NextcloudClient, itemIds: number[], mark: ItemMark): Promise<void> {
  await client.request(newsPaths.markItems(MARK_ACTIONS[mark]), { method: 'POST', json: { itemIds } });
}
