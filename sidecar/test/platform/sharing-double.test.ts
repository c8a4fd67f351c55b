// The sharing double answers as files_sharing does (docs/nextcloud-behaviour.md, "Sharing"). Facts, one test each:
//   list GET with path, reshares, subfiles and shared_with_me → data[], other apps' share types (Deck's 12) included
//   · create with a form or JSON body → 200 share {id as a string, share_type, uid_owner, permissions, expiration
//   "YYYY-MM-DD 00:00:00", token, path, item_type, file_source, file_target, share_with, share_with_displayname,
//   mail_send} · a link always gets share (16) (read-only is 17), a user or group share keeps what it asks, a file
//   share without permissions 19, an e-mail share 17 · permissions 0: a user share stored as 1, a link refused with
//   400 · permissions 99 → 403 · the same item and recipient again → 200 with the existing share · missing path →
//   404 "Please specify a file or folder path", unknown path → 404 "Wrong path, file/folder does not exist", unknown
//   user → 404 "Please specify a valid account to share with", oneself → 403 "Cannot share with yourself", unknown
//   share type → 500 statuscode 996 · expiry: malformed → 404 (update: 400) "Invalid date. Format must be
//   YYYY-MM-DD", 15.01.2027 read as 2027-01-15 · a link's url {server}/s/{token} and its password as the Argon2id
//   hash · GET /shares/{id} → a list with one share · PUT → 200 share, a link's permissions get share, a user
//   share's are stored as sent · DELETE → 200 data [], again → 404 "Wrong share ID, share does not exist" ·
//   /public.php/dav/files/{token}/ answers PROPFIND and GET, a password-protected link takes any user name with the
//   link password, none → 401 "Username or password was incorrect" · OCS v1 answers failures with HTTP 200.
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
type Meta = Envelope['ocs']['meta'];

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
  });

  it('answers a link’s url as {server}/s/{token}, without /index.php', async () => {
    const share = await dataOf(await create({ path: '/Documents', shareType: 3 }));

    expect(share.url).toBe(`${double.url}/s/${String(share.token)}`);
  });

  it('answers a password-protected link’s password and share_with as the Argon2id hash', async () => {
    const share = await dataOf(await create({ path: '/notes.txt', shareType: 3, password: 'open sesame' }));

    expect(share.password).toMatch(/^3\|\$argon2id\$/);
    expect(share.share_with).toBe(share.password);
  });

  it.each([
    ['a read-only link', 17, { path: '/notes.txt', shareType: 3, permissions: 1 }],
    ['a file share without permissions', 19, { path: '/Documents/plan.md', shareType: 0, shareWith: 'bob' }],
    ['an e-mail share without permissions', 17, { path: '/notes.txt', shareType: 4, shareWith: 'x@example.com' }],
    [
      'a folder share asking read and create',
      5,
      { path: '/Documents', shareType: 1, shareWith: 'staff', permissions: 5 },
    ],
    ['a user share asking 0', 1, { path: '/Documents', shareType: 0, shareWith: 'bob', permissions: 0 }],
  ])('stores the permissions Nextcloud gives: %s comes back as %i', async (_name, permissions, body) => {
    expect((await dataOf(await create(body))).permissions).toBe(permissions);
  });

  it.each([
    [{ path: '/notes.txt', shareType: 3, permissions: 0 }, 400, 'Share must at least have READ or CREATE permissions'],
    [{ path: '/notes.txt', shareType: 3, permissions: 99 }, 403, 'Valid permissions are required for sharing'],
    [{ path: '/notes.txt', shareType: 0, shareWith: 'alice' }, 403, 'Cannot share with yourself'],
    [{ path: '/notes.txt', shareType: 3, expireDate: '2027-13-45' }, 404, 'Invalid date. Format must be YYYY-MM-DD'],
  ])('refuses %j with %i and Nextcloud’s message', async (body, status, message) => {
    const response = await create(body);

    expect(response.status).toBe(status);
    expect(((await response.json()) as Envelope).ocs.meta).toMatchObject({ statuscode: status, message });
  });

  it('answers an unknown share type with 500 and statuscode 996', async () => {
    const response = await create({ path: '/notes.txt', shareType: 7, shareWith: 'bob' });

    expect(response.status).toBe(500);
    expect(((await response.json()) as { ocs: { meta: Meta } }).ocs.meta.statuscode).toBe(996);
  });

  it('answers the same item and recipient again with 200 and the existing share, same id', async () => {
    const first = await dataOf(await create({ path: '/Documents/report.pdf', shareType: 0, shareWith: 'bob' }));

    const again = await create({ path: '/Documents/report.pdf', shareType: 0, shareWith: 'bob', permissions: 3 });

    expect(again.status).toBe(200);
    expect(await dataOf(again)).toMatchObject({ id: first.id, permissions: first.permissions });
  });

  it('reads the expiry 15.01.2027 as 2027-01-15', async () => {
    const share = await dataOf(await create({ path: '/notes.txt', shareType: 3, expireDate: '15.01.2027' }));

    expect(share.expiration).toBe('2027-01-15 00:00:00');
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
    expect(((await malformed.json()) as Envelope).ocs.meta.message).toBe('Invalid date. Format must be YYYY-MM-DD');
  });

  it('adds share to a link’s permissions on update, and stores a user share’s as sent', async () => {
    const link = await dataOf(await create({ path: '/Documents', shareType: 3 }));
    const user = await dataOf(await create({ path: '/Documents', shareType: 0, shareWith: 'bob' }));
    const put = (id: unknown, permissions: number) =>
      shares(`/${String(id)}`, { method: 'PUT', body: JSON.stringify({ permissions }) });

    const [linkAnswer, userAnswer] = [await put(link.id, 1), await put(user.id, 5)];

    expect((await dataOf(linkAnswer)).permissions).toBe(17);
    expect((await dataOf(userAnswer)).permissions).toBe(5);
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
    expect(await none.text()).toContain('<s:message>Username or password was incorrect</s:message>');
    expect(await right.text()).toBe('notes');
  });
});
