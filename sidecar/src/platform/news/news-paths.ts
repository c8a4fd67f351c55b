// The URLs of the News API (v1-3), with every path segment encoded; the one place that knows them.

const BASE = '/index.php/apps/news/api/v1-3';
const seg = (value: number | string) => encodeURIComponent(String(value));

export const newsPaths = {
  folders: () => `${BASE}/folders`,
  feeds: () => `${BASE}/feeds`,
  feed: (feedId: number) => `${BASE}/feeds/${seg(feedId)}`,
  /** move, rename, read. */
  feedAction: (feedId: number, action: string) => `${BASE}/feeds/${seg(feedId)}/${seg(action)}`,
  items: () => `${BASE}/items`,
  /** read, unread, star, unstar. */
  markItems: (mark: string) => `${BASE}/items/${seg(mark)}/multiple`,
};
