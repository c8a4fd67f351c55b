// The news app of the platform double behaves as docs/nextcloud-behaviour.md says News 28.7 (API v1-3) does, one test
// per fact.
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
  await send('POST', '/feeds', { url: FEED_URL, folderId: null });
});
afterAll(() => double.close());

async function send<T = unknown>(method: string, path: string, body?: unknown) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: basicAuth('walt', PASSWORD), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, type: response.headers.get('content-type') ?? '', text, body: safeJson(text) as T };
}
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
type Items = { items: { id: number; title: string; body: string; unread: boolean; starred: boolean }[] };
const items = async (query = 'type=3&id=0') => (await send<Items>('GET', `/items?${query}`)).body.items;

describe('news double: app and folders', () => {
  it('publishes no capabilities entry', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/capabilities?format=json`, {
      headers: { authorization: basicAuth('walt', PASSWORD), 'ocs-apirequest': 'true' },
    });

    const body = (await response.json()) as { ocs: { data: { capabilities: Record<string, unknown> } } };
    expect(body.ocs.data.capabilities).not.toHaveProperty('news');
  });

  it('answers GET /version with 200 {"version":"28.7.0"}, and 401 without credentials', async () => {
    const version = await send('GET', '/version');
    const anonymous = await fetch(`${api}/version`);

    expect(version.body).toEqual({ version: '28.7.0' });
    expect(anonymous.status).toBe(401);
  });

  it('lists its API levels at /index.php/apps/news/api without credentials', async () => {
    const response = await fetch(`${double.url}/index.php/apps/news/api`);

    expect(await response.json()).toEqual({ apiLevels: ['v1-2', 'v1-3', 'v2'] });
  });

  it('creates folders with 200 {folders}, duplicate names allowed', async () => {
    const first = await send<{ folders: { id: number; name: string }[] }>('POST', '/folders', { name: 'Tech' });
    const second = await send<{ folders: { id: number; name: string }[] }>('POST', '/folders', { name: 'Tech' });

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.folders[0]).toMatchObject({ name: 'Tech' });
    expect(second.body.folders[0]!.id).not.toBe(first.body.folders[0]!.id);
  });

  it('renames and deletes a folder with 200 [], reads it with 200 null, and answers an unknown one with 404', async () => {
    const { id } = (await send<{ folders: { id: number }[] }>('POST', '/folders', { name: 'Old' })).body.folders[0]!;

    const renamed = await send('PUT', `/folders/${id}`, { name: 'New' });
    const read = await send('POST', `/folders/${id}/read`, { newestItemId: 1 });
    const deleted = await send('DELETE', `/folders/${id}`);
    const unknown = await send('DELETE', `/folders/${id}`);

    expect([renamed.body, read.body, deleted.body]).toEqual([[], null, []]);
    expect(unknown).toMatchObject({ status: 404, body: { message: expect.any(String) } });
  });
});

describe('news double: feeds', () => {
  it('lists feeds with starredCount and newestItemId', async () => {
    const response = await send<Record<string, unknown>>('GET', '/feeds');

    expect(Object.keys(response.body)).toEqual(expect.arrayContaining(['starredCount', 'feeds', 'newestItemId']));
  });

  it('adds a feed with 200 {feeds, newestItemId}, unreadCount null and lastUpdateError "" in that answer', async () => {
    const url = 'https://other.example/rss';
    const news = createNewsApp({ feeds: { [url]: { title: 'Other', items: [{ title: 'A', body: 'a' }] } } });
    const own = await startPlatformDouble({ users: [{ id: 'walt', appPasswords: [PASSWORD] }], apps: [news] });

    const response = await fetch(`${own.url}/index.php/apps/news/api/v1-3/feeds`, {
      method: 'POST',
      headers: { authorization: basicAuth('walt', PASSWORD), 'content-type': 'application/json' },
      body: JSON.stringify({ url, folderId: null }),
    });

    await own.close();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      feeds: [expect.objectContaining({ url, unreadCount: null, lastUpdateError: '' })],
      newestItemId: expect.any(Number),
    });
  });

  it('answers an existing feed URL with 409 "Feed with this URL exists"', async () => {
    const response = await send('POST', '/feeds', { url: FEED_URL, folderId: null });

    expect(response).toMatchObject({ status: 409, body: { message: 'Feed with this URL exists' } });
  });

  it('answers an unreachable feed with the upstream status: 404 "HTTP 404 Not Found: {url}"', async () => {
    const response = await send('POST', '/feeds', { url: 'https://nowhere.example/rss', folderId: null });

    expect(response).toMatchObject({
      status: 404,
      body: { message: 'HTTP 404 Not Found: https://nowhere.example/rss' },
    });
  });

  it("answers an unknown folderId on POST /feeds with 500 and Nextcloud's HTML error page", async () => {
    const response = await send('POST', '/feeds', { url: 'https://other.example/feed', folderId: 999999 });

    expect([response.status, response.type]).toEqual([500, expect.stringContaining('text/html')]);
  });

  it("answers an unknown folderId on POST /feeds/{id}/move with 500 and Nextcloud's HTML error page", async () => {
    const feed = (await send<{ feeds: { id: number }[] }>('GET', '/feeds')).body.feeds[0]!;

    const response = await send('POST', `/feeds/${feed.id}/move`, { folderId: 999999 });

    expect([response.status, response.type]).toEqual([500, expect.stringContaining('text/html')]);
  });

  it('moves a feed into a folder and back to the root with null', async () => {
    const folder = (await send<{ folders: { id: number }[] }>('POST', '/folders', { name: 'Moved' })).body.folders[0]!;
    const feed = (await send<{ feeds: { id: number }[] }>('GET', '/feeds')).body.feeds[0]!;

    await send('POST', `/feeds/${feed.id}/move`, { folderId: folder.id });
    const moved = (await send<{ feeds: { folderId: number | null }[] }>('GET', '/feeds')).body.feeds[0];
    await send('POST', `/feeds/${feed.id}/move`, { folderId: null });
    const back = (await send<{ feeds: { folderId: number | null }[] }>('GET', '/feeds')).body.feeds[0];

    expect([moved?.folderId, back?.folderId]).toEqual([folder.id, null]);
  });

  it('answers an unknown feed with 404 and leaked SQL text as its message', async () => {
    const response = await send('DELETE', '/feeds/999999');

    expect(response).toMatchObject({ status: 404, body: { message: expect.stringMatching(/SELECT .* FROM /) } });
  });
});

describe('news double: items', () => {
  it('pages items newest first with batchSize and an item id as offset, bodies as the feed sent them', async () => {
    const first = await items('batchSize=2&offset=0&type=3&id=0&getRead=true');

    const second = await items(`batchSize=2&offset=${first[1]!.id}&type=3&id=0&getRead=true`);

    expect(first.map((i) => i.title)).toEqual(['Post 5', 'Post 4']);
    expect(first[0]?.body).toBe('<p>Body <b>5</b></p>');
    expect(second.map((i) => i.title)).toEqual(['Post 3', 'Post 2']);
  });

  it('marks several items with POST /items/{read|unread|star|unstar}/multiple {itemIds}, answering 200 null', async () => {
    const [a, b] = await items();

    const read = await send('POST', '/items/read/multiple', { itemIds: [a!.id, b!.id, 999999] });
    const unread = await send('POST', '/items/unread/multiple', { itemIds: [b!.id] });
    const star = await send('POST', '/items/star/multiple', { itemIds: [a!.id, b!.id] });
    const unstar = await send('POST', '/items/unstar/multiple', { itemIds: [b!.id] });

    expect([read, unread, star, unstar].map((r) => [r.status, r.body])).toEqual(Array(4).fill([200, null]));
    const after = (await items()).filter((i) => i.id === a!.id || i.id === b!.id);
    expect(after.map((i) => [i.unread, i.starred])).toEqual([
      [false, true],
      [true, false],
    ]);
  });

  it('answers PUT on a multiple route with 405 and an empty body', async () => {
    const [a] = await items();

    const response = await send('PUT', '/items/read/multiple', { items: [a!.id] });

    expect([response.status, response.text]).toEqual([405, '']);
  });

  it('answers PUT on a single mark route with 405', async () => {
    const [a] = await items();

    const response = await send('PUT', `/items/${a!.id}/read`);

    expect(response.status).toBe(405);
  });

  it('answers {items} instead of {itemIds} with 500 and an HTML page', async () => {
    const [a] = await items();

    const response = await send('POST', '/items/read/multiple', { items: [a!.id] });

    expect(response.status).toBe(500);
    expect(response.type).toContain('text/html');
  });

  it('answers the starred and unstarred paths with 405', async () => {
    const [a] = await items();

    const starred = await send('POST', '/items/starred/multiple', { itemIds: [a!.id] });
    const unstarred = await send('POST', '/items/unstarred/multiple', { itemIds: [a!.id] });

    expect([starred.status, unstarred.status]).toEqual([405, 405]);
  });

  it('marks one item with POST /items/{id}/{read|unread|star|unstar}, answering 200 [], unknown ids 404 with SQL', async () => {
    const [a] = await items();

    const star = await send('POST', `/items/${a!.id}/star`);
    const unknown = await send('POST', '/items/999999/read');

    expect([star.status, star.body]).toEqual([200, []]);
    expect((await items()).find((i) => i.id === a!.id)?.starred).toBe(true);
    expect(unknown).toMatchObject({ status: 404, body: { message: expect.stringMatching(/SELECT .* FROM /) } });
  });

  it('answers items/updated with the items modified at or after lastModified, given in microseconds too', async () => {
    const [newest] = await items();
    const since = (await send<Items & { items: { lastModified: number }[] }>('GET', '/items?type=3&id=0')).body
      .items[0]!.lastModified;

    const seconds = await send<Items>('GET', `/items/updated?type=3&id=0&lastModified=${since}`);
    const micro = await send<Items>('GET', `/items/updated?type=3&id=0&lastModified=${since * 1_000_000}`);

    expect(seconds.body.items.map((i) => i.id)).toContain(newest!.id);
    expect(micro.body.items.map((i) => i.id)).toEqual(seconds.body.items.map((i) => i.id));
  });

  it('marks everything read with POST /items/read {newestItemId}, which type 6 (unread) then shows empty', async () => {
    const newest = Math.max(...(await items()).map((i) => i.id));

    const response = await send('POST', '/items/read', { newestItemId: newest });

    expect(response.body).toBeNull();
    expect(await items('type=6&id=0')).toEqual([]);
  });
});
