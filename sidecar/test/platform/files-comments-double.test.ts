// Comments on files in the files double, as Nextcloud answers them (docs/nextcloud-behaviour.md, "Files (WebDAV)",
// Comments). Facts, one test each: POST JSON → 201 with Content-Location · PROPFIND Depth 1 and REPORT
// oc:filter-comments list them · a message over 1000 characters → 400 "Message exceeds allowed character limit of
// 1000".
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

describe('files double: comments', () => {
  it('creates a comment with POST (201 and Content-Location) and lists it with PROPFIND and REPORT', async () => {
    files.seedFile('erin', 'commented.md', 'x');
    const fileId = files.findNode('erin', 'commented.md')!.fileId;
    const post = (message: string) =>
      call('POST', `/comments/files/${fileId}`, {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ actorType: 'users', verb: 'comment', message }),
      });

    const first = await post('First & foremost');
    await post('Second');
    const listing = await (await call('PROPFIND', `/comments/files/${fileId}`, { headers: { depth: '1' } })).text();
    const report = await (
      await call('REPORT', `/comments/files/${fileId}`, {
        body: `<oc:filter-comments xmlns:oc="http://owncloud.org/ns"><oc:limit>1</oc:limit><oc:offset>1</oc:offset></oc:filter-comments>`,
      })
    ).text();

    expect(first.status).toBe(201);
    expect(first.headers.get('content-location')).toMatch(
      new RegExp(`/remote\\.php/dav/comments/files/${fileId}/\\d+$`),
    );
    expect(listing).toContain('<oc:message>First &amp; foremost</oc:message>');
    expect(listing).toContain('<oc:message>Second</oc:message>');
    expect(report.match(/<oc:message>/g)).toHaveLength(1);
    expect(report).toContain('<oc:message>First &amp; foremost</oc:message>');
  });
});

describe('files double: comment length', () => {
  it('answers a message over 1000 characters with 400 "Message exceeds allowed character limit of 1000"', async () => {
    files.seedFile('erin', 'long-comment.md', 'x');
    const fileId = files.findNode('erin', 'long-comment.md')!.fileId;

    const response = await call('POST', `/comments/files/${fileId}`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ actorType: 'users', verb: 'comment', message: 'x'.repeat(1001) }),
    });

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('<s:message>Message exceeds allowed character limit of 1000</s:message>');
  });
});
