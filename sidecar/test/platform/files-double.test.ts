// The files double answers WebDAV writes on /remote.php/dav/files/{uid} as Nextcloud does (docs/nextcloud-behaviour.md,
// "Files (WebDAV)"). Facts, one test each, in that section's order:
//   PUT 201/204 with ETag, OC-ETag, OC-FileId, If-None-Match * → 412 without ETag, stale If-Match → 412 with the
//   current ETag, missing parent → 404 "//nope", below an existing folder "/fa dir/nope", below a file → 404 "Node
//   with name 'a.txt' could not be found" · MKCOL 201/405/409 · COPY answers only the copy's new OC-FileId, MOVE its
//   ETag and the kept id, 201/204 (replaced item to the trash), Overwrite F → 412, missing source 404, missing
//   destination parent 409, source = destination 403, a folder into its own subtree 409, Destination as URL or path
//   · DELETE 204 into the trash, 404, stale If-Match → 412 with ETag.
// PROPFIND: files-propfind-double.test.ts; GET and HEAD: files-download-double.test.ts; SEARCH, trash, versions,
// comments and chunked uploads: files-search-, files-history-, files-comments-, files-upload-double.test.ts; the ETag
// of a rewrite: files-etag-double.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesDouble } from '../../../test/platform/apps/files.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { startFilesDouble, type FilesDoubleEnv } from '../support/files-double-env.js';

let double: PlatformDouble;
let files: FilesDouble;
let dav: string;
let call: FilesDoubleEnv['call'];

beforeAll(async () => {
  ({ double, files, dav, call } = await startFilesDouble({ renamed: true }));
});
afterAll(() => double.close());

const put = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  call('PUT', `/files/uid-42/${path}`, { body, headers });
/** Sabre's `<s:message>`, as a client reads it. */
const messageOf = async (response: Response) =>
  (/<s:message>([^<]*)<\/s:message>/.exec(await response.text())?.[1] ?? '').replace(/&apos;/g, "'");
const fileIdOf = (response: Response) => Number.parseInt(response.headers.get('oc-fileid') ?? '', 10);

describe('files double: PUT', () => {
  it('answers 201 for a new file and 204 for an overwrite, each with ETag, OC-ETag and OC-FileId', async () => {
    const created = await put('put.txt', 'one');
    const replaced = await put('put.txt', 'two');

    expect([created.status, replaced.status]).toEqual([201, 204]);
    expect(replaced.headers.get('oc-etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(fileIdOf(replaced)).toBe(fileIdOf(created));
  });

  it('answers If-None-Match: * on an existing file with 412 without an ETag, and keeps the file', async () => {
    await put('once.txt', 'one');

    const second = await put('once.txt', 'two', { 'if-none-match': '*' });

    expect(second.status).toBe(412);
    expect(second.headers.get('etag')).toBeNull();
    expect(await second.text()).toContain(
      '<s:message>An If-None-Match header was specified, but the ETag matched (or * was specified).</s:message>',
    );
    expect(files.readFile('uid-42', 'once.txt')?.toString()).toBe('one');
  });

  it('answers a stale If-Match with 412 carrying the current ETag', async () => {
    const current = (await put('etag.txt', 'v1')).headers.get('etag');

    const stale = await put('etag.txt', 'v2', { 'if-match': '"not-the-etag"' });

    expect(stale.status).toBe(412);
    expect(stale.headers.get('etag')).toBe(current);
  });

  it('answers a missing parent folder with 404 "File with name //nope could not be located"', async () => {
    const response = await put('nope/file.txt', 'x');

    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<s:message>File with name //nope could not be located</s:message>');
  });

  it('names a missing folder below an existing one "/fa dir/nope" in the 404', async () => {
    files.seedFolder('uid-42', 'fa dir');

    const response = await put('fa%20dir/nope/x.txt', 'x');

    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<s:message>File with name /fa dir/nope could not be located</s:message>');
  });

  it('answers PUT below a file with 404 "Node with name \'a.txt\' could not be found"', async () => {
    await put('a.txt', 'a file');

    const response = await put('a.txt/x', 'x');

    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe("Node with name 'a.txt' could not be found");
  });
});

describe('files double: MKCOL', () => {
  it('answers 201, then 405 when the folder exists, and 409 without a parent', async () => {
    const created = await call('MKCOL', '/files/uid-42/NewFolder');
    const again = await call('MKCOL', '/files/uid-42/NewFolder');
    const orphan = await call('MKCOL', '/files/uid-42/Missing/Child');

    expect([created.status, again.status, orphan.status]).toEqual([201, 405, 409]);
  });
});

describe('files double: COPY and MOVE', () => {
  it('copies to a new file (201), the answer carrying the copy’s new OC-FileId but no ETag or OC-ETag', async () => {
    const source = await put('copy-src.txt', 'source');

    const copied = await call('COPY', '/files/uid-42/copy-src.txt', {
      headers: { destination: `${dav}/files/uid-42/copy-dst.txt` },
    });

    expect(copied.status).toBe(201);
    expect(copied.headers.get('etag')).toBeNull();
    expect(copied.headers.get('oc-etag')).toBeNull();
    expect(fileIdOf(copied)).toBe(files.findNode('uid-42', 'copy-dst.txt')?.fileId);
    expect(fileIdOf(copied)).not.toBe(fileIdOf(source));
    expect(files.readFile('uid-42', 'copy-dst.txt')?.toString()).toBe('source');
  });

  it('moves onto an existing file with 204, keeping the file id and sending the replaced file to the trash', async () => {
    const source = await put('mv-src.txt', 'source');
    await put('mv-dst.txt', 'target');

    const moved = await call('MOVE', '/files/uid-42/mv-src.txt', {
      headers: { destination: '/cloud/remote.php/dav/files/uid-42/mv-dst.txt' },
    });

    const trash = await (await call('PROPFIND', '/trashbin/uid-42/trash', { headers: { depth: '1' } })).text();
    expect(moved.status).toBe(204);
    expect(fileIdOf(moved)).toBe(fileIdOf(source));
    expect(moved.headers.get('etag')).toBe(source.headers.get('etag'));
    expect(files.readFile('uid-42', 'mv-dst.txt')?.toString()).toBe('source');
    expect(trash).toMatch(/mv-dst\.txt\.d\d+/);
  });

  it('answers Overwrite: F on an existing target with 412', async () => {
    await put('keep-src.txt', 'source');
    await put('keep-dst.txt', 'target');

    const refused = await call('MOVE', '/files/uid-42/keep-src.txt', {
      headers: { destination: `${dav}/files/uid-42/keep-dst.txt`, overwrite: 'F' },
    });

    expect(refused.status).toBe(412);
    expect(files.readFile('uid-42', 'keep-dst.txt')?.toString()).toBe('target');
  });

  it('answers a missing source with 404 and a missing destination parent with 409', async () => {
    await put('lonely.txt', 'x');

    const [missing, orphan] = await Promise.all([
      call('COPY', '/files/uid-42/ghost.txt', { headers: { destination: `${dav}/files/uid-42/x.txt` } }),
      call('COPY', '/files/uid-42/lonely.txt', { headers: { destination: `${dav}/files/uid-42/No/x.txt` } }),
    ]);

    expect([missing.status, orphan.status]).toEqual([404, 409]);
  });

  it('answers a destination equal to the source with 403 "Source and destination uri are identical."', async () => {
    await put('same.txt', 'x');

    const response = await call('MOVE', '/files/uid-42/same.txt', {
      headers: { destination: `${dav}/files/uid-42/same.txt` },
    });

    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<s:message>Source and destination uri are identical.</s:message>');
  });

  it.each(['MOVE', 'COPY'])(
    'answers %s of a folder into its own subtree with 409 and sabre’s message',
    async (method) => {
      files.seedFolder('uid-42', `Tree ${method}/Sub`);

      const response = await call(method, `/files/uid-42/Tree%20${method}`, {
        headers: { destination: `${dav}/files/uid-42/Tree%20${method}/Sub/Inner` },
      });

      expect(response.status).toBe(409);
      expect(await response.text()).toContain(
        '<s:message>The destination may not be part of the same subtree as the source path.</s:message>',
      );
    },
  );
});

describe('files double: DELETE', () => {
  it('answers 204 and keeps the item in the trash bin, then 404', async () => {
    await put('bin-me.txt', 'x');

    const first = await call('DELETE', '/files/uid-42/bin-me.txt');
    const second = await call('DELETE', '/files/uid-42/bin-me.txt');

    const trash = await (await call('PROPFIND', '/trashbin/uid-42/trash', { headers: { depth: '1' } })).text();
    expect([first.status, second.status]).toEqual([204, 404]);
    expect(trash).toMatch(/bin-me\.txt\.d\d+/);
  });

  it('answers a stale If-Match with 412 carrying the current ETag, and keeps the file', async () => {
    const current = (await put('keep-me.txt', 'x')).headers.get('etag');

    const response = await call('DELETE', '/files/uid-42/keep-me.txt', { headers: { 'if-match': '"stale"' } });

    expect(response.status).toBe(412);
    expect(response.headers.get('etag')).toBe(current);
    expect(files.readFile('uid-42', 'keep-me.txt')?.toString()).toBe('x');
  });
});
