// Folders, feeds and items as the News API describes them; item and feed texts come out as plain text, because
// News passes on whatever HTML the feed had.
import { UpstreamError } from '../../errors.js';
import { htmlToText } from '../html-to-text.js';

export interface NewsFolder {
  id: number;
  name: string;
}

export interface NewsFeed {
  id: number;
  url: string;
  title: string;
  /** null for the root folder. */
  folderId: number | null;
  unreadCount: number;
  link: string;
}

export interface NewsItem {
  id: number;
  feedId: number;
  title: string;
  author: string;
  url: string;
  /** Plain text of the item's HTML body, at most BODY_MAX_CHARS characters. */
  body: string;
  /** Unix seconds. */
  pubDate: number;
  unread: boolean;
  starred: boolean;
}

export const BODY_MAX_CHARS = 4000;

type Json = Record<string, unknown>;

export function toNewsFolder(raw: unknown): NewsFolder {
  const folder = object(raw);
  return { id: id(folder), name: text(folder.name) };
}

export function toNewsFeed(raw: unknown): NewsFeed {
  const feed = object(raw);
  return {
    id: id(feed),
    url: text(feed.url),
    title: htmlToText(text(feed.title), 500),
    folderId: typeof feed.folderId === 'number' && feed.folderId > 0 ? feed.folderId : null,
    unreadCount: typeof feed.unreadCount === 'number' ? feed.unreadCount : 0,
    link: text(feed.link),
  };
}

export function toNewsItem(raw: unknown): NewsItem {
  const item = object(raw);
  return {
    id: id(item),
    feedId: typeof item.feedId === 'number' ? item.feedId : 0,
    title: htmlToText(text(item.title), 500),
    author: htmlToText(text(item.author), 200),
    url: text(item.url),
    body: htmlToText(text(item.body), BODY_MAX_CHARS),
    pubDate: typeof item.pubDate === 'number' ? item.pubDate : 0,
    unread: item.unread === true,
    starred: item.starred === true,
  };
}

function object(raw: unknown): Json {
  if (typeof raw !== 'object' || raw === null) throw new UpstreamError('News answered with a malformed entry.');
  return raw as Json;
}

function id(value: Json): number {
  if (typeof value.id !== 'number') throw new UpstreamError('News answered with an entry without an id.');
  return value.id;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}
