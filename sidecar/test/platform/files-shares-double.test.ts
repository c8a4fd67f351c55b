// Received user shares in the files double (docs/nextcloud-behaviour.md, "Files (WebDAV)", Received shares): the item
// shows in the recipient's home with the owner's file id; the mount root carries S and no M (`SRGDNVCK` for a folder
// shared with permissions 31) and every item inside carries S (`SRGDNVW` for a file); the recipient's home ETag changes
// whenever something changes inside the share, at any depth.
// Unverified (sources in test/platform/apps/files/share-mounts.ts): the letters for other permissions (`SRG` for a
// file shared read-only, which the sharing double stores as 17), the home ETag changing when the share goes, and a
// taken name getting " (2)".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { createSharingDouble } from '../../../test/platform/apps/sharing.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const ALICE = basic('alice', 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA');
const BOB = basic('bob', 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB');
const PROPS = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns"><d:prop><d:getetag/><oc:fileid/><oc:permissions/></d:prop></d:propfind>`;
let files: FilesDouble;
let double: PlatformDouble;

beforeAll(async () => {
  files = createFilesApp();
  files.seedFile('alice', 'Documents/report.md', 'v1');
  files.seedFile('alice', 'Documents/clash.md', 'alice');
  files.seedFile('bob', 'clash.md', 'bob');
  double = await startPlatformDouble({
    users: [
      { id: 'alice', appPasswords: ['AAAAA-AAAAA-AAAAA-AAAAA-AAAAA'] },
      { id: 'bob', appPasswords: ['BBBBB-BBBBB-BBBBB-BBBBB-BBBBB'] },
    ],
    apps: [files, createSharingDouble({ files, users: ['alice', 'bob'] })],
  });
});
afterAll(() => double.close());

async function share(path: string, permissions?: number): Promise<string> {
  const response = await fetch(`${double.url}/ocs/v2.php/apps/files_sharing/api/v1/shares?format=json`, {
    method: 'POST',
    headers: { authorization: ALICE, 'ocs-apirequest': 'true', 'content-type': 'application/json' },
    body: JSON.stringify({ path, shareType: 0, shareWith: 'bob', ...(permissions ? { permissions } : {}) }),
  });
  return ((await response.json()) as { ocs: { data: { id: string } } }).ocs.data.id;
}

async function propfind(auth: string, path: string): Promise<string> {
  const response = await fetch(`${double.url}/remote.php/dav/files/${path}`, {
    method: 'PROPFIND',
    headers: { authorization: auth, depth: '1' },
    body: PROPS,
  });
  return response.text();
}

/** Bob's home: its ETag and its children by name with file id and permissions. */
async function bobHome(): Promise<{ etag: string; children: Record<string, string> }> {
  const text = await propfind(BOB, 'bob/');
  const children: Record<string, string> = {};
  let etag = '';
  for (const part of text.split('<d:response>').slice(1)) {
    const href = decodeURIComponent(/<d:href>([^<]*)<\/d:href>/.exec(part)?.[1] ?? '');
    const name = href.replace(/^.*\/files\/bob\//, '').replace(/\/$/, '');
    const value = (tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(part)?.[1] ?? '';
    if (name === '') etag = value('d:getetag');
    else children[name] = `${value('oc:fileid')} ${value('oc:permissions')}`;
  }
  return { etag, children };
}

describe('files double: received user shares', () => {
  let shareId = '';

  it('shows a shared file in the recipient’s home with the owner’s file id, S and no M', async () => {
    const before = await bobHome();

    shareId = await share('/Documents/report.md', 17);

    const after = await bobHome();
    expect(after.children['report.md']).toBe(`${files.findNode('alice', 'Documents/report.md')!.fileId} SRG`);
    expect(after.etag).not.toBe(before.etag);
  });

  it('gives a folder shared with permissions 31 SRGDNVCK, and a file inside it SRGDNVW', async () => {
    files.seedFile('alice', 'Team/Deep/inside.md', 'x');
    await share('/Team', 31);

    const root = (await bobHome()).children.Team;
    const inside = await propfind(BOB, 'bob/Team/Deep/inside.md');

    expect(root?.split(' ')[1]).toBe('SRGDNVCK');
    expect(inside).toContain('<oc:permissions>SRGDNVW</oc:permissions>');
  });

  it('changes the recipient’s home ETag when the owner writes deep inside a shared folder', async () => {
    const before = await bobHome();

    await fetch(`${double.url}/remote.php/dav/files/alice/Team/Deep/inside.md`, {
      method: 'PUT',
      headers: { authorization: ALICE },
      body: 'changed',
    });

    expect((await bobHome()).etag).not.toBe(before.etag);
  });

  it('changes the recipient’s home ETag when the owner writes the shared file', async () => {
    const before = await bobHome();

    await fetch(`${double.url}/remote.php/dav/files/alice/Documents/report.md`, {
      method: 'PUT',
      headers: { authorization: ALICE },
      // Another size: a same-size rewrite within the second would keep the file's ETag.
      body: 'version 2',
    });

    expect((await bobHome()).etag).not.toBe(before.etag);
  });

  it('names a share whose name is taken "name (2)"', async () => {
    await share('/Documents/clash.md');

    const { children } = await bobHome();

    expect(Object.keys(children).sort()).toEqual(['Team', 'clash (2).md', 'clash.md', 'report.md']);
  });

  it('takes the item out of the recipient’s home when the share is deleted, changing its ETag', async () => {
    const before = await bobHome();

    await fetch(`${double.url}/ocs/v2.php/apps/files_sharing/api/v1/shares/${shareId}`, {
      method: 'DELETE',
      headers: { authorization: ALICE, 'ocs-apirequest': 'true' },
    });

    const after = await bobHome();
    expect(after.children['report.md']).toBeUndefined();
    expect(after.etag).not.toBe(before.etag);
  });
});
