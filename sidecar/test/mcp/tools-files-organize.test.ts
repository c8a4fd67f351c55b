// The files tools that browse and rearrange, over MCP against the platform double: paged listing, folders, move,
// copy, delete, the trash bin (restored without Overwrite, which Nextcloud answers with 412 there) and versions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';

const USER_ID = 'uid-7';
let files: FilesDouble;
let harness: ToolHarness;

beforeAll(async () => {
  files = createFilesApp();
  harness = await startToolHarness({
    users: [{ id: USER_ID, loginName: 'carol', appPasswords: [APP_PASSWORD] }],
    apps: [files],
  });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
type TrashItem = { id: string; path: string; deleted_at?: string };
const trashItems = async () => data<{ items: TrashItem[] }>(await call('nc_files_trash_list')).items;

describe('nc_files_list', () => {
  it('pages through more entries than the limit, folders first, without repeats', async () => {
    for (let i = 0; i < 7; i++) files.seedFile(USER_ID, `Paged/file-${i}.txt`, `${i}`);
    files.seedFile(USER_ID, 'Paged/zeta/inner.txt', 'x');
    files.seedFile(USER_ID, 'Paged/alpha/inner.txt', 'x');
    const paths: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;

    do {
      const page: { entries: { path: string }[]; next_cursor: string | null } = data(
        await call('nc_files_list', { path: '/Paged', limit: 3, ...(cursor ? { cursor } : {}) }),
      );
      paths.push(...page.entries.map((entry) => entry.path));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);

    expect(pages).toBe(3);
    expect(paths).toEqual([
      '/Paged/alpha',
      '/Paged/zeta',
      ...Array.from({ length: 7 }, (_, i) => `/Paged/file-${i}.txt`),
    ]);
  });

  it('refuses a cursor of another folder', async () => {
    files.seedFile(USER_ID, 'Other/a.txt', 'a');
    files.seedFile(USER_ID, 'Other/b.txt', 'b');
    const first = data<{ next_cursor: string }>(await call('nc_files_list', { path: 'Other', limit: 1 }));

    const result = await call('nc_files_list', { path: 'Paged', cursor: first.next_cursor });

    expect(errorText(result)).toMatch(/another folder/);
  });
});

describe('nc_files_stat', () => {
  it('describes one item with its etag, size and content type', async () => {
    files.seedFile(USER_ID, 'Stat/report.md', 'twelve bytes');

    const entry = data<Record<string, unknown>>(await call('nc_files_stat', { path: 'Stat/report.md' }));

    expect(entry).toMatchObject({ path: '/Stat/report.md', type: 'file', size: 12, content_type: 'text/markdown' });
    expect(entry.etag).toBe(files.findNode(USER_ID, 'Stat/report.md')?.etag);
  });
});

describe('nc_files_mkdir, nc_files_move, nc_files_copy and nc_files_delete', () => {
  it('creates nested folders, moves, copies and refuses to copy over an item without overwrite', async () => {
    await call('nc_files_mkdir', { path: '/Org/Deep/Er', parents: true });
    await call('nc_files_write', { path: '/Org/Deep/Er/a.txt', content: 'A', mode: 'create' });

    const moved = await call('nc_files_move', { source: '/Org/Deep/Er/a.txt', destination: 'Org/b.txt' });
    const copied = await call('nc_files_copy', { source: 'Org/b.txt', destination: '/Org/c.txt' });
    const refused = await call('nc_files_copy', { source: 'Org/b.txt', destination: 'Org/c.txt' });

    expect(data(moved)).toEqual({ path: '/Org/b.txt', replaced: false });
    expect(data(copied)).toEqual({ path: '/Org/c.txt', replaced: false });
    expect(errorText(refused)).toMatch(/overwrite true/);
    expect(files.readFile(USER_ID, 'Org/Deep/Er/a.txt')).toBeUndefined();
    expect(files.readFile(USER_ID, 'Org/c.txt')?.toString()).toBe('A');
  });

  it('says the folder is a file when asked to create a folder below one', async () => {
    files.seedFile(USER_ID, 'not-a-folder.txt', 'x');

    const result = await call('nc_files_mkdir', { path: 'not-a-folder.txt/Inner' });

    expect(errorText(result)).toContain('/not-a-folder.txt is a file, not a folder; nothing can be created inside it.');
  });

  it('deletes into the trash bin', async () => {
    files.seedFile(USER_ID, 'Bin/gone.txt', 'bye');

    const deleted = await call('nc_files_delete', { path: '/Bin/gone.txt' });

    expect(data(deleted)).toEqual({ path: '/Bin/gone.txt' });
    expect((await trashItems()).map((item) => item.path)).toContain('/Bin/gone.txt');
  });
});

describe('nc_files_trash_list and nc_files_trash_restore', () => {
  it('restores a deleted file to where it was, sending no Overwrite header', async () => {
    files.seedFile(USER_ID, 'vt dir/trash me.txt', 'back again');
    await call('nc_files_delete', { path: 'vt dir/trash me.txt' });
    const item = (await trashItems()).find((entry) => entry.path === '/vt dir/trash me.txt');
    const before = harness.nextcloud.requests.length;

    const restored = await call('nc_files_trash_restore', { trash_item_id: item?.id ?? 'missing' });

    const move = harness.nextcloud.requests.slice(before).find((request) => request.method === 'MOVE');
    expect(data(restored)).toEqual({ path: '/vt dir/trash me.txt' });
    expect(move?.headers.overwrite).toBeUndefined();
    expect(files.readFile(USER_ID, 'vt dir/trash me.txt')?.toString()).toBe('back again');
  });

  it('restores as "name (restored)" when the name is taken again', async () => {
    files.seedFile(USER_ID, 'Taken/report.md', 'old');
    await call('nc_files_delete', { path: 'Taken/report.md' });
    files.seedFile(USER_ID, 'Taken/report.md', 'new');
    const item = (await trashItems()).find((entry) => entry.path === '/Taken/report.md');

    await call('nc_files_trash_restore', { trash_item_id: item?.id ?? 'missing' });

    expect(files.readFile(USER_ID, 'Taken/report.md')?.toString()).toBe('new');
    expect(files.readFile(USER_ID, 'Taken/report (restored).md')?.toString()).toBe('old');
  });

  it('answers an item that is not in the trash bin, pointing at nc_files_trash_list', async () => {
    const [missing, slash] = await Promise.all([
      call('nc_files_trash_restore', { trash_item_id: 'never.txt.d1700000000' }),
      call('nc_files_trash_restore', { trash_item_id: '../x' }),
    ]);

    expect(errorText(missing)).toMatch(/no item never\.txt\.d1700000000.*nc_files_trash_list/);
    expect(errorText(slash)).toMatch(/without slashes/);
  });
});

describe('nc_files_versions_list', () => {
  it('lists the earlier versions after two overwrites, without the current one', async () => {
    // Nextcloud keeps one version per second, so the earlier writes happened seconds apart.
    files.seedFile(USER_ID, 'versioned.md', 'one', { mtime: 1_700_000_000 });
    files.seedFile(USER_ID, 'versioned.md', 'two!', { mtime: 1_700_000_100 });
    const { etag } = data<{ etag: string }>(await call('nc_files_stat', { path: 'versioned.md' }));
    data(await call('nc_files_write', { path: 'versioned.md', content: 'three', mode: 'overwrite', etag }));

    const result = data<{ versions: { id: string; size: number }[] }>(
      await call('nc_files_versions_list', { path: '/versioned.md' }),
    );

    expect(result.versions.map((version) => version.size)).toEqual([4, 3]);
    expect(result.versions.map((version) => version.id)).not.toContain(
      String(files.findNode(USER_ID, 'versioned.md')?.mtime),
    );
  });
});
