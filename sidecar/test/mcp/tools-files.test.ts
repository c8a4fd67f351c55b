// The files tools over MCP, against the platform double's WebDAV, as a user whose id differs from the login name.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { connectClient } from '../support/mcp-client.js';
import { errorText, structured as data } from '../support/tool-calls.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

const USER_ID = 'uid-7';
let nextcloud: PlatformDouble;
let files: FilesDouble;
let sidecar: TestSidecar;
let connection: Awaited<ReturnType<typeof connectClient>>;

beforeAll(async () => {
  files = createFilesApp();
  nextcloud = await startPlatformDouble({
    users: [{ id: USER_ID, loginName: 'carol', appPasswords: [APP_PASSWORD] }],
    apps: [files],
  });
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    NEXTCLOUD_USERNAME: 'carol',
    NEXTCLOUD_PASSWORD: APP_PASSWORD,
  });
  connection = await connectClient(`${sidecar.url}/mcp`);
});
afterAll(async () => {
  await connection.close();
  await sidecar.stop();
  await nextcloud.close();
});

type Entry = { path: string; name: string; type: string; etag: string; file_id: number; size: number };

const call = (name: string, args: Record<string, unknown>) => connection.client.callTool({ name, arguments: args });

describe('the files tools', () => {
  it('are listed with read-only and destructive hints that fit what they do', async () => {
    const { tools } = await connection.client.listTools();

    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].filter((name) => name.startsWith('nc_files_')).sort()).toEqual([
      'nc_files_copy',
      'nc_files_delete',
      'nc_files_list',
      'nc_files_mkdir',
      'nc_files_move',
      'nc_files_read_text',
      'nc_files_search',
      'nc_files_stat',
      'nc_files_trash_list',
      'nc_files_trash_restore',
      'nc_files_upload_large',
      'nc_files_versions_list',
      'nc_files_write',
    ]);
    expect(byName.get('nc_files_list')?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(byName.get('nc_files_delete')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get('nc_files_mkdir')?.annotations).toMatchObject({ destructiveHint: false, idempotentHint: true });
    expect(byName.get('nc_files_list')?.outputSchema).toBeDefined();
  });
});

describe('nc_files_write and nc_files_read_text', () => {
  it("writes under the user id's DAV tree, not the login name's", async () => {
    await call('nc_files_mkdir', { path: 'Notes' });

    const result = await call('nc_files_write', { path: 'Notes/hello.md', content: '# Hi', mode: 'create' });

    expect(data<{ created: boolean; file_id: number }>(result)).toMatchObject({ created: true });
    expect(data<{ file_id: number }>(result).file_id).toBeGreaterThan(0);
    expect(files.readFile(USER_ID, 'Notes/hello.md')?.toString()).toBe('# Hi');
    expect(files.readFile('carol', 'Notes/hello.md')).toBeUndefined();
  });

  it('refuses to write into a missing folder, pointing at nc_files_mkdir', async () => {
    const result = await call('nc_files_write', { path: 'Nowhere/hello.md', content: '# Hi', mode: 'create' });

    expect(errorText(result)).toMatch(/Nowhere does not exist.*nc_files_mkdir/);
  });

  it('refuses to create a file that exists, with a message saying what to do', async () => {
    files.seedFile(USER_ID, 'exists.txt', 'original');

    const result = await call('nc_files_write', { path: 'exists.txt', content: 'new', mode: 'create' });

    expect(errorText(result)).toMatch(/already exists.*overwrite/);
    expect(files.readFile(USER_ID, 'exists.txt')?.toString()).toBe('original');
  });

  it('overwrites with the etag that was read and refuses a stale one', async () => {
    files.seedFile(USER_ID, 'draft.txt', 'v1');
    const read = data<{ etag: string; content: string }>(await call('nc_files_read_text', { path: 'draft.txt' }));
    files.seedFile(USER_ID, 'draft.txt', 'changed elsewhere');

    const stale = await call('nc_files_write', {
      path: 'draft.txt',
      content: 'v2',
      mode: 'overwrite',
      etag: read.etag,
    });
    const fresh = data<{ etag: string }>(await call('nc_files_read_text', { path: 'draft.txt' }));
    const written = await call('nc_files_write', {
      path: 'draft.txt',
      content: 'v3',
      mode: 'overwrite',
      etag: fresh.etag,
    });

    expect(read.content).toBe('v1');
    expect(errorText(stale)).toMatch(/changed since you read it/);
    expect(written.isError).toBeFalsy();
    expect(files.readFile(USER_ID, 'draft.txt')?.toString()).toBe('v3');
  });

  it('refuses an overwrite without an etag', async () => {
    files.seedFile(USER_ID, 'no-etag.txt', 'x');

    const result = await call('nc_files_write', { path: 'no-etag.txt', content: 'y', mode: 'overwrite' });

    expect(errorText(result)).toMatch(/needs the etag/);
  });

  it('reads a window of max_bytes from offset, cut on a character boundary, and continues from next_offset', async () => {
    const text = 'añb€c😀d'.repeat(50);
    files.seedFile(USER_ID, 'unicode.txt', text);
    const pieces: string[] = [];
    let offset: number | null = 0;
    let reads = 0;

    while (offset !== null && reads < 100) {
      const window: { content: string; next_offset: number | null; bytes_read: number } = data(
        await call('nc_files_read_text', { path: 'unicode.txt', offset, max_bytes: 17 }),
      );
      expect(window.bytes_read).toBeLessThanOrEqual(17);
      pieces.push(window.content);
      offset = window.next_offset;
      reads += 1;
    }

    expect(reads).toBeGreaterThan(10);
    expect(pieces.join('')).toBe(text);
  });

  it('reports binary files instead of returning their bytes', async () => {
    files.seedFile(USER_ID, 'image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
    files.seedFile(USER_ID, 'latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x21]));

    const png = data<{ is_binary: boolean; content: string | null; message: string }>(
      await call('nc_files_read_text', { path: 'image.png' }),
    );
    const latin1 = data<{ is_binary: boolean; content: string | null }>(
      await call('nc_files_read_text', { path: 'latin1.txt' }),
    );

    expect(png).toMatchObject({ is_binary: true, content: null });
    expect(png.message).toMatch(/binary file \(image\/png/);
    expect(latin1).toMatchObject({ is_binary: true, content: null });
  });

  it('refuses paths that leave the user root or hide traversal', async () => {
    const before = nextcloud.requests.length;
    const paths = ['..', '/etc/passwd', '%2e%2e%2f', 'a\\..\\b', 'Notes/../../x', 'a\u0000b'];

    const results = await Promise.all(paths.map((path) => call('nc_files_read_text', { path })));

    for (const result of results) expect(errorText(result)).toMatch(/path|Paths/);
    expect(nextcloud.requests.slice(before).filter((request) => request.path.includes('/remote.php/dav'))).toEqual([]);
  });
});

describe('the caller memo', () => {
  it('asks Nextcloud who the user is once for many file calls, not once per call', async () => {
    await call('nc_files_list', { path: '/' });
    const before = nextcloud.requests.length;

    for (let i = 0; i < 3; i += 1) await call('nc_files_list', { path: '/' });

    const lookups = nextcloud.requests
      .slice(before)
      .filter((request) => request.path.startsWith('/ocs/v2.php/cloud/user'));
    expect(lookups).toEqual([]);
  });
});

describe('nc_files_list and nc_files_stat', () => {
  it('pages through more entries than the limit, folders first, without repeats', async () => {
    for (let i = 0; i < 7; i++) files.seedFile(USER_ID, `Paged/file-${i}.txt`, `${i}`);
    files.seedFile(USER_ID, 'Paged/zeta/inner.txt', 'x');
    files.seedFile(USER_ID, 'Paged/alpha/inner.txt', 'x');
    const names: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;

    do {
      const page: { entries: Entry[]; next_cursor: string | null; total: number } = data(
        await call('nc_files_list', { path: 'Paged', limit: 3, ...(cursor ? { cursor } : {}) }),
      );
      names.push(...page.entries.map((entry) => entry.name));
      expect(page.total).toBe(9);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);

    expect(pages).toBe(3);
    expect(names).toEqual(['alpha', 'zeta', ...Array.from({ length: 7 }, (_, i) => `file-${i}.txt`)]);
  });

  it('refuses a cursor of another folder', async () => {
    files.seedFile(USER_ID, 'Other/a.txt', 'a');
    files.seedFile(USER_ID, 'Other/b.txt', 'b');
    const first = data<{ next_cursor: string }>(await call('nc_files_list', { path: 'Other', limit: 1 }));

    const result = await call('nc_files_list', { path: 'Paged', cursor: first.next_cursor });

    expect(errorText(result)).toMatch(/another folder/);
  });

  it('describes one item with its file id, etag and size', async () => {
    files.seedFile(USER_ID, 'Stat/report.md', 'twelve bytes');

    const entry = data<Entry & { content_type: string }>(await call('nc_files_stat', { path: 'Stat/report.md' }));

    expect(entry).toMatchObject({ path: 'Stat/report.md', type: 'file', size: 12, content_type: 'text/markdown' });
    expect(entry.file_id).toBeGreaterThan(0);
    expect(entry.etag).toMatch(/^[0-9a-f]+$/);
  });
});

describe('nc_files_mkdir, nc_files_move, nc_files_copy, nc_files_delete and the trash bin', () => {
  it('creates nested folders, moves, copies, deletes into the trash bin and restores', async () => {
    await call('nc_files_mkdir', { path: 'Org/Deep/Er', parents: true });
    await call('nc_files_write', { path: 'Org/Deep/Er/a.txt', content: 'A', mode: 'create' });
    await call('nc_files_move', { source: 'Org/Deep/Er/a.txt', destination: 'Org/b.txt' });
    await call('nc_files_copy', { source: 'Org/b.txt', destination: 'Org/c.txt' });
    const refused = await call('nc_files_copy', { source: 'Org/b.txt', destination: 'Org/c.txt' });
    await call('nc_files_delete', { path: 'Org/b.txt' });
    const trash = data<{ items: { trash_name: string; original_location: string }[] }>(
      await call('nc_files_trash_list', {}),
    );
    const item = trash.items.find((entry) => entry.original_location === 'Org/b.txt');

    const restored = data<{ original_location: string }>(
      await call('nc_files_trash_restore', { trash_name: item?.trash_name ?? 'missing' }),
    );

    expect(errorText(refused)).toMatch(/overwrite true/);
    expect(files.readFile(USER_ID, 'Org/Deep/Er/a.txt')).toBeUndefined();
    expect(files.readFile(USER_ID, 'Org/c.txt')?.toString()).toBe('A');
    expect(restored.original_location).toBe('Org/b.txt');
    expect(files.readFile(USER_ID, 'Org/b.txt')?.toString()).toBe('A');
  });
});

describe('nc_files_search', () => {
  it('filters by name, type and modification time', async () => {
    const day = (date: string) => Date.parse(date) / 1000;
    files.seedFile(USER_ID, 'Find/budget-2023.md', 'x', { mtime: day('2023-06-01') });
    files.seedFile(USER_ID, 'Find/budget-2024.md', 'x', { mtime: day('2024-06-01') });
    files.seedFile(USER_ID, 'Find/budget-2024.png', 'x', { mtime: day('2024-06-01') });
    files.seedFile(USER_ID, 'Find/Sub/BUDGET-notes.txt', 'x', { mtime: day('2024-07-01') });
    files.seedFile(USER_ID, 'Find/plan.md', 'x', { mtime: day('2024-06-01') });

    const result = data<{ results: Entry[] }>(
      await call('nc_files_search', {
        folder: 'Find',
        name_contains: 'budget',
        type: 'text',
        modified_after: '2024-01-01',
        modified_before: '2024-12-31',
      }),
    );

    expect(result.results.map((entry) => entry.path)).toEqual(['Find/Sub/BUDGET-notes.txt', 'Find/budget-2024.md']);
  });
});

describe('nc_files_versions_list', () => {
  it('lists the earlier versions after two overwrites', async () => {
    await call('nc_files_write', { path: 'versioned.md', content: 'one', mode: 'create' });
    for (const content of ['two!', 'three']) {
      const { etag } = data<{ etag: string }>(await call('nc_files_stat', { path: 'versioned.md' }));
      data(await call('nc_files_write', { path: 'versioned.md', content, mode: 'overwrite', etag }));
    }

    const result = data<{ versions: { size: number }[] }>(
      await call('nc_files_versions_list', { path: 'versioned.md' }),
    );

    expect(result.versions.map((version) => version.size).sort()).toEqual([3, 4]);
  });
});

describe('nc_files_upload_large', () => {
  const MIB = 1024 * 1024;
  // Compressible but not uniform, so a misplaced chunk changes the bytes.
  const content = Buffer.from(
    Array.from({ length: (11 * MIB) / 16 }, (_, i) => `${i.toString(16).padStart(15, '0')}\n`).join(''),
  );

  it('uploads more than 10 MiB in chunks, reporting progress after each', async () => {
    const progress: number[] = [];

    const result = await connection.client.callTool(
      {
        name: 'nc_files_upload_large',
        arguments: {
          path: 'big.log',
          content: gzipSync(content).toString('base64'),
          encoding: 'gzip_base64',
          chunk_size: 5 * MIB,
        },
      },
      { onprogress: (update) => void progress.push(update.progress) },
    );

    expect(data<{ size: number; chunks: number }>(result)).toMatchObject({ size: content.length, chunks: 3 });
    expect(progress).toEqual([5 * MIB, 10 * MIB, content.length]);
    expect(files.readFile(USER_ID, 'big.log')?.equals(content)).toBe(true);
  });

  it('uploads base64 content as one short chunk, byte for byte', async () => {
    const random = Buffer.from(Array.from({ length: 2 * MIB + 5 }, (_, i) => (i * 7919) % 251));

    const result = await call('nc_files_upload_large', { path: 'random.bin', content: random.toString('base64') });

    expect(data<{ chunks: number; created: boolean }>(result)).toMatchObject({ chunks: 1, created: true });
    expect(files.readFile(USER_ID, 'random.bin')?.equals(random)).toBe(true);
  });

  it('aborts the upload (DELETE) when the content turns out broken halfway', async () => {
    const broken = gzipSync(content).subarray(0, Math.floor(gzipSync(content).length * 0.8));
    const before = nextcloud.requests.length;

    const result = await call('nc_files_upload_large', {
      path: 'broken.log',
      content: broken.toString('base64'),
      encoding: 'gzip_base64',
      chunk_size: 5 * MIB,
    });

    const requests = nextcloud.requests.slice(before).map((request) => `${request.method} ${request.path}`);
    expect(errorText(result)).toMatch(/not valid gzip/);
    expect(requests.some((line) => /^PUT \/remote\.php\/dav\/uploads\/uid-7\/[^/]+\/1$/.test(line))).toBe(true);
    expect(requests.some((line) => /^DELETE \/remote\.php\/dav\/uploads\/uid-7\/[^/]+$/.test(line))).toBe(true);
    expect(files.readFile(USER_ID, 'broken.log')).toBeUndefined();
  });
});
