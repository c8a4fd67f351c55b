// nc_files_search over MCP against the platform double's SEARCH: the scope goes out raw (Nextcloud answers an
// encoded one with 404), dates as ISO literals, and the vocabulary of the tools README (query, path).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { buildSearchBody } from '../../src/platform/files/dav-search.js';
import { parseFilePath } from '../../src/platform/files/dav-paths.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';

const USER_ID = 'uid-7';
let files: FilesDouble;
let harness: ToolHarness;
const day = (date: string) => ({ mtime: Date.parse(date) / 1000 });

beforeAll(async () => {
  files = createFilesApp();
  harness = await startToolHarness({
    users: [{ id: USER_ID, loginName: 'carol', appPasswords: [APP_PASSWORD] }],
    apps: [files],
  });
  files.seedFile(USER_ID, 'Find/budget-2023.md', 'x', day('2023-06-01'));
  files.seedFile(USER_ID, 'Find/budget-2024.md', 'x', day('2024-06-01'));
  files.seedFile(USER_ID, 'Find/budget-2024.png', 'x', day('2024-06-01'));
  files.seedFile(USER_ID, 'Find/Sub/BUDGET-notes.txt', 'x', day('2024-07-01'));
  files.seedFile(USER_ID, 'Find/plan.md', 'x', day('2024-06-01'));
  files.seedFile(USER_ID, 'vt dir/Über Pläne/a&b budget.md', 'x', day('2024-06-01'));
});
afterAll(() => harness.close());

const search = async (args: Record<string, unknown>) =>
  data<{ results: { path: string }[]; truncated: boolean }>(await harness.call('nc_files_search', args));

describe('nc_files_search', () => {
  it('filters by query, type and modification time, newest first', async () => {
    const result = await search({
      path: '/Find',
      query: 'budget',
      type: 'text',
      modified_after: '2024-01-01',
      modified_before: '2024-12-31',
    });

    expect(result.results.map((entry) => entry.path)).toEqual(['/Find/Sub/BUDGET-notes.txt', '/Find/budget-2024.md']);
  });

  it('searches in a folder whose name needs percent-encoding, sending the scope raw', async () => {
    const [spaced, nested] = await Promise.all([
      search({ path: 'vt dir', query: 'budget' }),
      search({ path: '/vt dir/Über Pläne', query: 'a&b' }),
    ]);

    expect(spaced.results.map((entry) => entry.path)).toEqual(['/vt dir/Über Pläne/a&b budget.md']);
    expect(nested.results.map((entry) => entry.path)).toEqual(['/vt dir/Über Pläne/a&b budget.md']);
  });

  it('says when a folder is missing', async () => {
    const result = await harness.call('nc_files_search', { path: '/No Such Folder', query: 'x' });

    expect(result.isError).toBe(true);
  });

  it('says truncated when there are more results than the limit', async () => {
    const result = await search({ path: 'Find', limit: 2 });

    expect(result.results).toHaveLength(2);
    expect(result.truncated).toBe(true);
  });

  it('refuses a date that is not ISO 8601', async () => {
    const result = await harness.call('nc_files_search', { modified_after: 'last week' });

    expect(errorText(result)).toMatch(/modified_after must be an ISO 8601 date/);
  });
});

describe('the SEARCH body', () => {
  it('compares getlastmodified with an ISO literal without fractions, as Nextcloud reads it', () => {
    const body = buildSearchBody('uid-7', {
      folder: parseFilePath('/vt dir/a&b'),
      modifiedAfter: Date.parse('2026-11-23T04:35:00Z') / 1000,
      limit: 10,
    });

    expect(body).toContain('<d:href>/files/uid-7/vt dir/a&amp;b</d:href>');
    expect(body).toContain('<d:literal>2026-11-23T04:35:00Z</d:literal>');
  });
});
