// The sharing double answers as files_sharing does (platform-api.md, "Sharing"). Facts, one test each:
//   list GET with path, reshares, subfiles and shared_with_me → data[], other apps' share types (Deck's 12) included
//   · create with a form or JSON body → 200 share {id as a string, share_type, uid_owner, permissions, expiration
//   "YYYY-MM-DD 00:00:00", token, path, item_type, file_source, file_target, share_with, share_with_displayname,
//   mail_send} · share (16) added to the permissions asked (a read-only link is 17), a file share without
//   permissions 19, an e-mail share 17 · missing path → 404 "Please specify a file or folder path", unknown path →
//   404 "Wrong path, file/folder does not exist", unknown user → 404 "Please specify a valid account to share with"
//   · GET /shares/{id} → a list with one share · PUT → 200 share · DELETE → 200 data [], again → 404 "Wrong share ID,
//   share does not exist" · /public.php/dav/files/{token}/ answers PROPFIND and GET, a password-protected link takes
//   any user name with the link password, none → 401 · OCS v1 answers failures with HTTP 200.
// Unverified (source in test/platform/apps/sharing.ts): update stores the permissions as sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { createSharingDouble, type SharingDouble } from '../../../test/platform/apps/sharing.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const AUTH = basic('alice', 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA');
let double: PlatformDouble;
let sharing: SharingDouble;
type Share = Record<string, unknown>;
type Envelope = { ocs: { meta: { statuscode: number; message: string }; data: Share } };

beforeAll(async () => {
  const files = createFilesApp();
  files.seedFile('alice', 'Documents/report.pdf', '%PDF-1.7 report');
  files.seedFile('alice', 'Documents/plan.md', 'plan');
  files.seedFile('alice', 'notes.txt', 'notes');
  sharing = createSharingDouble({ files, users: ['alice', 'bob'], groups: ['staff'], today: '2025-06-01' });
  double = await startPlatformDouble({
    users: [
      { id: 'alice', appPasswords: ['AAAAA-AAAAA-AAAAA-AAAAA-AAAAA'] },
      { id: 'bob', groups: ['staff'], appPasswords: ['BBBBB-BBBBB-BBBBB-BBBBB-BBBBB'] },
    ],
    apps: [files, sharing],
  });
});
afterAll(() => double.close());

function shares(
  suffix = '',
  init: { method?: string; body?: string; form?: boolean; auth?: string } = {},
  version = 2,
) {
  return fetch(`${double.url}/ocs/v${version}.php/apps/files_sharing/api/v1/shares${suffix}`, {
    method: init.method,
    body: init.body,
    headers: {
      authorization: init.auth ?? AUTH,
      'ocs-apirequest': 'true',
      accept: 'application/json',
      'content-type': init.form ? 'application/x-www-form-urlencoded' : 'application/json',
    },
  });
}
const create = (body: Record<string, unknown>) => shares('', { method: 'POST', body: JSON.stringify(body) });
const dataOf = async (response: Response) => ((await response.json()) as Envelope).ocs.data;
const listOf = async (response: Response) => (await dataOf(response)) as unknown as Share[];

describe('sharing double: create', () => {
  it('creates a share from a form body and answers it with the fields Nextcloud gives', async () => {
    const response = await shares('', {
      method: 'POST',
      form: true,
      body: 'path=/notes.txt&shareType=0&shareWith=bob',
    });

    const share = await dataOf(response);
    expect(response.status).toBe(200);
    expect(typeof share.id).toBe('string');
    expect(share).toMatchObject({
      share_type: 0,
      uid_owner: 'alice',
      path: '/notes.txt',
      item_type: 'file',
      file_target: '/notes.txt',
      share_with: 'bob',
      share_with_displayname: 'bob',
      mail_send: 0,
    });
    expect(share.file_source).toEqual(expect.any(Number));
  });

  it('creates a public link from a JSON body with a token and the expiry as "YYYY-MM-DD 00:00:00"', async () => {
    const share = await dataOf(await create({ path: '/Documents', shareType: 3, expireDate: '2030-01-31' }));

    expect(share).toMatchObject({ share_type: 3, item_type: 'folder', expiration: '2030-01-31 00:00:00' });
    expect(share.token).toEqual(expect.any(String));
    expect(share.url).toBe(`${double.url}/index.php/s/${String(share.token)}`);
  });

  it.each([
    ['a read-only link', { path: '/notes.txt', shareType: 3, permissions: 1 }, 17],
    ['a file share without permissions', { path: '/Documents/plan.md', shareType: 0, shareWith: 'bob' }, 19],
    ['an e-mail share without permissions', { path: '/notes.txt', shareType: 4, shareWith: 'x@example.com' }, 17],
    [
      'a folder share asking read and create',
      { path: '/Documents', shareType: 1, shareWith: 'staff', permissions: 5 },
      21,
    ],
  ])('adds share to the permissions: %s comes back as %i', async (_name, body, permissions) => {
    expect((await dataOf(await create(body))).permissions).toBe(permissions);
  });

  it.each([
    [{ shareType: 3 }, 'Please specify a file or folder path'],
    [{ path: '/missing.txt', shareType: 3 }, 'Wrong path, file/folder does not exist'],
    [{ path: '/notes.txt', shareType: 0, shareWith: 'nobody' }, 'Please specify a valid account to share with'],
  ])('refuses %j with 404 and Nextcloud’s message', async (body, message) => {
    const response = await create(body);

    expect(response.status).toBe(404);
    expect(((await response.json()) as Envelope).ocs.meta).toMatchObject({ statuscode: 404, message });
  });

  it('answers failures with HTTP 200 on OCS v1, the outcome in the envelope', async () => {
    const response = await shares('', { method: 'POST', body: JSON.stringify({ path: '/missing', shareType: 3 }) }, 1);

    expect(response.status).toBe(200);
    expect(((await response.json()) as Envelope).ocs.meta.statuscode).toBe(404);
  });
});

describe('sharing double: list', () => {
  it('lists the shares of a path and, with subfiles, of the items inside a folder', async () => {
    await create({ path: '/Documents/report.pdf', shareType: 1, shareWith: 'staff' });

    const [byPath, inside] = await Promise.all([
      shares('?path=/Documents/report.pdf'),
      shares('?path=/Documents&subfiles=true'),
    ]);

    const paths = async (r: Response) => [...new Set((await listOf(r)).map((s) => s.path))];
    expect(await paths(byPath)).toEqual(['/Documents/report.pdf']);
    expect((await paths(inside)).sort()).toEqual(['/Documents/plan.md', '/Documents/report.pdf']);
  });

  it('includes shares others made of the user’s files only with reshares', async () => {
    sharing.addShare({
      shareType: 0,
      sharedBy: 'bob',
      fileOwner: 'alice',
      path: '/notes.txt',
      shareWith: 'carol',
      permissions: 1,
    });

    const [without, withReshares] = await Promise.all([
      shares('?path=/notes.txt'),
      shares('?path=/notes.txt&reshares=true'),
    ]);

    const owners = async (r: Response) => (await listOf(r)).map((s) => s.uid_owner);
    expect(await owners(without)).not.toContain('bob');
    expect(await owners(withReshares)).toContain('bob');
  });

  it('lists the shares with the caller, directly and through a group, with shared_with_me', async () => {
    const response = await shares('?shared_with_me=true', { auth: basic('bob', 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB') });

    const received = await listOf(response);
    expect(received.map((s) => s.share_type).sort()).toEqual(expect.arrayContaining([0, 1]));
    expect(received.every((s) => s.uid_owner === 'alice')).toBe(true);
  });

  it('lists share types of other apps too, such as Deck’s 12', async () => {
    sharing.addShare({
      shareType: 12,
      sharedBy: 'alice',
      fileOwner: 'alice',
      path: '/Documents/plan.md',
      shareWith: '7',
      permissions: 17,
    });

    const response = await shares('?path=/Documents/plan.md');

    expect((await listOf(response)).map((s) => s.share_type)).toContain(12);
  });
});

describe('sharing double: one share', () => {
  it('answers GET /shares/{id} with a list holding the share', async () => {
    const created = await dataOf(await create({ path: '/notes.txt', shareType: 3 }));

    const data = await listOf(await shares(`/${String(created.id)}`));

    expect(data).toHaveLength(1);
    expect(data[0]?.id).toBe(created.id);
  });

  it('answers PUT with 200 and the changed share, and a malformed date with 400', async () => {
    const created = await dataOf(await create({ path: '/notes.txt', shareType: 3 }));
    const put = (body: Record<string, unknown>) =>
      shares(`/${String(created.id)}`, { method: 'PUT', body: JSON.stringify(body) });

    const changed = await put({ note: 'for the team', expireDate: '2031-01-01' });
    const malformed = await put({ expireDate: 'soon' });

    expect(changed.status).toBe(200);
    expect(await dataOf(changed)).toMatchObject({ note: 'for the team', expiration: '2031-01-01 00:00:00' });
    expect(malformed.status).toBe(400);
  });

  it('deletes a share (200, data []), then answers 404 "Wrong share ID, share does not exist"', async () => {
    const created = await dataOf(await create({ path: '/notes.txt', shareType: 3 }));

    const first = await shares(`/${String(created.id)}`, { method: 'DELETE' });
    const second = await shares(`/${String(created.id)}`, { method: 'DELETE' });

    expect([first.status, second.status]).toEqual([200, 404]);
    expect(await dataOf(first)).toEqual([]);
    expect(((await second.json()) as Envelope).ocs.meta.message).toBe('Wrong share ID, share does not exist');
  });
});

describe('sharing double: public links', () => {
  it('serves a link’s file with GET and PROPFIND under /public.php/dav/files/{token}/', async () => {
    const link = await dataOf(await create({ path: '/Documents/report.pdf', shareType: 3 }));
    const url = `${double.url}/public.php/dav/files/${String(link.token)}/`;

    const [got, found] = await Promise.all([fetch(url), fetch(url, { method: 'PROPFIND', headers: { depth: '0' } })]);

    expect(await got.text()).toBe('%PDF-1.7 report');
    expect(found.status).toBe(207);
    expect(await found.text()).toContain('<d:getcontentlength>15</d:getcontentlength>');
  });

  it('takes any user name with the link password, and answers 401 without it', async () => {
    const link = await dataOf(await create({ path: '/notes.txt', shareType: 3, password: 'open sesame' }));
    const url = `${double.url}/public.php/dav/files/${String(link.token)}/`;

    const [none, right] = await Promise.all([
      fetch(url),
      fetch(url, { headers: { authorization: basic('anyone', 'open sesame') } }),
    ]);

    expect(none.status).toBe(401);
    expect(await right.text()).toBe('notes');
  });
});
