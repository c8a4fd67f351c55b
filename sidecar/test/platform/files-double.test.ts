// The files double answers WebDAV on /remote.php/dav/files/{uid} as Nextcloud does (platform-api.md, "Files
// (WebDAV)"). Facts, one test each, in the sheet's order:
//   hrefs lower-case hex, collections end with / · PROPFIND Depth 0/1, none acts as 1, folder content props in a 404
//   propstat, permissions RGDNVCK/RGDNVW, missing → 404 · another user's home: empty 207, paths below 404 · PUT/MOVE/
//   COPY/GET carry ETag, OC-ETag, OC-FileId · GET 200, Range → 206 + Content-Range, missing → 404 · PUT 201/204,
//   If-None-Match * → 412, stale If-Match → 412 with the current ETag, missing parent → 404 "//nope" · MKCOL 201/405/
//   409 · COPY/MOVE 201/204 (replaced item to the trash, COPY gives a new id, MOVE keeps it), Overwrite F → 412,
//   missing source 404, missing destination parent 409, Destination as URL or path · DELETE 204 into the trash, 404.
// Unverified (source in test/platform/apps/files): GET on a folder, Range on an empty file, sabre's 416 message.
// SEARCH, trash, versions, comments and chunked uploads: files-search-, files-history-, files-upload-double.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { FOLDER_GET_TEXT } from '../../../test/platform/apps/files/file-methods.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';

const PASSWORD = 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE';
const AUTH = `Basic ${Buffer.from(`Erin:${PASSWORD}`).toString('base64')}`;
let double: PlatformDouble;
let files: FilesDouble;
let dav: string;

beforeAll(async () => {
  files = createFilesApp();
  double = await startPlatformDouble({
    subPath: '/cloud',
    users: [
      { id: 'uid-42', loginName: 'Erin', appPasswords: [PASSWORD] },
      { id: 'bob', appPasswords: ['BBBBB-BBBBB-BBBBB-BBBBB-BBBBB'] },
    ],
    apps: [files],
  });
  dav = `${double.url}/remote.php/dav`;
});
afterAll(() => double.close());

const PROPS = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"><d:prop><d:getetag/><d:getcontentlength/><d:getcontenttype/><d:resourcetype/><oc:fileid/><oc:permissions/><oc:size/><nc:has-preview/></d:prop></d:propfind>`;

function call(method: string, path: string, init: { headers?: Record<string, string>; body?: string | Buffer } = {}) {
  const headers = { authorization: AUTH, ...init.headers };
  return fetch(`${dav}${path}`, { method, headers, body: init.body });
}
const put = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  call('PUT', `/files/uid-42/${path}`, { body, headers });
const propfind = (path: string, depth?: string) =>
  call('PROPFIND', path, { headers: depth === undefined ? {} : { depth }, body: PROPS });
const hrefs = (xml: string) => [...xml.matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1]);
const fileIdOf = (response: Response) => Number.parseInt(response.headers.get('oc-fileid') ?? '', 10);

describe('files double: PROPFIND', () => {
  it('encodes hrefs in lower-case hex and ends collection hrefs with a slash', async () => {
    files.seedFile('uid-42', 'Über mäßig/a&b+c%d.txt', 'x');

    const xml = await (await propfind('/files/uid-42/%C3%9Cber%20m%C3%A4%C3%9Fig', '1')).text();

    expect(hrefs(xml)).toEqual([
      '/cloud/remote.php/dav/files/uid-42/%c3%9cber%20m%c3%a4%c3%9fig/',
      '/cloud/remote.php/dav/files/uid-42/%c3%9cber%20m%c3%a4%c3%9fig/a%26b%2bc%25d.txt',
    ]);
  });

  it('answers Depth 0 with the item alone and no Depth header like Depth 1', async () => {
    files.seedFile('uid-42', 'Depth/a.txt', 'a');
    files.seedFile('uid-42', 'Depth/b.txt', 'b');

    const [zero, none] = await Promise.all([propfind('/files/uid-42/Depth', '0'), propfind('/files/uid-42/Depth')]);

    expect(hrefs(await zero.text())).toHaveLength(1);
    expect(hrefs(await none.text())).toHaveLength(3);
  });

  it('reports a folder’s content length and type in a 404 propstat, and Nextcloud’s permission letters', async () => {
    files.seedFile('uid-42', 'Perms/own.md', 'mine');

    const xml = await (await propfind('/files/uid-42/Perms', '1')).text();

    const [folder, file] = xml.split('</d:response>');
    expect(folder).toMatch(/<d:prop><d:getcontentlength\/><d:getcontenttype\/><\/d:prop><d:status>HTTP\/1.1 404/);
    expect(folder).toContain('<oc:permissions>RGDNVCK</oc:permissions>');
    expect(file).toContain('<oc:permissions>RGDNVW</oc:permissions>');
    expect(file).toMatch(/<oc:fileid>\d+<\/oc:fileid>/);
  });

  it('answers 404 for a missing path', async () => {
    const response = await propfind('/files/uid-42/Nowhere', '0');

    expect(response.status).toBe(404);
    expect(await response.text()).toContain('File with name //Nowhere could not be located');
  });

  it("shows another user's home as an empty collection and answers 404 below it", async () => {
    files.seedFile('bob', 'secret.txt', 'bob only');

    const home = await propfind('/files/bob/', '1');
    const below = await call('GET', '/files/bob/secret.txt');

    expect(home.status).toBe(207);
    expect(hrefs(await home.text())).toEqual(['/cloud/remote.php/dav/files/bob/']);
    expect(below.status).toBe(404);
  });
});

describe('files double: GET', () => {
  it('answers 200 with ETag, OC-ETag and OC-FileId, and 404 for a missing file', async () => {
    await put('get.txt', 'content');

    const [found, missing] = await Promise.all([
      call('GET', '/files/uid-42/get.txt'),
      call('GET', '/files/uid-42/no.txt'),
    ]);

    expect(found.status).toBe(200);
    expect(found.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(found.headers.get('oc-etag')).toBe(found.headers.get('etag'));
    expect(found.headers.get('oc-fileid')).toMatch(/^\d{8}oc[a-z0-9]+$/);
    expect(missing.status).toBe(404);
  });

  it('serves bytes=0-4 of a 13-byte file as 206 with Content-Range bytes 0-4/13', async () => {
    await put('range.txt', 'Hello, world!');

    const response = await call('GET', '/files/uid-42/range.txt', { headers: { range: 'bytes=0-4' } });

    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 0-4/13');
    expect(await response.text()).toBe('Hello');
  });

  it('answers a range past the end with 416 and sabre’s message (unverified)', async () => {
    await put('short.txt', '0123456789');

    const response = await call('GET', '/files/uid-42/short.txt', { headers: { range: 'bytes=20-30' } });

    expect(response.status).toBe(416);
    expect(await response.text()).toContain('The start offset (20) exceeded the size of the entity (10)');
  });

  it('ignores Range on an empty file and answers 200 with its ETag (unverified)', async () => {
    await put('empty.txt', '');

    const response = await call('GET', '/files/uid-42/empty.txt', { headers: { range: 'bytes=0-99' } });

    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^"/);
  });

  it('answers GET on a folder with 200, the WebDAV interface text and no ETag (unverified)', async () => {
    files.seedFolder('uid-42', 'Plain Folder');

    const response = await call('GET', '/files/uid-42/Plain%20Folder', { headers: { range: 'bytes=0-99' } });

    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBeNull();
    expect(await response.text()).toBe(FOLDER_GET_TEXT);
  });
});

describe('files double: PUT', () => {
  it('answers 201 for a new file and 204 for an overwrite, each with ETag, OC-ETag and OC-FileId', async () => {
    const created = await put('put.txt', 'one');
    const replaced = await put('put.txt', 'two');

    expect([created.status, replaced.status]).toEqual([201, 204]);
    expect(replaced.headers.get('oc-etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(fileIdOf(replaced)).toBe(fileIdOf(created));
  });

  it('answers If-None-Match: * on an existing file with 412 and keeps the file', async () => {
    await put('once.txt', 'one');

    const second = await put('once.txt', 'two', { 'if-none-match': '*' });

    expect(second.status).toBe(412);
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
  it('copies to a new file (201) with a new file id, the answer carrying ETag, OC-ETag and OC-FileId', async () => {
    const source = await put('copy-src.txt', 'source');

    const copied = await call('COPY', '/files/uid-42/copy-src.txt', {
      headers: { destination: `${dav}/files/uid-42/copy-dst.txt` },
    });

    expect(copied.status).toBe(201);
    expect(copied.headers.get('oc-etag')).toMatch(/^"/);
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
});
