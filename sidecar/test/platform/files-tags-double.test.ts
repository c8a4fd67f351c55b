// System tags and favourites in the files double, as Nextcloud's sources describe them (docs/nextcloud-behaviour.md,
// "System tags and favourites", not verified). Facts, one test each: POST JSON → 201 with Content-Location, a name in
// use → 409 · PUT of an assignment → 201, an unknown tag → 412, DELETE → 204 then 404 · PROPPATCH oc:favorite → 207 ·
// REPORT oc:filter-files → 207 with the favourites below the folder, without filter rules → 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesDouble } from '../../../test/platform/apps/files.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { startFilesDouble, type FilesDoubleEnv } from '../support/files-double-env.js';

let double: PlatformDouble;
let files: FilesDouble;
let call: FilesDoubleEnv['call'];

beforeAll(async () => {
  ({ double, files, call } = await startFilesDouble());
});
afterAll(() => double.close());

const createTag = (name: string) =>
  call('POST', '/systemtags/', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });

describe('files double: system tags and favourites', () => {
  it('creates a tag with POST (201 and Content-Location) and refuses its name again with 409', async () => {
    const created = await createTag('Urgent');
    const again = await createTag('Urgent');
    const listing = await (await call('PROPFIND', '/systemtags/', { headers: { depth: '1' } })).text();

    expect(created.status).toBe(201);
    expect(created.headers.get('content-location')).toMatch(/\/remote\.php\/dav\/systemtags\/\d+$/);
    expect(again.status).toBe(409);
    expect(listing).toContain('<oc:display-name>Urgent</oc:display-name>');
  });

  it('assigns a tag with PUT (201), refuses an unknown tag (412) and removes it with DELETE (204, then 404)', async () => {
    files.seedFile('erin', 'tagged.md', 'x');
    const fileId = files.findNode('erin', 'tagged.md')!.fileId;
    const tagId = (await createTag('Review')).headers.get('content-location')!.split('/').pop();

    const assigned = await call('PUT', `/systemtags-relations/files/${fileId}/${tagId}`);
    const unknown = await call('PUT', `/systemtags-relations/files/${fileId}/999`);
    const listing = await (
      await call('PROPFIND', `/systemtags-relations/files/${fileId}`, { headers: { depth: '1' } })
    ).text();
    const removed = await call('DELETE', `/systemtags-relations/files/${fileId}/${tagId}`);
    const removedAgain = await call('DELETE', `/systemtags-relations/files/${fileId}/${tagId}`);

    expect([assigned.status, unknown.status, removed.status, removedAgain.status]).toEqual([201, 412, 204, 404]);
    expect(listing).toContain('<oc:display-name>Review</oc:display-name>');
  });

  it('stores oc:favorite from a PROPPATCH (207) and shows it in PROPFIND', async () => {
    files.seedFile('erin', 'fav.md', 'x');

    const patched = await call('PROPPATCH', '/files/erin/fav.md', {
      body:
        '<d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:set><d:prop>' +
        '<oc:favorite>1</oc:favorite></d:prop></d:set></d:propertyupdate>',
    });
    const listing = await (
      await call('PROPFIND', '/files/erin/fav.md', {
        headers: { depth: '0' },
        body: '<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:favorite/></d:prop></d:propfind>',
      })
    ).text();

    expect(patched.status).toBe(207);
    expect(await patched.text()).toContain('HTTP/1.1 200 OK');
    expect(listing).toContain('<oc:favorite>1</oc:favorite>');
  });

  it('lists the favourites below a folder with REPORT oc:filter-files (207), at any depth', async () => {
    files.seedFile('erin', 'Reports/q1.md', 'x');
    files.seedFile('erin', 'Reports/Old/q0.md', 'x');
    files.seedFile('erin', 'Reports/plain.md', 'x');
    files.seedFile('erin', 'elsewhere.md', 'x');
    for (const path of ['Reports/q1.md', 'Reports/Old/q0.md', 'elsewhere.md'])
      files.findNode('erin', path)!.favorite = true;

    const report = await call('REPORT', '/files/erin/Reports', {
      body:
        '<oc:filter-files xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop>' +
        '<oc:filter-rules><oc:favorite>1</oc:favorite></oc:filter-rules></oc:filter-files>',
    });

    expect(report.status).toBe(207);
    const hrefs = [...(await report.text()).matchAll(/<d:href>([^<]+)<\/d:href>/g)].map((m) => m[1]);
    expect(hrefs.map((href) => href?.replace(/^.*\/files\/erin\//, ''))).toEqual([
      'Reports/q1.md',
      'Reports/Old/q0.md',
    ]);
  });

  it('refuses a REPORT oc:filter-files without filter rules with 400', async () => {
    const report = await call('REPORT', '/files/erin/', {
      body: '<oc:filter-files xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><oc:fileid/></d:prop></oc:filter-files>',
    });

    expect(report.status).toBe(400);
    expect(await report.text()).toContain('Missing filter-rule block in request');
  });
});
