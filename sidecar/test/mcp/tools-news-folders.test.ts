// The News folder tools, feed renaming and marking a whole feed or folder read, over MCP against the platform
// double's news app (folders: POST/PUT/DELETE, feeds/{id}/rename, feeds|folders/{id}/read {newestItemId}).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNewsApp } from '../../../test/platform/apps/news.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { errorText, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';

type Feed = { id: number; title: string; folder_id: number | null; unread_count: number };
type Folder = { id: number; name: string };

const feedUrl = (n: number) => `https://feeds.example/${n}`;
let harness: ToolHarness;

const feeds = async () => structured<{ feeds: Feed[] }>(await harness.call('nc_news_list_feeds')).feeds;
const folders = async () => structured<{ folders: Folder[] }>(await harness.call('nc_news_list_folders')).folders;
const addFeed = async (n: number, folderId?: number) =>
  structured<{ id: number }>(
    await harness.call('nc_news_add_feed', { url: feedUrl(n), ...(folderId ? { folder_id: folderId } : {}) }),
  ).id;
const createFolder = async (name: string) => structured<Folder>(await harness.call('nc_news_create_folder', { name }));

beforeAll(async () => {
  const news = createNewsApp({
    feeds: Object.fromEntries(
      [1, 2, 3, 4].map((n) => [
        feedUrl(n),
        {
          title: `Feed ${n}`,
          items: [
            { title: `a${n}`, body: '' },
            { title: `b${n}`, body: '' },
          ],
        },
      ]),
    ),
  });
  harness = await startToolHarness({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [news] });
});
afterAll(() => harness.close());

describe('News folders', () => {
  it('creates, renames and deletes a folder, the feeds in it going with it', async () => {
    const folder = await createFolder('Tech');
    const feedId = await addFeed(1, folder.id);
    const renamed = await harness.call('nc_news_rename_folder', { folder_id: folder.id, name: 'Technology' });
    const afterRename = await folders();
    const deleted = structured<{ id: number }>(await harness.call('nc_news_delete_folder', { folder_id: folder.id }));

    expect(structured(renamed)).toEqual({ id: folder.id, name: 'Technology' });
    expect(afterRename).toContainEqual({ id: folder.id, name: 'Technology' });
    expect(deleted).toEqual({ id: folder.id });
    expect((await folders()).map((f) => f.id)).not.toContain(folder.id);
    expect((await feeds()).map((f) => f.id)).not.toContain(feedId);
  });

  it('refuses a blank name and names an unknown folder', async () => {
    const blank = await harness.call('nc_news_create_folder', { name: '  ' });
    const unknown = await harness.call('nc_news_rename_folder', { folder_id: 987654, name: 'X' });
    const gone = await harness.call('nc_news_delete_folder', { folder_id: 987654 });

    expect(blank.isError).toBe(true);
    expect(errorText(blank)).toMatch(/name/);
    expect(errorText(unknown)).toContain('News has no folder 987654.');
    expect(errorText(gone)).toContain('News has no folder 987654.');
  });
});

describe('News feeds: rename and mark all read', () => {
  it('renames a feed with title, and moves and renames it at once', async () => {
    const folder = await createFolder('Later');
    const feedId = await addFeed(2);

    const renamed = structured<{ title: string }>(
      await harness.call('nc_news_move_feed', { feed_id: feedId, title: 'Renamed' }),
    );
    const both = await harness.call('nc_news_move_feed', { feed_id: feedId, folder_id: folder.id, title: 'Both' });
    const neither = await harness.call('nc_news_move_feed', { feed_id: feedId });
    const listed = (await feeds()).find((f) => f.id === feedId);

    expect(renamed.title).toBe('Renamed');
    expect(both.isError).toBeFalsy();
    expect(listed).toMatchObject({ title: 'Both', folder_id: folder.id });
    expect(errorText(neither)).toContain('Pass folder_id, title or both.');
  });

  it('marks every item of one feed read, leaving the other feeds unread', async () => {
    const readFeed = await addFeed(3);
    const otherFeed = await addFeed(4);

    const result = await harness.call('nc_news_mark_items', { feed_id: readFeed, as: 'read' });
    const listed = await feeds();

    expect(structured(result)).toEqual({ marked: null, feed_id: readFeed });
    expect(listed.find((f) => f.id === readFeed)?.unread_count).toBe(0);
    expect(listed.find((f) => f.id === otherFeed)?.unread_count).toBe(2);
  });

  it('marks every item of a folder read', async () => {
    const { folder_id: folderId } = (await feeds()).find((f) => f.folder_id !== null)!;

    const result = await harness.call('nc_news_mark_items', { folder_id: folderId!, as: 'read' });

    expect(result.isError).toBeFalsy();
    expect((await feeds()).filter((f) => f.folder_id === folderId).map((f) => f.unread_count)).toEqual([0]);
    expect((await feeds()).some((f) => f.folder_id === null && f.unread_count > 0)).toBe(true);
  });

  it('refuses more than one target, marking a whole feed other than read, and an unknown feed', async () => {
    const two = await harness.call('nc_news_mark_items', { item_ids: [1], feed_id: 1, as: 'read' });
    const starred = await harness.call('nc_news_mark_items', { folder_id: 1, as: 'starred' });
    const unknown = await harness.call('nc_news_mark_items', { feed_id: 999999, as: 'read' });

    expect(errorText(two)).toContain('exactly one of item_ids, feed_id and folder_id');
    expect(errorText(starred)).toContain('only be marked read');
    expect(errorText(unknown)).toContain('News has no feed 999999.');
    expect(errorText(unknown)).not.toMatch(/SELECT|PREFIX/);
  });
});
