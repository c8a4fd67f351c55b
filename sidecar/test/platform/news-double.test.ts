// The news app of the platform double behaves as platform-api.md says the News API (v1-3) does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNewsApp } from '../../../test/platform/apps/news.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const PASSWORD = 'WWWWW-WWWWW-WWWWW-WWWWW-WWWWW';
const FEED_URL = 'https://blog.example/feed.xml';
let double: PlatformDouble;
let api: string;

beforeAll(async () => {
  const news = createNewsApp({
    feeds: {
      [FEED_URL]: {
        title: 'Example blog',
        items: [1, 2, 3, 4, 5].map((n) => ({ title: `Post ${n}`, body: `<p>Body <b>${n}</b></p>` })),
      },
    },
  });
  double = await startPlatformDouble({ users: [{ id: 'walt', appPasswords: [PASSWORD] }], apps: [news] });
  api = `${double.url}/index.php/apps/news/api/v1-3`;
});
afterAll(() => double.close());

const send = async <T = unknown>(method: string, path: string, body?: unknown) => {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: basicAuth('walt', PASSWORD), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
};
type Items = { items: { id: number; title: string; body: string; unread: boolean; starred: boolean }[] };

describe('news double', () => {
  it('answers 401 without credentials', async () => {
    expect((await fetch(`${api}/feeds`)).status).toBe(401);
  });

  it('creates folders, refusing a duplicate name with 409 and an empty one with 422', async () => {
    const created = await send<{ folders: { id: number; name: string }[] }>('POST', '/folders', { name: 'Tech' });

    const duplicate = await send('POST', '/folders', { name: 'Tech' });
    const empty = await send('POST', '/folders', { name: '' });

    expect(created.body.folders).toEqual([{ id: expect.any(Number), name: 'Tech' }]);
    expect([duplicate.status, empty.status]).toEqual([409, 422]);
  });

  it('adds a published feed with its items, answers 409 for a second time and 422 for an unreadable URL', async () => {
    const added = await send<{ feeds: { url: string; unreadCount: number }[] }>('POST', '/feeds', {
      url: FEED_URL,
      folderId: null,
    });

    const again = await send('POST', '/feeds', { url: FEED_URL, folderId: null });
    const unreadable = await send('POST', '/feeds', { url: 'https://nowhere.example/rss', folderId: null });

    expect(added.body.feeds[0]).toMatchObject({ url: FEED_URL, unreadCount: 5 });
    expect([again.status, unreadable.status]).toEqual([409, 422]);
  });

  it('pages items newest first with batchSize and an item id as offset, bodies as the feed sent them', async () => {
    const first = await send<Items>('GET', '/items?batchSize=2&offset=0&type=3&id=0&getRead=true');
    const lastId = first.body.items[1]!.id;

    const second = await send<Items>('GET', `/items?batchSize=2&offset=${lastId}&type=3&id=0&getRead=true`);

    expect(first.body.items.map((i) => i.title)).toEqual(['Post 5', 'Post 4']);
    expect(first.body.items[0]?.body).toBe('<p>Body <b>5</b></p>');
    expect(second.body.items.map((i) => i.title)).toEqual(['Post 3', 'Post 2']);
  });

  it('marks items read with {items} and starred with {itemIds}, and filters unread and starred', async () => {
    const all = (await send<Items>('GET', '/items?type=3&id=0')).body.items;
    const [a, b] = all;

    await send('PUT', '/items/read/multiple', { items: [a!.id] });
    await send('PUT', '/items/starred/multiple', { itemIds: [b!.id] });

    const unread = (await send<Items>('GET', '/items?type=3&id=0&getRead=false')).body.items;
    const starred = (await send<Items>('GET', '/items?type=2&id=0')).body.items;
    expect(unread.map((i) => i.id)).not.toContain(a!.id);
    expect(unread).toHaveLength(all.length - 1);
    expect(starred.map((i) => i.id)).toEqual([b!.id]);
  });

  it('moves a feed into a folder and deletes it', async () => {
    const folder = (await send<{ folders: { id: number }[] }>('POST', '/folders', { name: 'Moved' })).body.folders[0]!;
    const feed = (await send<{ feeds: { id: number }[] }>('GET', '/feeds')).body.feeds[0]!;

    await send('POST', `/feeds/${feed.id}/move`, { folderId: folder.id });
    const moved = (await send<{ feeds: { id: number; folderId: number }[] }>('GET', '/feeds')).body.feeds[0];
    const removed = await send('DELETE', `/feeds/${feed.id}`);

    expect(moved?.folderId).toBe(folder.id);
    expect(removed.status).toBe(200);
    expect((await send('DELETE', `/feeds/${feed.id}`)).status).toBe(404);
  });
});
