// SEARCH /remote.php/dav in the files double, as Nextcloud answers it (docs/nextcloud-behaviour.md, "Files (WebDAV)",
// Search). Facts, one test each: 207 multistatus for a basicsearch · without Content-Type → 501 "There was no plugin in
// the system that was willing to handle this SEARCH method." · scope `/files/{uid}/{folder}` raw and unencoded, only
// XML-escaped · a percent-encoded scope → 404 "File with name //vt%20dir could not be located" · a scope starting
// /remote.php/dav → 404 "File not found: remote.php in 'root'", another first segment likewise · a missing folder → 404
// · a file, `/`, `/files` or another user's home → 500 "Search is only supported on directories" with
// InvalidArgumentException · below another user's home → 404 "File not found: x in 'bob'" · d:like on displayname ·
// d:gt/d:lt on getlastmodified with an ISO literal or unix seconds · an ISO literal with fractions counts as 0 · d:eq
// on getcontenttype · d:not and d:is-collection · d:and/d:or · d:orderby · d:limit/d:nresults · result hrefs are full
// /remote.php/dav/files/{uid}/… hrefs in lower-case hex.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesDouble } from '../../../test/platform/apps/files.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { startFilesDouble } from '../support/files-double-env.js';

let double: PlatformDouble;
let files: FilesDouble;
let auth: string;

beforeAll(async () => {
  ({ double, files, auth } = await startFilesDouble());
  const at = (date: string) => ({ mtime: Date.parse(date) / 1000 });
  files.seedFile('erin', 'vt dir/old report.md', 'x', at('2026-01-10T08:00:00Z'));
  files.seedFile('erin', 'vt dir/new report.md', 'x', at('2026-11-23T05:00:00Z'));
  files.seedFile('erin', 'vt dir/new report.png', 'x', at('2026-11-23T06:00:00Z'));
  files.seedFile('erin', 'vt dir/Sub Folder/deep report.txt', 'x', at('2026-06-01T00:00:00Z'));
  files.seedFile('erin', 'Über/a&b notes.md', 'x', at('2026-06-01T00:00:00Z'));
});
afterAll(() => double.close());

function search(scope: string, where = '', extra = '', contentType: string | null = 'text/xml') {
  const body = `<?xml version="1.0"?><d:searchrequest xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:basicsearch>
    <d:select><d:prop><d:getetag/></d:prop></d:select>
    <d:from><d:scope><d:href>${scope}</d:href><d:depth>infinity</d:depth></d:scope></d:from>
    <d:where>${where}</d:where>${extra}</d:basicsearch></d:searchrequest>`;
  return fetch(`${double.url}/remote.php/dav`, {
    method: 'SEARCH',
    headers: { authorization: auth, ...(contentType ? { 'content-type': contentType } : {}) },
    // Bytes, so that fetch adds no Content-Type of its own.
    body: Buffer.from(body),
  });
}
const like = (pattern: string) => `<d:like><d:prop><d:displayname/></d:prop><d:literal>${pattern}</d:literal></d:like>`;
const modified = (op: 'gt' | 'lt', literal: string) =>
  `<d:${op}><d:prop><d:getlastmodified/></d:prop><d:literal>${literal}</d:literal></d:${op}>`;
/** Sabre's `<s:message>`, as a client reads it. */
async function messageOf(response: Response): Promise<string> {
  const raw = /<s:message>([^<]*)<\/s:message>/.exec(await response.text())?.[1] ?? '';
  return raw
    .replace(/&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
async function names(response: Response): Promise<string[]> {
  const xml = await response.text();
  return [...xml.matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) =>
    decodeURIComponent(m[1]!.split('/').at(-1) || m[1]!.split('/').at(-2)!),
  );
}

describe('files double: SEARCH scope', () => {
  it('takes the scope raw and unencoded, and answers a multistatus of full, lower-case hex hrefs', async () => {
    const response = await search('/files/erin/vt dir', like('%report.md'));

    const xml = await response.text();
    expect(response.status).toBe(207);
    expect(xml).toContain('<d:href>/remote.php/dav/files/erin/vt%20dir/new%20report.md</d:href>');
  });

  it('reads an XML-escaped scope with UTF-8 as it is', async () => {
    files.seedFile('erin', 'Über/a&b/inside.md', 'x');

    const response = await search('/files/erin/Über/a&amp;b', like('%'));

    expect(await names(response)).toEqual(['inside.md']);
  });

  it('answers a percent-encoded scope with 404 "File with name //vt%20dir could not be located"', async () => {
    const response = await search('/files/erin/vt%20dir', like('%'));

    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe('File with name //vt%20dir could not be located');
  });

  it('answers a scope starting /remote.php/dav with 404 "File not found: remote.php in \'root\'"', async () => {
    const response = await search('/remote.php/dav/files/erin/vt dir', like('%'));

    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe("File not found: remote.php in 'root'");
  });

  it('answers a missing folder with 404', async () => {
    const response = await search('/files/erin/No Such Folder', like('%'));

    expect(response.status).toBe(404);
  });

  it.each(['/files/bob', '/files/erin/vt dir/old report.md', '/', '/files'])(
    'answers the scope %s with 500 "Search is only supported on directories" (InvalidArgumentException)',
    async (scope) => {
      const response = await search(scope, like('%'));

      const xml = await response.clone().text();
      expect(response.status).toBe(500);
      expect(xml).toContain('<s:exception>InvalidArgumentException</s:exception>');
      expect(await messageOf(response)).toBe('Search is only supported on directories');
    },
  );

  it('answers another first segment with 404 "File not found: foo in \'root\'"', async () => {
    const response = await search('/foo/erin', like('%'));

    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe("File not found: foo in 'root'");
  });

  it("answers a scope below another user's home with 404 \"File not found: x in 'bob'\"", async () => {
    const response = await search('/files/bob/x', like('%'));

    expect(response.status).toBe(404);
    expect(await messageOf(response)).toBe("File not found: x in 'bob'");
  });

  it('answers a SEARCH without Content-Type with 501, as no plugin takes it', async () => {
    const response = await search('/files/erin/vt dir', like('%'), '', null);

    expect(response.status).toBe(501);
    expect(await messageOf(response)).toBe(
      'There was no plugin in the system that was willing to handle this SEARCH method.',
    );
  });
});

describe('files double: SEARCH conditions', () => {
  it('matches d:like on displayname with % as a wildcard, case-insensitively', async () => {
    expect(await names(await search('/files/erin/vt dir', like('%REPORT%')))).toHaveLength(4);
  });

  it('compares getlastmodified with d:gt and d:lt against an ISO literal', async () => {
    const where = `<d:and>${modified('gt', '2026-06-01T00:00:01Z')}${modified('lt', '2026-11-23T05:30:00Z')}</d:and>`;

    expect(await names(await search('/files/erin/vt dir', where))).toEqual(['new report.md']);
  });

  it('compares getlastmodified with unix seconds too', async () => {
    const where = `<d:and>${modified('gt', String(Date.parse('2026-11-23T05:30:00Z') / 1000))}<d:not><d:is-collection/></d:not></d:and>`;

    expect(await names(await search('/files/erin/vt dir', where))).toEqual(['new report.png']);
  });

  it('reads an ISO literal with fractions of a second as 0, so d:gt matches everything', async () => {
    const response = await search('/files/erin/vt dir', modified('gt', '2026-11-23T04:35:00.000Z'));

    expect(await names(response)).toHaveLength(5);
  });

  it('matches d:eq on getcontenttype', async () => {
    const where = '<d:eq><d:prop><d:getcontenttype/></d:prop><d:literal>image/png</d:literal></d:eq>';

    expect(await names(await search('/files/erin/vt dir', where))).toEqual(['new report.png']);
  });

  it('combines d:not with d:is-collection, and d:or', async () => {
    const files = `<d:not><d:is-collection/></d:not>`;
    const either = `<d:or>${like('old%')}${like('deep%')}</d:or>`;

    const [notFolders, oneOf] = await Promise.all([
      search('/files/erin/vt dir', files),
      search('/files/erin/vt dir', either),
    ]);

    expect((await names(notFolders)).sort()).toEqual([
      'deep report.txt',
      'new report.md',
      'new report.png',
      'old report.md',
    ]);
    expect((await names(oneOf)).sort()).toEqual(['deep report.txt', 'old report.md']);
  });

  it('orders by d:orderby and cuts at d:limit/d:nresults', async () => {
    const extra =
      '<d:orderby><d:order><d:prop><d:getlastmodified/></d:prop><d:descending/></d:order></d:orderby>' +
      '<d:limit><d:nresults>2</d:nresults></d:limit>';

    const response = await search('/files/erin/vt dir', `<d:not><d:is-collection/></d:not>`, extra);

    expect(await names(response)).toEqual(['new report.png', 'new report.md']);
  });
});
