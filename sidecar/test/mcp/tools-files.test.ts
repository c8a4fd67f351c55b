// The files tools over MCP against the platform double's WebDAV, as a user whose id differs from the login name:
// the tool list, the one path convention (shared with the sharing tools), reading and writing text.
// Organising, history, search and large uploads: tools-files-organize, -search and -upload.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { createSharingDouble } from '../../../test/platform/apps/sharing.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';

const USER_ID = 'uid-7';
let files: FilesDouble;
let harness: ToolHarness;

beforeAll(async () => {
  files = createFilesApp();
  const sharing = createSharingDouble({ files, users: [USER_ID, 'bob'] });
  harness = await startToolHarness({
    users: [{ id: USER_ID, loginName: 'carol', appPasswords: [APP_PASSWORD] }],
    apps: [files, sharing],
  });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown>) => harness.call(name, args);
/** The requests the double received while `act` ran, as `METHOD path`. */
async function requestsDuring(act: () => Promise<unknown>): Promise<string[]> {
  const before = harness.nextcloud.requests.length;
  await act();
  return harness.nextcloud.requests.slice(before).map((request) => `${request.method} ${request.path}`);
}

describe('the files tools', () => {
  it('are listed with read-only and destructive hints that fit what they do', async () => {
    const { tools } = await harness.client.listTools();

    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].filter((name) => name.startsWith('nc_files_')).sort()).toEqual([
      'nc_files_comment',
      'nc_files_comments_list',
      'nc_files_copy',
      'nc_files_delete',
      'nc_files_list',
      'nc_files_mkdir',
      'nc_files_move',
      'nc_files_read_text',
      'nc_files_search',
      'nc_files_stat',
      'nc_files_tag',
      'nc_files_tags_list',
      'nc_files_trash_list',
      'nc_files_trash_restore',
      'nc_files_upload_large',
      'nc_files_versions_list',
      'nc_files_versions_restore',
      'nc_files_write',
    ]);
    expect(byName.get('nc_files_list')?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(byName.get('nc_files_delete')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get('nc_files_mkdir')?.annotations).toMatchObject({ destructiveHint: false, idempotentHint: true });
    expect(byName.get('nc_files_list')?.outputSchema).toBeDefined();
  });
});

describe('one path convention', () => {
  it('accepts a path with and without a leading slash and answers with one', async () => {
    files.seedFile(USER_ID, 'Convention/a.md', 'a');

    const [withSlash, without, root] = await Promise.all([
      call('nc_files_stat', { path: '/Convention/a.md' }),
      call('nc_files_stat', { path: 'Convention/a.md' }),
      call('nc_files_list', { path: '/' }),
    ]);

    expect(data<{ path: string }>(withSlash).path).toBe('/Convention/a.md');
    expect(data<{ path: string }>(without).path).toBe('/Convention/a.md');
    expect(data<{ entries: { path: string }[] }>(root).entries.map((e) => e.path)).toContain('/Convention');
  });

  it('passes the path of a share to nc_files_stat as it is', async () => {
    files.seedFile(USER_ID, 'Documents/report.pdf', '%PDF-1.7');
    const share = data<{ path: string }>(
      await call('nc_sharing_create', { path: 'Documents/report.pdf', share_type: 'user', share_with: 'bob' }),
    );

    const stat = await call('nc_files_stat', { path: share.path });

    expect(share.path).toBe('/Documents/report.pdf');
    expect(data<{ path: string; size: number }>(stat)).toMatchObject({ path: '/Documents/report.pdf', size: 8 });
  });

  it('refuses paths that leave the user root or hide traversal, before asking Nextcloud', async () => {
    const paths = ['..', '/..', '.', 'Notes/./x', '%2e%2e%2f', 'a\\..\\b', 'Notes/../../x', 'a\u0000b', 'a//b'];

    const requests = await requestsDuring(() =>
      Promise.all(
        paths.map(async (path) => expect(errorText(await call('nc_files_read_text', { path }))).toMatch(/path/)),
      ),
    );

    expect(requests.filter((request) => request.includes('/remote.php/dav'))).toEqual([]);
  });
});

describe('nc_files_read_text', () => {
  it('reads a file with one GET, which carries the etag, the size and the content', async () => {
    files.seedFile(USER_ID, 'Read/once.md', 'Hello, world!');
    let read: { etag: string; size: number; content: string; next_offset: number | null } | undefined;

    const requests = await requestsDuring(async () => {
      read = data(await call('nc_files_read_text', { path: '/Read/once.md' }));
    });

    expect(requests).toEqual(['GET /remote.php/dav/files/uid-7/Read/once.md']);
    expect(read).toMatchObject({ size: 13, content: 'Hello, world!', next_offset: null });
    expect(read?.etag).toBe(files.findNode(USER_ID, 'Read/once.md')?.etag);
  });

  it('reads a window of max_bytes from offset, cut on a character boundary, and continues from next_offset', async () => {
    const text = 'añb€c😀d'.repeat(50);
    files.seedFile(USER_ID, 'Read/unicode.txt', text);
    const pieces: string[] = [];
    let offset: number | null = 0;
    let reads = 0;

    while (offset !== null && reads < 100) {
      const window: { content: string; next_offset: number | null } = data(
        await call('nc_files_read_text', { path: 'Read/unicode.txt', offset, max_bytes: 17 }),
      );
      pieces.push(window.content);
      offset = window.next_offset;
      reads += 1;
    }

    expect(reads).toBeGreaterThan(10);
    expect(pieces.join('')).toBe(text);
  });

  it('reports binary files instead of returning their bytes', async () => {
    files.seedFile(USER_ID, 'Read/image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 13]));
    files.seedFile(USER_ID, 'Read/latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x21]));

    const [png, latin1] = await Promise.all([
      call('nc_files_read_text', { path: 'Read/image.png' }),
      call('nc_files_read_text', { path: 'Read/latin1.txt' }),
    ]);

    expect(data<{ content: string | null }>(png).content).toBeNull();
    expect(data<{ content: string | null }>(latin1).content).toBeNull();
  });

  it('says a folder is a folder, pointing at nc_files_list', async () => {
    files.seedFolder(USER_ID, 'Read/Folder');

    const result = await call('nc_files_read_text', { path: 'Read/Folder' });

    expect(errorText(result)).toMatch(/is a folder.*nc_files_list/);
  });

  it('answers an empty file and an offset past the end with no content', async () => {
    files.seedFile(USER_ID, 'Read/empty.txt', '');
    files.seedFile(USER_ID, 'Read/short.txt', 'short');

    const [empty, past] = await Promise.all([
      call('nc_files_read_text', { path: 'Read/empty.txt' }),
      call('nc_files_read_text', { path: 'Read/short.txt', offset: 99 }),
    ]);

    expect(data(empty)).toMatchObject({ size: 0, content: '', next_offset: null });
    expect(data(past)).toMatchObject({ size: 5, content: '', next_offset: null });
  });
});

describe('nc_files_write', () => {
  it("writes under the user id's DAV tree, not the login name's", async () => {
    await call('nc_files_mkdir', { path: '/Notes' });

    const result = await call('nc_files_write', { path: '/Notes/hello.md', content: '# Hi', mode: 'create' });

    expect(data(result)).toMatchObject({ path: '/Notes/hello.md', created: true });
    expect(files.readFile(USER_ID, 'Notes/hello.md')?.toString()).toBe('# Hi');
    expect(files.readFile('carol', 'Notes/hello.md')).toBeUndefined();
  });

  it('answers a missing folder (Nextcloud: 404 "File with name //Nowhere…") by pointing at nc_files_mkdir', async () => {
    const result = await call('nc_files_write', { path: 'Nowhere/hello.md', content: '# Hi', mode: 'create' });

    expect(errorText(result)).toMatch(/\/Nowhere does not exist.*nc_files_mkdir/);
  });

  it('says the folder is a file when writing below one (Nextcloud: 404 "Node with name \'a.txt\'…")', async () => {
    files.seedFile(USER_ID, 'Below/a.txt', 'a file');

    const result = await call('nc_files_write', { path: 'Below/a.txt/x.md', content: '# Hi', mode: 'create' });

    expect(errorText(result)).toContain('/Below/a.txt is a file, not a folder; nothing can be created inside it.');
  });

  it('refuses to create a file that exists, with a message saying what to do', async () => {
    files.seedFile(USER_ID, 'exists.txt', 'original');

    const result = await call('nc_files_write', { path: 'exists.txt', content: 'new', mode: 'create' });

    expect(errorText(result)).toMatch(/already exists.*overwrite/);
    expect(files.readFile(USER_ID, 'exists.txt')?.toString()).toBe('original');
  });

  it('overwrites with the etag that was read and refuses a stale one, naming the current etag', async () => {
    files.seedFile(USER_ID, 'draft.txt', 'v1');
    const read = data<{ etag: string; content: string }>(await call('nc_files_read_text', { path: 'draft.txt' }));
    files.seedFile(USER_ID, 'draft.txt', 'changed elsewhere');
    const current = files.findNode(USER_ID, 'draft.txt')?.etag ?? '';

    const stale = await call('nc_files_write', {
      path: 'draft.txt',
      content: 'v2',
      mode: 'overwrite',
      etag: read.etag,
    });
    const written = await call('nc_files_write', {
      path: 'draft.txt',
      content: 'v3',
      mode: 'overwrite',
      etag: current,
    });

    expect(errorText(stale)).toContain(`changed since you read it (its etag is now ${current})`);
    expect(written.isError).toBeFalsy();
    expect(files.readFile(USER_ID, 'draft.txt')?.toString()).toBe('v3');
  });

  it('refuses an overwrite without an etag', async () => {
    const result = await call('nc_files_write', { path: 'exists.txt', content: 'y', mode: 'overwrite' });

    expect(errorText(result)).toMatch(/needs the etag/);
  });
});

describe('the caller memo', () => {
  it('asks Nextcloud who the user is once for many file calls, not once per call', async () => {
    await call('nc_files_list', { path: '/' });

    const requests = await requestsDuring(async () => {
      for (let i = 0; i < 3; i += 1) await call('nc_files_list', { path: '/' });
    });

    expect(requests.filter((request) => request.includes('/ocs/v2.php/cloud/user'))).toEqual([]);
  });
});
