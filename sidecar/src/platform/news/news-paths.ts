// The URLs of the News API (v1-3), with every path segment encoded; the one place that knows them.
import { pathSegment } from '../urls.js';

const BASE = '/index.php/apps/news/api/v1-3';

export const newsPaths = {
  folders: () => `${BASE}/folders`,
  folder: (folderId: number) => `${BASE}/folders/${pathSegment(folderId)}`,
  /** read. */
  folderAction: (folderId: number, action: string) => `${BASE}/folders/${pathSegment(folderId)}/${pathSegment(action)}`,
  feeds: () => `${BASE}/feeds`,
  feed: (feedId: number) => `${BASE}/feeds/${pathSegment(feedId)}`,
  /** move, rename, read. */
  feedAction: (feedId: number, action: string) => `${BASE}/feeds/${pathSegment(feedId)}/${pathSegment(action)}`,
  items: () => `${BASE}/items`,
  itemsUpdated: () => `${BASE}/items/updated`,
  /** read, unread, star, unstar. */
  markItems: (mark: string) => `${BASE}/items/${pathSegment(mark)}/multiple`,
};
