// The news app of the platform double: per-user folders, feeds and items under /index.php/apps/news/api/v1-3.
// Feeds come from a registry of "remote" feeds the test publishes; item fields are untrusted HTML, as in News.
import type { ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { sendJson, sendNotLoggedIn, type DoubleApp, type DoubleRequest } from '../double-app.js';

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
  /** Makes a feed readable at `url`; adding any other URL answers 422 as an unreadable feed does. */
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
interface Item {
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

class NewsError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const PREFIX = '/index.php/apps/news/api/v1-3';
const ITEM_TYPE = { feed: 0, folder: 1, starred: 2, all: 3 } as const;

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

  const describeFeed = (state: UserNews, feed: Feed) => ({
    id: feed.id,
    url: feed.url,
    title: feed.title,
    faviconLink: null,
    added: feed.added,
    nextUpdateTime: null,
    folderId: feed.folderId,
    unreadCount: [...state.items.values()].filter((i) => i.feedId === feed.id && i.unread).length,
    ordering: 0,
    link: feed.link,
    pinned: false,
    updateErrorCount: 0,
    lastUpdateError: null,
  });

  function routeFolders(state: UserNews, method: string, id: number | undefined, body: Body) {
    if (id === undefined && method === 'GET') return { folders: [...state.folders.values()] };
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const checkName = () => {
      if (!name) throw new NewsError(422, 'Folder name can not be empty');
      if ([...state.folders.values()].some((f) => f.name === name && f.id !== id)) {
        throw new NewsError(409, 'Can not add folder: Exists already');
      }
    };
    if (id === undefined && method === 'POST') {
      checkName();
      const folder = { id: nextId++, name };
      state.folders.set(folder.id, folder);
      return { folders: [folder] };
    }
    const folder = id === undefined ? undefined : state.folders.get(id);
    if (!folder) throw new NewsError(404, 'Folder not found');
    if (method === 'PUT') {
      checkName();
      folder.name = name;
      return null;
    }
    if (method === 'DELETE') {
      for (const feed of state.feeds.values()) if (feed.folderId === folder.id) removeFeed(state, feed.id);
      state.folders.delete(folder.id);
      return null;
    }
    throw new NewsError(405, 'Method not allowed');
  }

  function routeFeeds(state: UserNews, method: string, id: number | undefined, action: string | undefined, body: Body) {
    if (id === undefined && method === 'GET') {
      const newest = Math.max(0, ...state.items.keys());
      return {
        feeds: [...state.feeds.values()].map((feed) => describeFeed(state, feed)),
        starredCount: [...state.items.values()].filter((i) => i.starred).length,
        ...(newest ? { newestItemId: newest } : {}),
      };
    }
    if (id === undefined && method === 'POST') return addFeed(state, body);
    const feed = id === undefined ? undefined : state.feeds.get(id);
    if (!feed) throw new NewsError(404, 'Feed not found');
    if (!action && method === 'DELETE') {
      removeFeed(state, feed.id);
      return null;
    }
    if (method !== 'POST') throw new NewsError(405, 'Method not allowed');
    if (action === 'move') {
      feed.folderId = folderIdOf(state, body.folderId);
      return null;
    }
    if (action === 'rename') {
      if (typeof body.feedTitle !== 'string' || !body.feedTitle.trim())
        throw new NewsError(422, 'Feed title can not be empty');
      feed.title = body.feedTitle;
      return null;
    }
    if (action === 'read') {
      const newest = Number(body.newestItemId ?? Infinity);
      for (const item of state.items.values()) if (item.feedId === feed.id && item.id <= newest) item.unread = false;
      return null;
    }
    throw new NewsError(404, 'Not found');
  }

  function addFeed(state: UserNews, body: Body) {
    const url = typeof body.url === 'string' ? body.url.trim() : '';
    if ([...state.feeds.values()].some((f) => f.url === url))
      throw new NewsError(409, 'Can not add feed: Exists already');
    const source = remote.get(url);
    if (!source) throw new NewsError(422, 'Can not add feed: could not read feed');
    const feed: Feed = {
      id: nextId++,
      url,
      title: source.title,
      link: source.link ?? url,
      folderId: folderIdOf(state, body.folderId),
      added: now(),
    };
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
    const newest = Math.max(0, ...state.items.keys());
    return { feeds: [describeFeed(state, feed)], ...(newest ? { newestItemId: newest } : {}) };
  }

  function removeFeed(state: UserNews, feedId: number) {
    state.feeds.delete(feedId);
    for (const item of state.items.values()) if (item.feedId === feedId) state.items.delete(item.id);
  }

  function listItems(state: UserNews, params: URLSearchParams, updatedSince?: number) {
    const type = Number(params.get('type') ?? ITEM_TYPE.all);
    const id = Number(params.get('id') ?? 0);
    const feedOf = (item: Item) => state.feeds.get(item.feedId);
    let items = [...state.items.values()].filter((item) => {
      if (type === ITEM_TYPE.feed) return item.feedId === id;
      if (type === ITEM_TYPE.folder) return (feedOf(item)?.folderId ?? 0) === id;
      if (type === ITEM_TYPE.starred) return item.starred;
      return true;
    });
    if (updatedSince !== undefined) {
      items = items.filter((item) => item.lastModified >= updatedSince);
    } else {
      const getRead = params.get('getRead') !== 'false';
      const oldestFirst = params.get('oldestFirst') === 'true';
      const offset = Number(params.get('offset') ?? 0);
      const batchSize = Number(params.get('batchSize') ?? -1);
      if (!getRead) items = items.filter((item) => item.unread);
      items.sort((a, b) => (oldestFirst ? a.id - b.id : b.id - a.id));
      if (offset > 0) items = items.filter((item) => (oldestFirst ? item.id > offset : item.id < offset));
      if (batchSize > 0) items = items.slice(0, batchSize);
    }
    return { items: items.map(describeItem) };
  }

  function markItems(state: UserNews, action: string, body: Body) {
    const ids = action === 'read' || action === 'unread' ? body.items : body.itemIds;
    if (!Array.isArray(ids)) throw new NewsError(400, 'Missing item ids');
    for (const id of ids) {
      const item = state.items.get(Number(id));
      if (!item) continue;
      if (action === 'read' || action === 'unread') item.unread = action === 'unread';
      else item.starred = action === 'starred';
      item.lastModified = now();
    }
    return null;
  }

  async function route(req: DoubleRequest, state: UserNews, path: string): Promise<unknown> {
    const body = req.method === 'GET' || req.method === 'DELETE' ? {} : (((await req.json()) ?? {}) as Body);
    const folders = /^\/folders(?:\/(\d+))?$/.exec(path);
    if (folders) return routeFolders(state, req.method, folders[1] ? Number(folders[1]) : undefined, body);
    const feeds = /^\/feeds(?:\/(\d+)(?:\/(move|rename|read))?)?$/.exec(path);
    if (feeds) return routeFeeds(state, req.method, feeds[1] ? Number(feeds[1]) : undefined, feeds[2], body);
    if (path === '/items' && req.method === 'GET') return listItems(state, req.url.searchParams);
    if (path === '/items/updated' && req.method === 'GET') {
      return listItems(state, req.url.searchParams, Number(req.url.searchParams.get('lastModified') ?? 0));
    }
    const mark = /^\/items\/(read|unread|starred|unstarred)\/multiple$/.exec(path);
    if (mark?.[1] && req.method === 'PUT') return markItems(state, mark[1], body);
    if (path === '/version' && req.method === 'GET') return { version: '25.0.0' };
    throw new NewsError(404, 'Not found');
  }

  return {
    id: 'news',
    capabilities: () => ({ version: '25.0.0' }),
    publishFeed: (url, feed) => void remote.set(url, feed),
    async handle(req, res: ServerResponse) {
      if (!req.path.startsWith(`${PREFIX}/`)) return false;
      if (!req.user) {
        sendNotLoggedIn(res);
        return true;
      }
      try {
        const answer = await route(req, stateOf(req.user.id), req.path.slice(PREFIX.length));
        sendJson(res, 200, answer ?? []);
      } catch (error) {
        if (!(error instanceof NewsError)) throw error;
        sendJson(res, error.status, { message: error.message });
      }
      return true;
    },
  };
}

function folderIdOf(state: UserNews, value: unknown): number | null {
  // News treats 0 and null as the root folder.
  if (value === null || value === undefined || value === 0) return null;
  const id = Number(value);
  if (!state.folders.has(id)) throw new NewsError(404, 'Folder not found');
  return id;
}

function describeItem(item: Item) {
  const { source } = item;
  const guidHash = createHash('md5').update(item.guid).digest('hex');
  return {
    id: item.id,
    guid: item.guid,
    guidHash,
    url: source.url ?? null,
    title: source.title,
    author: source.author ?? null,
    pubDate: source.pubDate ?? item.lastModified,
    updatedDate: null,
    body: source.body,
    enclosureMime: null,
    enclosureLink: null,
    mediaThumbnail: null,
    mediaDescription: null,
    feedId: item.feedId,
    unread: item.unread,
    starred: item.starred,
    lastModified: item.lastModified,
    rtl: false,
    fingerprint: guidHash,
    contentHash: createHash('md5').update(source.body).digest('hex'),
  };
}
