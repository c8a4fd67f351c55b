// The news tools over MCP, against the platform double's news app, with the sidecar in basic mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNewsApp } from '../../../test/platform/apps/news.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { connectClient } from '../support/mcp-client.js';
import { listedToolNames } from '../support/tool-calls.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

type Client = Awaited<ReturnType<typeof connectClient>>;
type Item = { id: number; title: string; url: string; text: string; unread: boolean; starred: boolean };
type ItemPage = { items: Item[]; next_cursor: string | null };
type Feed = { id: number; title: string; folder_id: number | null; url: string; unread_count: number };

const HOSTILE_URL = 'https://hostile.example/feed';
const QUIET_URL = 'https://quiet.example/rss';
let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let mcp: Client;
let hostileFeed: Feed;

const call = (name: string, args: Record<string, unknown>) => mcp.client.callTool({ name, arguments: args });
const structured = async <T>(name: string, args: Record<string, unknown>) =>
  (await call(name, args)).structuredContent as T;

beforeAll(async () => {
  const news = createNewsApp({
    feeds: {
      [HOSTILE_URL]: {
        title: 'Hostile &amp; <i>friends</i>',
        items: [
          {
            title: 'Breaking <script>alert(1)</script>news &amp; more',
            author: '<b>Mallory</b>',
            body:
              '<p>Hello <b>world</b><img src=x onerror="alert(1)"></p><script>steal()</script>' +
              '<style>p{}</style><ul><li>one</li><li>two</li></ul><!-- hidden --><a href="javascript:x">link</a>',
          },
        ],
      },
      [QUIET_URL]: {
        title: 'Quiet',
        items: Array.from({ length: 7 }, (_, n) => ({ title: `Quiet ${n + 1}`, body: `<p>Item ${n + 1}</p>` })),
      },
    },
  });
  nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [news] });
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    NEXTCLOUD_USERNAME: 'alice',
    NEXTCLOUD_PASSWORD: APP_PASSWORD,
    MCP_LIST_ALL_TOOLS: 'true',
  });
  mcp = await connectClient(`${sidecar.url}/mcp`);
  hostileFeed = await structured<Feed>('nc_news_add_feed', { url: HOSTILE_URL });
});
afterAll(async () => {
  await mcp.close();
  await sidecar.stop();
  await nextcloud.close();
});

describe('news tools: feeds and folders', () => {
  it('are listed although News publishes no capabilities entry (its app menu entry shows it)', async () => {
    const { tools } = await mcp.client.listTools();

    expect(tools.filter((tool) => tool.name.startsWith('nc_news_'))).toHaveLength(10);
  });

  it('subscribes to a feed and lists it with its unread count, titles as plain text', async () => {
    const added = await structured<{ id: number; title: string }>('nc_news_add_feed', { url: QUIET_URL });

    const { feeds } = await structured<{ feeds: Feed[] }>('nc_news_list_feeds', {});

    expect(added).toEqual({ id: expect.any(Number), title: 'Quiet' });
    expect(feeds.map((f) => [f.title, f.folder_id, f.url, f.unread_count])).toEqual([
      ['Hostile & friends', null, HOSTILE_URL, 1],
      ['Quiet', null, QUIET_URL, 7],
    ]);
  });

  it('reports a second subscription as a conflict and an unreachable feed (News answers 404) as invalid input', async () => {
    const again = await call('nc_news_add_feed', { url: HOSTILE_URL });
    const unreadable = await call('nc_news_add_feed', { url: 'https://nothing.example/feed' });

    expect(again.isError).toBe(true);
    expect(JSON.stringify(again.content)).toContain('already subscribes');
    expect(unreadable.isError).toBe(true);
    expect(JSON.stringify(unreadable.content)).toContain('could not read a feed at this URL (HTTP 404');
  });

  it('refuses to subscribe into a folder News does not have', async () => {
    const result = await call('nc_news_add_feed', { url: 'https://other.example/feed', folder_id: 987654 });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('News has no folder 987654');
  });

  it('lists folders and moves a feed into one and back', async () => {
    const folder = await createFolder('Reading');

    const into = await structured<{ folder_id: number | null }>('nc_news_move_feed', {
      feed_id: hostileFeed.id,
      folder_id: folder,
    });
    const listed = await structured<{ feeds: Feed[] }>('nc_news_list_feeds', {});
    await call('nc_news_move_feed', { feed_id: hostileFeed.id, folder_id: null });
    const { folders } = await structured<{ folders: { id: number; name: string }[] }>('nc_news_list_folders', {});

    expect(into.folder_id).toBe(folder);
    expect(listed.feeds.find((f) => f.id === hostileFeed.id)?.folder_id).toBe(folder);
    expect(folders).toEqual([{ id: folder, name: 'Reading' }]);
  });

  it('refuses to move a feed into a folder News does not have, without calling News (it answers 500 HTML)', async () => {
    const result = await call('nc_news_move_feed', { feed_id: hostileFeed.id, folder_id: 987654 });

    const listed = await structured<{ feeds: Feed[] }>('nc_news_list_feeds', {});
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('News has no folder 987654.');
    expect(JSON.stringify(result.content)).not.toMatch(/<|html/i);
    expect(listed.feeds.find((f) => f.id === hostileFeed.id)?.folder_id).toBeNull();
  });

  it("answers moving an unknown feed with a not-found error and none of News' SQL text", async () => {
    const result = await call('nc_news_move_feed', { feed_id: 999999, folder_id: null });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('News has no feed 999999.');
    expect(JSON.stringify(result.content)).not.toMatch(/SELECT|PREFIX/);
  });

  it('gives the reason an unreachable feed failed without the address News names in it', async () => {
    const result = await call('nc_news_add_feed', { url: 'https://nothing.example/feed' });

    expect(JSON.stringify(result.content)).toContain('HTTP 404 Not Found');
    expect(JSON.stringify(result.content)).not.toContain('nothing.example');
  });

  it('answers removing a feed that does not exist with a not-found error', async () => {
    const result = await call('nc_news_remove_feed', { feed_id: 999999 });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('no feed 999999');
  });

  it('refuses a URL that is not http(s), naming the field', async () => {
    const result = await call('nc_news_add_feed', { url: 'file:///etc/passwd' });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/url/);
  });
});

describe('news tools: items', () => {
  it('turns the HTML of items into plain text and never passes HTML on', async () => {
    const { items } = await structured<ItemPage>('nc_news_list_items', { feed_id: hostileFeed.id, filter: 'all' });

    const item = items[0]!;
    expect(item.title).toBe('Breaking news & more');
    expect(item.text).toBe('Hello world\n- one\n- two\nlink');
    expect(JSON.stringify(items)).not.toMatch(/<|alert|steal|onerror|hidden|Mallory/);
  });

  it('pages through all items newest first with next_cursor', async () => {
    const titles: string[] = [];
    let cursor: string | null = null;
    let pages = 0;

    do {
      const page: ItemPage = await structured<ItemPage>('nc_news_list_items', {
        filter: 'all',
        limit: 3,
        ...(cursor ? { cursor } : {}),
      });
      titles.push(...page.items.map((i) => i.title));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);

    expect(titles).toEqual([
      'Quiet 7',
      'Quiet 6',
      'Quiet 5',
      'Quiet 4',
      'Quiet 3',
      'Quiet 2',
      'Quiet 1',
      'Breaking news & more',
    ]);
    expect(pages).toBe(3);
  });

  it('marks items read and unread with POST .../multiple {itemIds} (v1-3 refuses PUT), which the unread filter follows', async () => {
    const { items } = await structured<ItemPage>('nc_news_list_items', { filter: 'unread', limit: 50 });
    const [first, second] = items;

    const read = await call('nc_news_mark_items', { item_ids: [first!.id, second!.id], as: 'read' });
    const unread = await call('nc_news_mark_items', { item_ids: [second!.id], as: 'unread' });

    expect([!!read.isError, !!unread.isError], JSON.stringify([read.content, unread.content])).toEqual([false, false]);
    const after = await structured<ItemPage>('nc_news_list_items', { filter: 'unread', limit: 50 });
    expect(after.items.map((i) => i.id)).not.toContain(first!.id);
    expect(after.items.map((i) => i.id)).toContain(second!.id);
    expect(after.items).toHaveLength(items.length - 1);
  });

  it('stars and unstars items through the star and unstar paths, which the starred filter follows', async () => {
    const { items } = await structured<ItemPage>('nc_news_list_items', { filter: 'all', limit: 3 });
    const ids = items.map((i) => i.id);

    const marked = await structured<{ marked: number }>('nc_news_mark_items', { item_ids: ids, as: 'starred' });
    const unstarred = await call('nc_news_mark_items', { item_ids: [ids[0]], as: 'unstarred' });

    const starred = await structured<ItemPage>('nc_news_list_items', { filter: 'starred' });
    expect(marked.marked).toBe(3);
    expect(unstarred.isError).toBeFalsy();
    expect(starred.items.map((i) => i.id)).toEqual(ids.slice(1));
    expect(starred.items.every((i) => i.starred)).toBe(true);
  });

  it('answers a schema violation with an error naming the field', async () => {
    const result = await call('nc_news_mark_items', { item_ids: [], as: 'read' });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/item_ids/);
  });
});

describe('news tools without the news app', () => {
  it('are not listed when Nextcloud has no news app', async () => {
    const tools = (await listedToolNames()).map((name) => ({ name }));

    expect(tools.map((tool) => tool.name)).toContain('nc_core_whoami');
    expect(tools.some((tool) => tool.name.startsWith('nc_news_'))).toBe(false);
  });
});

async function createFolder(name: string): Promise<number> {
  const response = await fetch(`${nextcloud.url}/index.php/apps/news/api/v1-3/folders`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`alice:${APP_PASSWORD}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ name }),
  });
  return ((await response.json()) as { folders: { id: number }[] }).folders[0]!.id;
}
