// GET and HEAD in the files double, as Nextcloud 32 answers them (docs/nextcloud-behaviour.md, "Files (WebDAV)",
// Headers of the answers, GET and HEAD). Facts, one test each: a file's GET and HEAD carry ETag, OC-ETag,
// Last-Modified, Content-Length, Content-Disposition and Content-Type, but no OC-FileId and no Accept-Ranges ·
// Content-Type is the secure type with a charset (`text/markdown;charset=UTF-8`; a `.json` file as
// `text/plain;charset=UTF-8` although PROPFIND says `application/json`) · Range → 206 with Content-Range · a start past
// the end → 416 "The start offset (20) exceeded the size of the entity (13)", an end before the start → 416 "The end
// offset (2) is lower than the start offset (5)", both with ETag · a Range on an empty file is ignored · GET of one's
// own folder → 200 text/html, empty, no ETag · GET of another user's home → 200 "This is the WebDAV interface…" · a
// missing file → 404.
// Unverified (sources in test/platform/apps/files/file-headers.ts): the exact Content-Disposition value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesDouble } from '../../../test/platform/apps/files.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { startFilesDouble } from '../support/files-double-env.js';

let double: PlatformDouble;
let files: FilesDouble;
let auth: string;

beforeAll(async () => {
  ({ double, files, auth } = await startFilesDouble());
  files.seedFile('erin', 'hello.txt', 'Hello, world!');
  files.seedFile('erin', 'notes.md', '# Notes');
  files.seedFile('erin', 'data.json', '{"a":1}');
  files.seedFile('erin', 'empty.txt', '');
  files.seedFolder('erin', 'Plain Folder');
});
afterAll(() => double.close());

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${double.url}/remote.php/dav/files/${path}`, { method, headers: { authorization: auth, ...headers } });
/** Sabre's `<s:message>`, as a client reads it. */
const messageOf = async (response: Response) => /<s:message>([^<]*)<\/s:message>/.exec(await response.text())?.[1];

describe('files double: GET and HEAD headers', () => {
  it.each(['GET', 'HEAD'])(
    'answers %s of a file with ETag, OC-ETag and Content-Disposition but no OC-FileId',
    async (method) => {
      const response = await get('erin/hello.txt', {}, method);

      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
      expect(response.headers.get('oc-etag')).toBe(response.headers.get('etag'));
      expect(response.headers.get('last-modified')).toMatch(/GMT$/);
      expect(response.headers.get('content-length')).toBe('13');
      expect(response.headers.get('content-disposition')).toContain('attachment');
      expect(response.headers.get('oc-fileid')).toBeNull();
      expect(response.headers.get('accept-ranges')).toBeNull();
    },
  );

  it('serves text files with a charset and a .json file as text/plain, unlike PROPFIND', async () => {
    const [markdown, json] = await Promise.all([get('erin/notes.md'), get('erin/data.json')]);

    expect(markdown.headers.get('content-type')).toBe('text/markdown;charset=UTF-8');
    expect(json.headers.get('content-type')).toBe('text/plain;charset=UTF-8');
  });
});

describe('files double: GET with a Range', () => {
  it('serves bytes=0-4 of a 13-byte file as 206 with Content-Range bytes 0-4/13', async () => {
    const response = await get('erin/hello.txt', { range: 'bytes=0-4' });

    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 0-4/13');
    expect(await response.text()).toBe('Hello');
  });

  it('answers a start past the end with 416, sabre’s message and the ETag', async () => {
    const response = await get('erin/hello.txt', { range: 'bytes=20-30' });

    expect(response.status).toBe(416);
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(await messageOf(response)).toBe('The start offset (20) exceeded the size of the entity (13)');
  });

  it('answers an end before the start with 416, sabre’s message and the ETag', async () => {
    const response = await get('erin/hello.txt', { range: 'bytes=5-2' });

    expect(response.status).toBe(416);
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+"$/);
    expect(await messageOf(response)).toBe('The end offset (2) is lower than the start offset (5)');
  });

  it('ignores a Range on an empty file and answers 200 with an empty body', async () => {
    const response = await get('erin/empty.txt', { range: 'bytes=0-99' });

    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });
});

describe('files double: GET of a folder', () => {
  it('answers GET of one’s own folder with 200 text/html, an empty body and no ETag', async () => {
    const response = await get('erin/Plain%20Folder');

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('etag')).toBeNull();
    expect(await response.text()).toBe('');
  });

  it('answers GET of another user’s home with the WebDAV interface text', async () => {
    const response = await get('bob/');

    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^This is the WebDAV interface\. It can only be accessed by WebDAV clients/);
  });

  it('answers GET of a missing file with 404 "File with name //no.txt could not be located"', async () => {
    const response = await get('erin/no.txt');

    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe('File with name //no.txt could not be located');
  });
});
