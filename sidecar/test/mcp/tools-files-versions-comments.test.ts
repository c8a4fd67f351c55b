// Restoring a file version and commenting on files, end to end: SDK client → sidecar → files double.
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
