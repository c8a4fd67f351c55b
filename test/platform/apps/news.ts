// The news app of the platform double (News 28.7, API v1-3 under /index.php/apps/news/api/v1-3): per-user folders,
// feeds and items. It publishes no capabilities entry (Nextcloud's app menu shows it). Feeds come from a registry of
// "remote" feeds the test publishes; item fields are untrusted HTML, as in News.
import { sendJson, sendNotLoggedIn, type DoubleApp, type DoubleRequest } from '../double-app.js';
import { describeItem, leakedSql, updatedSinceSeconds } from './news/news-json.js';

export interface RemoteFeedItem {
  title: string;
  body: string;
  author?: string;
  url?: string;
  /** Unix seconds. */
  pubDate?: number;
}

export interface RemoteFeed {
  title: string;
  link?: string;
  items: RemoteFeedItem[];
}

export interface NewsDouble extends DoubleApp {
  /** Makes a feed readable at `url`; adding any other URL fails as an unreachable feed does (404). */
  publishFeed(url: string, feed: RemoteFeed): void;
}

interface Folder {
  id: number;
  name: string;
}
interface Feed {
  id: number;
  url: string;
  title: string;
  link: string;
  folderId: number | null;
  added: number;
}
export interface Item {
  id: number;
  feedId: number;
  guid: string;
  source: RemoteFeedItem;
  unread: boolean;
  starred: boolean;
  lastModified: number;
}
interface UserNews {
  folders: Map<number, Folder>;
  feeds: Map<number, Feed>;
  items: Map<number, Item>;
}
type Body = Record<string, unknown>;

/** A refusal: `{message}` with a status, or (html) the HTML error page Nextcloud shows for an uncaught exception. */
class NewsError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly html = false,
  ) {
    super(message);
  }
}

const API = '/index.php/apps/news/api';
const PREFIX = `${API}/v1-3`;
const ITEM_TYPE = { feed: 0, folder: 1, starred: 2, all: 3, unread: 6 } as const;
const MARKS: Record<string, (item: Item) => void> = {
  read: (item) => void (item.unread = false),
  unread: (item) => void (item.unread = true),
  star: (item) => void (item.starred = true),
  unstar: (item) => void (item.starred = false),
};

export function createNewsApp(options: { feeds?: Record<string, RemoteFeed> } = {}): NewsDouble {
  const remote = new Map(Object.entries(options.feeds ?? {}));
  const byUser = new Map<string, UserNews>();
  let nextId = 1;
  const now = () => Math.floor(Date.now() / 1000);
  const stateOf = (userId: string) => {
    let state = byUser.get(userId);
    if (!state) byUser.set(userId, (state = { folders: new Map(), feeds: new Map(), items: new Map() }));
    return state;
  };
  const newestItemId = (state: UserNews) => {
    const newest = Math.max(0, ...state.items.keys());
    return newest ? { newestItemId: newest } : {};
  };
  /** A feed as GET /feeds lists it (POST /feeds answers it with unreadCount null and lastUpdateError ""). */
  const describeFeed = (state: UserNews, feed: Feed) => ({
    ...feed,
    faviconLink: null,
    nextUpdateTime: null,
    unreadCount: [...state.items.values()].filter((i) => i.feedId === feed.id && i.unread).length,
    ordering: 0,
    pinned: false,
    updateErrorCount: 0,
    lastUpdateError: null,
  });
  const folderOf = (state: UserNews, id: number) => {
    const folder = state.folders.get(id);
    // unverified: the message of the 404 for an unknown folder (source: none).
    if (!folder) throw new NewsError(404, 'Folder not found');
    return folder;
  };
  const feedOf = (state: UserNews, id: number) => {
    const feed = state.feeds.get(id);
    if (!feed) throw new NewsError(404, leakedSql('news_feeds', id));
    return feed;
  };
  /**
   * News treats 0 and null as the root folder. An unknown folder fails inside News (adding or moving a feed): 500 with
   * Nextcloud's HTML error page.
   */
  const folderIdOf = (state: UserNews, value: unknown) => {
    if (value === null || value === undefined || value === 0) return null;
    if (!state.folders.has(Number(value))) throw new NewsError(500, 'Internal Server Error', true);
    return Number(value);
  };
  const removeFeed = (state: UserNews, feedId: number) => {
    state.feeds.delete(feedId);
    for (const item of state.items.values()) if (item.feedId === feedId) state.items.delete(item.id);
  };
  const markRead = (state: UserNews, newest: unknown, belongs: (item: Item) => boolean) => {
    for (const item of state.items.values()) {
      if (belongs(item) && item.id <= Number(newest ?? Infinity)) item.unread = false;
    }
    return null;
  };

  function routeFolders(
    state: UserNews,
    method: string,
    id: number | undefined,
    action: string | undefined,
    body: Body,
  ) {
    if (id === undefined && method === 'GET') {
      const folders = [...state.folders.values()].map((f) => ({ ...f, opened: true, feeds: [] }));
      return { folders };
    }
    if (id === undefined && method === 'POST') {
      // Duplicate names are allowed.
      const folder = { id: nextId++, name: typeof body.name === 'string' ? body.name : '' };
      state.folders.set(folder.id, folder);
      return { folders: [{ ...folder, opened: true, feeds: [] }] };
    }
    const folder = folderOf(state, id ?? -1);
    if (action === 'read' && method === 'POST')
      return markRead(state, body.newestItemId, (item) => state.feeds.get(item.feedId)?.folderId === folder.id);
    if (action !== undefined) throw notAllowed();
    if (method === 'PUT') folder.name = typeof body.name === 'string' ? body.name : folder.name;
    else if (method === 'DELETE') {
      for (const feed of state.feeds.values()) if (feed.folderId === folder.id) removeFeed(state, feed.id);
      state.folders.delete(folder.id);
    } else throw notAllowed();
    return [];
  }

  function routeFeeds(state: UserNews, method: string, id: number | undefined, action: string | undefined, body: Body) {
    if (id === undefined && method === 'GET') {
      const feeds = [...state.feeds.values()].map((feed) => describeFeed(state, feed));
      return { starredCount: [...state.items.values()].filter((i) => i.starred).length, feeds, ...newestItemId(state) };
    }
    if (id === undefined && method === 'POST') return addFeed(state, body);
    const feed = feedOf(state, id ?? -1);
    if (action === undefined && method === 'DELETE') {
      removeFeed(state, feed.id);
      return [];
    }
    if (method !== 'POST') throw notAllowed();
    // move and rename answer [], read answers null.
    if (action === 'move') feed.folderId = folderIdOf(state, body.folderId);
    else if (action === 'rename') feed.title = typeof body.feedTitle === 'string' ? body.feedTitle : feed.title;
    else if (action === 'read') return markRead(state, body.newestItemId, (item) => item.feedId === feed.id);
    return [];
  }

  function addFeed(state: UserNews, body: Body) {
    const url = typeof body.url === 'string' ? body.url.trim() : '';
    if ([...state.feeds.values()].some((f) => f.url === url)) throw new NewsError(409, 'Feed with this URL exists');
    const folderId = folderIdOf(state, body.folderId);
    const source = remote.get(url);
    // An unreachable feed fails with the upstream status (here always 404). unverified: the folder is checked before
    // the feed is fetched (source: none).
    if (!source) throw new NewsError(404, `HTTP 404 Not Found: ${url}`);
    const feed: Feed = { id: nextId++, url, title: source.title, link: source.link ?? url, folderId, added: now() };
    state.feeds.set(feed.id, feed);
    for (const [index, entry] of source.items.entries()) {
      const item = {
        id: nextId++,
        feedId: feed.id,
        guid: `${url}#${index}`,
        source: entry,
        unread: true,
        starred: false,
        lastModified: now(),
      };
      state.items.set(item.id, item);
    }
    return {
      feeds: [{ ...describeFeed(state, feed), unreadCount: null, lastUpdateError: '' }],
      ...newestItemId(state),
    };
  }

  function listItems(state: UserNews, params: URLSearchParams, updatedSince?: number) {
    const type = Number(params.get('type') ?? ITEM_TYPE.all);
    const id = Number(params.get('id') ?? 0);
    let items = [...state.items.values()].filter((item) => {
      if (type === ITEM_TYPE.feed) return item.feedId === id;
      if (type === ITEM_TYPE.folder) return (state.feeds.get(item.feedId)?.folderId ?? 0) === id;
      if (type === ITEM_TYPE.starred) return item.starred;
      if (type === ITEM_TYPE.unread) return item.unread;
      return true;
    });
    if (updatedSince !== undefined)
      return { items: items.filter((item) => item.lastModified >= updatedSince).map(describeItem) };
    const oldestFirst = params.get('oldestFirst') === 'true';
    const offset = Number(params.get('offset') ?? 0);
    const batchSize = Number(params.get('batchSize') ?? -1);
    if (params.get('getRead') === 'false') items = items.filter((item) => item.unread);
    items.sort((a, b) => (oldestFirst ? a.id - b.id : b.id - a.id));
    // The offset is the id of the last item of the previous batch.
    if (offset > 0) items = items.filter((item) => (oldestFirst ? item.id > offset : item.id < offset));
    if (batchSize > 0) items = items.slice(0, batchSize);
    return { items: items.map(describeItem) };
  }

  function routeItems(state: UserNews, method: string, path: string, params: URLSearchParams, body: Body) {
    if (path === '/items' && method === 'GET') return listItems(state, params);
    if (path === '/items/updated' && method === 'GET') return listItems(state, params, updatedSinceSeconds(params));
    if (path === '/items/read' && method === 'POST') return markRead(state, body.newestItemId, () => true);
    const many = /^\/items\/(\w+)\/multiple$/.exec(path);
    if (many) return markMany(state, method, many[1]!, body);
    const one = /^\/items\/(\d+)\/(read|unread|star|unstar)$/.exec(path);
    if (!one) throw new NewsError(404, 'Not found');
    // v1-3 marks with POST: a PUT there is 405.
    if (method !== 'POST') throw notAllowed();
    const item = state.items.get(Number(one[1]));
    if (!item) throw new NewsError(404, leakedSql('news_items', Number(one[1])));
    MARKS[one[2]!]!(item);
    item.lastModified = now();
    return [];
  }

  /** v1-3 marks several items with POST {itemIds}; PUT {items} is the v1-2 form, which v1-3 refuses. */
  function markMany(state: UserNews, method: string, action: string, body: Body) {
    const mark = MARKS[action];
    if (!mark || method !== 'POST') throw notAllowed();
    // Without itemIds News fails on a null argument and Nextcloud shows its HTML error page.
    if (!Array.isArray(body.itemIds)) throw new NewsError(500, 'Internal Server Error', true);
    for (const id of body.itemIds) {
      const item = state.items.get(Number(id));
      if (!item) continue;
      mark(item);
      item.lastModified = now();
    }
    return null;
  }

  async function route(req: DoubleRequest, state: UserNews, path: string): Promise<unknown> {
    const body = req.method === 'GET' || req.method === 'DELETE' ? {} : (((await req.json()) ?? {}) as Body);
    if (path === '/version' && req.method === 'GET') return { version: '28.7.0' };
    const folders = /^\/folders(?:\/(\d+)(?:\/(read))?)?$/.exec(path);
    if (folders) return routeFolders(state, req.method, optionalId(folders[1]), folders[2], body);
    const feeds = /^\/feeds(?:\/(\d+)(?:\/(move|rename|read))?)?$/.exec(path);
    if (feeds) return routeFeeds(state, req.method, optionalId(feeds[1]), feeds[2], body);
    if (path.startsWith('/items')) return routeItems(state, req.method, path, req.url.searchParams, body);
    throw new NewsError(404, 'Not found');
  }

  return {
    id: 'news',
    publishFeed: (url, feed) => void remote.set(url, feed),
    async handle(req, res) {
      if (req.path === API && req.method === 'GET') {
        sendJson(res, 200, { apiLevels: ['v1-2', 'v1-3', 'v2'] });
        return true;
      }
      if (!req.path.startsWith(`${PREFIX}/`)) return false;
      if (!req.user) {
        sendNotLoggedIn(res);
        return true;
      }
      try {
        sendJson(res, 200, await route(req, stateOf(req.user.id), req.path.slice(PREFIX.length)));
      } catch (error) {
        if (!(error instanceof NewsError)) throw error;
        if (error.status === 405) {
          // A 405 has an empty body.
          res.writeHead(405);
          res.end();
        } else if (!error.html) sendJson(res, error.status, { message: error.message });
        else {
          res.writeHead(error.status, { 'content-type': 'text/html; charset=utf-8' });
          res.end('<!DOCTYPE html><html><body><h2>Internal Server Error</h2></body></html>');
        }
      }
      return true;
    },
  };
}

const notAllowed = () => new NewsError(405, '');

function optionalId(value: string | undefined): number | undefined {
  return value === undefined ? undefined : Number(value);
}
