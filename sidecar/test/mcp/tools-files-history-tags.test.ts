// Restoring a file version, comments, system tags and favourites, end to end: SDK client → sidecar → files double.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';

const USER_ID = 'alice';
let files: FilesDouble;
let harness: ToolHarness;

beforeAll(async () => {
  files = createFilesApp();
  harness = await startToolHarness({ users: [{ id: USER_ID, appPasswords: [APP_PASSWORD] }], apps: [files] });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown>) => harness.call(name, args);

describe('nc_files_versions_restore', () => {
  it('makes an earlier version the current content', async () => {
    files.seedFile(USER_ID, 'Plan.md', 'first draft', { mtime: 1_700_000_000 });
    files.seedFile(USER_ID, 'Plan.md', 'second draft', { mtime: 1_700_000_100 });
    const { versions } = data<{ versions: { id: string }[] }>(
      await call('nc_files_versions_list', { path: 'Plan.md' }),
    );

    const result = await call('nc_files_versions_restore', { path: 'Plan.md', version_id: versions.at(-1)!.id });

    expect(data<{ path: string }>(result).path).toBe('/Plan.md');
    expect(files.readFile(USER_ID, 'Plan.md')?.toString()).toBe('first draft');
  });

  it('answers a version that does not exist by pointing at nc_files_versions_list', async () => {
    files.seedFile(USER_ID, 'Other.md', 'text');

    const result = await call('nc_files_versions_restore', { path: 'Other.md', version_id: '123' });

    expect(errorText(result)).toMatch(/nc_files_versions_list/);
  });
});

describe('file comments', () => {
  it('adds a comment that the list then shows with its author', async () => {
    files.seedFile(USER_ID, 'Report.md', 'text');

    const added = data<{ id: string }>(await call('nc_files_comment', { path: '/Report.md', message: 'Looks good' }));

    const { comments } = data<{ comments: { id: string; author: string; message: string }[] }>(
      await call('nc_files_comments_list', { path: 'Report.md' }),
    );
    expect(comments).toEqual([expect.objectContaining({ id: added.id, author: USER_ID, message: 'Looks good' })]);
  });

  it('refuses a comment over 1000 characters and stores nothing', async () => {
    files.seedFile(USER_ID, 'Long.md', 'text');

    const result = await call('nc_files_comment', { path: 'Long.md', message: 'x'.repeat(1001) });

    expect(result.isError).toBe(true);
    const { comments } = data<{ comments: unknown[] }>(await call('nc_files_comments_list', { path: 'Long.md' }));
    expect(comments).toEqual([]);
  });
});

describe('tags and favourites', () => {
  it('tags a file by name, creating the tag, and marks it as a favorite', async () => {
    files.seedFile(USER_ID, 'Tagged.md', 'text');

    const result = await call('nc_files_tag', { path: 'Tagged.md', add_tags: ['Invoices'], favorite: true });

    expect(data(result)).toEqual({ path: '/Tagged.md', tags: ['Invoices'], favorite: true });
    const all = data<{ tags: { name: string }[] }>(await call('nc_files_tags_list', {}));
    expect(all.tags.map((t) => t.name)).toContain('Invoices');
    const own = data<{ tags: { name: string }[]; favorite: boolean }>(
      await call('nc_files_tags_list', { path: '/Tagged.md' }),
    );
    expect(own).toMatchObject({ tags: [expect.objectContaining({ name: 'Invoices' })], favorite: true });
    expect(files.findNode(USER_ID, 'Tagged.md')?.favorite).toBe(true);
  });

  it('removes a tag and the favorite mark, and assigns an existing tag without making a second one', async () => {
    files.seedFile(USER_ID, 'Second.md', 'text');
    await call('nc_files_tag', { path: 'Second.md', add_tags: ['Invoices', 'Draft'], favorite: true });

    const result = await call('nc_files_tag', { path: 'Second.md', remove_tags: ['Draft'], favorite: false });

    expect(data(result)).toEqual({ path: '/Second.md', tags: ['Invoices'], favorite: false });
    const all = data<{ tags: { name: string }[] }>(await call('nc_files_tags_list', {}));
    expect(all.tags.filter((t) => t.name === 'Invoices')).toHaveLength(1);
  });

  it('refuses a tag that is both added and removed, changing nothing', async () => {
    files.seedFile(USER_ID, 'Third.md', 'text');

    const result = await call('nc_files_tag', {
      path: 'Third.md',
      add_tags: ['X'],
      remove_tags: ['X'],
      favorite: true,
    });

    expect(errorText(result)).toMatch(/both in add_tags and remove_tags/);
    expect(files.findNode(USER_ID, 'Third.md')?.favorite).toBeUndefined();
  });
});

describe('nc_files_search among favourites', () => {
  const markFavorites = async (paths: string[], favorite = true) => {
    for (const path of paths) data(await call('nc_files_tag', { path, favorite }));
  };

  it('lists the favourites below a folder, newest first, and not a file whose mark was taken off', async () => {
    files.seedFile(USER_ID, 'Fav/Kept.md', 'text', { mtime: 1_700_000_000 });
    files.seedFile(USER_ID, 'Fav/Deep/Newer.pdf', '%PDF', { mtime: 1_700_000_500 });
    files.seedFile(USER_ID, 'Fav/Unmarked.md', 'text');
    files.seedFile(USER_ID, 'Fav/Plain.md', 'text');
    await markFavorites(['Fav/Kept.md', 'Fav/Deep/Newer.pdf', 'Fav/Unmarked.md']);
    await markFavorites(['Fav/Unmarked.md'], false);

    const result = await call('nc_files_search', { path: 'Fav', favorites: true });

    expect(data(result)).toEqual({
      results: [
        expect.objectContaining({ path: '/Fav/Deep/Newer.pdf' }),
        expect.objectContaining({ path: '/Fav/Kept.md' }),
      ],
      truncated: false,
    });
  });

  it('narrows the favourites by part of the name and type as any search does', async () => {
    files.seedFile(USER_ID, 'Fav2/Report.md', 'text');
    files.seedFile(USER_ID, 'Fav2/Report.pdf', '%PDF');
    files.seedFile(USER_ID, 'Fav2/Notes.pdf', '%PDF');
    await markFavorites(['Fav2/Report.md', 'Fav2/Report.pdf', 'Fav2/Notes.pdf']);

    const result = await call('nc_files_search', { path: 'Fav2', favorites: true, query: 'REPORT', type: 'pdf' });

    expect(data<{ results: { path: string }[] }>(result).results.map((r) => r.path)).toEqual(['/Fav2/Report.pdf']);
  });
});
