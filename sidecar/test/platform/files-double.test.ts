// The files app of the platform double behaves as Nextcloud's WebDAV does (platform-api.md, "Files (WebDAV)").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const PASSWORD = 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE';
const auth = basicAuth('Erin', PASSWORD);
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

const PROPFIND_BODY = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"><d:prop><d:getetag/><d:getcontentlength/><d:resourcetype/><oc:fileid/><oc:size/><nc:has-preview/></d:prop></d:propfind>`;

function call(method: string, path: string, init: { headers?: Record<string, string>; body?: string | Buffer } = {}) {
  return fetch(`${dav}${path}`, { method, headers: { authorization: auth, ...init.headers }, body: init.body });
}

const put = (path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  call('PUT', `/files/uid-42/${path}`, { body, headers });

describe('files double: /remote.php/dav/files/{uid}', () => {
  it('answers 401 with a Basic challenge without credentials', async () => {
    const response = await fetch(`${dav}/files/uid-42/`, { method: 'PROPFIND' });

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="Nextcloud"/);
    expect(await response.text()).toContain('Sabre\\DAV\\Exception\\NotAuthenticated');
  });

  it('lists a folder at Depth 1 as a multistatus with the d:/oc:/nc: namespaces and the sub-path in hrefs', async () => {
    files.seedFile('uid-42', 'List Test/a b.txt', 'hello');

    const response = await call('PROPFIND', '/files/uid-42/List%20Test', {
      headers: { depth: '1' },
      body: PROPFIND_BODY,
    });

    const xml = await response.text();
    expect(response.status).toBe(207);
    expect(xml).toContain('xmlns:d="DAV:"');
    expect(xml).toContain('xmlns:oc="http://owncloud.org/ns"');
    expect(xml).toContain('xmlns:nc="http://nextcloud.org/ns"');
    expect(xml).toContain('<d:href>/cloud/remote.php/dav/files/uid-42/List%20Test/</d:href>');
    expect(xml).toContain('<d:href>/cloud/remote.php/dav/files/uid-42/List%20Test/a%20b.txt</d:href>');
    expect(xml).toContain('<d:getcontentlength>5</d:getcontentlength>');
    expect(xml).toMatch(/<d:propstat><d:prop><d:getcontentlength\/><\/d:prop><d:status>HTTP\/1.1 404 Not Found/);
    expect(xml).toContain('<nc:has-preview>true</nc:has-preview>');
  });

  it('creates with If-None-Match: * once and answers 412 the second time', async () => {
    const first = await put('once.txt', 'one', { 'if-none-match': '*' });

    const second = await put('once.txt', 'two', { 'if-none-match': '*' });

    expect(first.status).toBe(201);
    expect(first.headers.get('oc-fileid')).toMatch(/^\d{8}oc/);
    expect(second.status).toBe(412);
    expect(files.readFile('uid-42', 'once.txt')?.toString()).toBe('one');
  });

  it('overwrites only with the current etag in If-Match', async () => {
    const created = await put('etag.txt', 'v1');
    const etag = created.headers.get('etag') ?? '';

    const stale = await put('etag.txt', 'v2', { 'if-match': '"not-the-etag"' });
    const fresh = await put('etag.txt', 'v2', { 'if-match': etag });

    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    expect(stale.status).toBe(412);
    expect(fresh.status).toBe(204);
    expect(files.readFile('uid-42', 'etag.txt')?.toString()).toBe('v2');
  });

  it('serves a byte range with 206 and Content-Range, and 416 past the end', async () => {
    await put('range.txt', '0123456789');

    const partial = await call('GET', '/files/uid-42/range.txt', { headers: { range: 'bytes=2-5' } });
    const beyond = await call('GET', '/files/uid-42/range.txt', { headers: { range: 'bytes=20-30' } });

    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await partial.text()).toBe('2345');
    expect(beyond.status).toBe(416);
  });

  it('answers MKCOL with 201, 405 when the folder exists and 409 without a parent', async () => {
    const created = await call('MKCOL', '/files/uid-42/NewFolder');

    const again = await call('MKCOL', '/files/uid-42/NewFolder');
    const orphan = await call('MKCOL', '/files/uid-42/Missing/Child');

    expect([created.status, again.status, orphan.status]).toEqual([201, 405, 409]);
  });

  it('refuses to MOVE onto an existing item with Overwrite: F and copies with a new file id', async () => {
    await put('src.txt', 'source');
    await put('dst.txt', 'target');

    const refused = await call('MOVE', '/files/uid-42/src.txt', {
      headers: { destination: `${dav}/files/uid-42/dst.txt`, overwrite: 'F' },
    });
    const copied = await call('COPY', '/files/uid-42/src.txt', {
      headers: { destination: `${dav}/files/uid-42/copy.txt` },
    });

    expect(refused.status).toBe(412);
    expect(copied.status).toBe(201);
    expect(files.readFile('uid-42', 'copy.txt')?.toString()).toBe('source');
    expect(files.readFile('uid-42', 'dst.txt')?.toString()).toBe('target');
  });

  it("shows another user's home as an empty collection, hides its files and refuses writes", async () => {
    files.seedFile('bob', 'secret.txt', 'bob only');

    const home = await call('PROPFIND', '/files/bob/', { headers: { depth: '1' }, body: PROPFIND_BODY });
    const file = await call('GET', '/files/bob/secret.txt');
    const write = await call('PUT', '/files/bob/planted.txt', { body: 'x' });
    const trash = await call('PROPFIND', '/trashbin/bob/trash', { headers: { depth: '1' } });

    const xml = await home.text();
    expect(home.status).toBe(207);
    expect(xml.match(/<d:response>/g)).toHaveLength(1);
    expect(xml).not.toContain('secret.txt');
    expect(file.status).toBe(404);
    expect(write.status).toBe(403);
    expect(trash.status).toBe(403);
  });
});

describe('files double: trash bin and versions', () => {
  it('keeps a deleted file in the trash bin with its original location and restores it', async () => {
    files.seedFile('uid-42', 'Trash Test/gone.md', 'bye');
    const deleted = await call('DELETE', '/files/uid-42/Trash%20Test/gone.md');
    const body = `<d:propfind xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:prop><nc:trashbin-filename/><nc:trashbin-original-location/><nc:trashbin-deletion-time/></d:prop></d:propfind>`;
    const listing = await (await call('PROPFIND', '/trashbin/uid-42/trash', { headers: { depth: '1' }, body })).text();
    const trashName = /trash\/(gone\.md\.d\d+)</.exec(listing)?.[1] ?? '';

    const restored = await call('MOVE', `/trashbin/uid-42/trash/${trashName}`, {
      headers: { destination: `${dav}/trashbin/uid-42/restore/${trashName}` },
    });

    expect(deleted.status).toBe(204);
    expect(listing).toContain('<nc:trashbin-original-location>Trash Test/gone.md</nc:trashbin-original-location>');
    expect(listing).toContain('<nc:trashbin-filename>gone.md</nc:trashbin-filename>');
    expect(listing).toMatch(/<nc:trashbin-deletion-time>\d+<\/nc:trashbin-deletion-time>/);
    expect(restored.status).toBe(201);
    expect(files.readFile('uid-42', 'Trash Test/gone.md')?.toString()).toBe('bye');
  });

  it('lists one earlier version per overwrite', async () => {
    const created = await put('versioned.txt', 'first');
    await put('versioned.txt', 'second');
    await put('versioned.txt', 'third');
    const fileId = Number.parseInt(created.headers.get('oc-fileid') ?? '', 10);

    const response = await call('PROPFIND', `/versions/uid-42/versions/${fileId}`, { headers: { depth: '1' } });

    const xml = await response.text();
    expect(response.status).toBe(207);
    expect(xml.match(/<d:getcontentlength>/g)).toHaveLength(2);
    expect(xml).toContain('<d:getcontentlength>5</d:getcontentlength>');
    expect(xml).toContain('<d:getcontentlength>6</d:getcontentlength>');
  });
});

describe('files double: SEARCH /remote.php/dav', () => {
  it('finds by name, mimetype and modification time within the scope', async () => {
    files.seedFile('uid-42', 'Search/old-report.md', 'x', { mtime: 1_600_000_000 });
    files.seedFile('uid-42', 'Search/new-report.md', 'x', { mtime: 1_700_000_000 });
    files.seedFile('uid-42', 'Search/new-report.png', 'x', { mtime: 1_700_000_000 });
    files.seedFile('uid-42', 'Elsewhere/report.md', 'x', { mtime: 1_700_000_000 });
    const body = `<?xml version="1.0"?><d:searchrequest xmlns:d="DAV:"><d:basicsearch>
      <d:select><d:prop><d:getetag/></d:prop></d:select>
      <d:from><d:scope><d:href>/files/uid-42/Search</d:href><d:depth>infinity</d:depth></d:scope></d:from>
      <d:where><d:and>
        <d:like><d:prop><d:displayname/></d:prop><d:literal>%REPORT%</d:literal></d:like>
        <d:like><d:prop><d:getcontenttype/></d:prop><d:literal>text/%</d:literal></d:like>
        <d:gt><d:prop><d:getlastmodified/></d:prop><d:literal>1650000000</d:literal></d:gt>
      </d:and></d:where></d:basicsearch></d:searchrequest>`;

    const response = await call('SEARCH', '', { headers: { 'content-type': 'text/xml' }, body });

    const hrefs = [...(await response.text()).matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1]);
    expect(response.status).toBe(207);
    expect(hrefs).toEqual(['/cloud/remote.php/dav/files/uid-42/Search/new-report.md']);
  });
});

describe('files double: chunked upload v2', () => {
  const MIB = 1024 * 1024;
  const destination = () => `${dav}/files/uid-42/big.bin`;

  it('assembles the chunks in number order into the Destination', async () => {
    await call('MKCOL', '/uploads/uid-42/up-1', { headers: { destination: destination() } });
    await call('PUT', '/uploads/uid-42/up-1/2', { body: Buffer.alloc(10, 2), headers: { destination: destination() } });
    await call('PUT', '/uploads/uid-42/up-1/1', {
      body: Buffer.alloc(5 * MIB, 1),
      headers: { destination: destination() },
    });

    const response = await call('MOVE', '/uploads/uid-42/up-1/.file', { headers: { destination: destination() } });

    const bytes = files.readFile('uid-42', 'big.bin');
    expect(response.status).toBe(201);
    expect(bytes?.length).toBe(5 * MIB + 10);
    expect(bytes?.[0]).toBe(1);
    expect(bytes?.[5 * MIB]).toBe(2);
  });

  it('answers 400 when a chunk before the last is smaller than 5 MB', async () => {
    await call('MKCOL', '/uploads/uid-42/up-2', { headers: { destination: destination() } });
    await call('PUT', '/uploads/uid-42/up-2/1', { body: Buffer.alloc(1000), headers: { destination: destination() } });
    await call('PUT', '/uploads/uid-42/up-2/2', { body: Buffer.alloc(10), headers: { destination: destination() } });

    const response = await call('MOVE', '/uploads/uid-42/up-2/.file', { headers: { destination: destination() } });

    expect(response.status).toBe(400);
  });

  it('forgets an upload after DELETE', async () => {
    await call('MKCOL', '/uploads/uid-42/up-3', { headers: { destination: destination() } });

    const aborted = await call('DELETE', '/uploads/uid-42/up-3');
    const chunk = await call('PUT', '/uploads/uid-42/up-3/1', { body: 'x', headers: { destination: destination() } });

    expect(aborted.status).toBe(204);
    expect(chunk.status).toBe(404);
  });
});
