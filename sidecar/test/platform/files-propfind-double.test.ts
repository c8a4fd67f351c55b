// PROPFIND in the files double, as Nextcloud answers it (docs/nextcloud-behaviour.md, "Files (WebDAV)"). Facts, one
// test each: hrefs lower-case hex, collections end with / · Depth 0/1, none acts as 1 · children sorted by name ·
// folder content props in a 404 propstat, permissions RGDNVCK/RGDNVW · d:displayname is the name, nc:has-preview true
// for .txt/.md and false for text/csv and empty files · missing → 404 · another user's home: empty 207, paths below 404
// "File not found: x in 'bob'", PUT into it 403 "Permission denied to create file (filename x.txt)".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesDouble } from '../../../test/platform/apps/files.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { startFilesDouble, type FilesDoubleEnv } from '../support/files-double-env.js';

let double: PlatformDouble;
let files: FilesDouble;
let call: FilesDoubleEnv['call'];

beforeAll(async () => {
  ({ double, files, call } = await startFilesDouble({ renamed: true }));
});
afterAll(() => double.close());

const PROPS = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"><d:prop><d:getetag/><d:getcontentlength/><d:getcontenttype/><d:resourcetype/><oc:fileid/><oc:permissions/><oc:size/><nc:has-preview/></d:prop></d:propfind>`;

const propfind = (path: string, depth?: string) =>
  call('PROPFIND', path, { headers: depth === undefined ? {} : { depth }, body: PROPS });
const hrefs = (xml: string) => [...xml.matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1]);
/** Sabre's `<s:message>`, as a client reads it. */
const messageOf = async (response: Response) =>
  (/<s:message>([^<]*)<\/s:message>/.exec(await response.text())?.[1] ?? '').replace(/&apos;/g, "'");

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

  it('lists a folder’s children sorted by name, whatever order they were made in', async () => {
    files.seedFile('uid-42', 'Sorted/b.txt', 'b');
    files.seedFile('uid-42', 'Sorted/a.txt', 'a');
    files.seedFolder('uid-42', 'Sorted/c');

    const listed = hrefs(await (await propfind('/files/uid-42/Sorted', '1')).text());

    expect(listed.slice(1).map((href) => href?.split('/Sorted/')[1])).toEqual(['a.txt', 'b.txt', 'c/']);
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

  it('answers d:displayname with the name, and nc:has-preview for .txt and .md but not text/csv or empty files', async () => {
    files.seedFile('uid-42', 'Preview/a.txt', 'text');
    files.seedFile('uid-42', 'Preview/b.md', '# md');
    files.seedFile('uid-42', 'Preview/c.csv', 'a,b');
    files.seedFile('uid-42', 'Preview/d.txt', '');
    const body = PROPS.replace('<d:getetag/>', '<d:displayname/>');

    const xml = await (await call('PROPFIND', '/files/uid-42/Preview', { headers: { depth: '1' }, body })).text();

    const previews = [...xml.matchAll(/<nc:has-preview>(\w+)<\/nc:has-preview>/g)].map((m) => m[1]).slice(1);
    expect(xml).toContain('<d:displayname>a.txt</d:displayname>');
    expect(previews).toEqual(['true', 'true', 'false', 'false']);
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
    expect(await messageOf(below)).toBe("File not found: secret.txt in 'bob'");
  });

  it("answers PUT into another user's home with 403 naming the file", async () => {
    const response = await call('PUT', '/files/bob/x.txt', { body: 'x' });

    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<s:message>Permission denied to create file (filename x.txt)</s:message>');
  });
});
