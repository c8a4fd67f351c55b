// The sharing double answers as files_sharing does: OCS envelopes, Nextcloud's status codes and messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharingDouble, type SharingDouble } from '../../../test/platform/apps/sharing.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const AUTH = basicAuth('alice', 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA');
let double: PlatformDouble;
let sharing: SharingDouble;
type Envelope = { ocs: { meta: { statuscode: number; message: string }; data: Record<string, unknown> } };

beforeAll(async () => {
  sharing = createSharingDouble({
    files: { alice: ['/Documents/', '/Documents/report.pdf', '/Documents/plan.md', '/notes.txt'] },
    users: ['alice', 'bob'],
    groups: ['staff'],
    today: '2025-06-01',
  });
  double = await startPlatformDouble({
    users: [{ id: 'alice', appPasswords: ['AAAAA-AAAAA-AAAAA-AAAAA-AAAAA'] }],
    apps: [sharing],
  });
});
afterAll(() => double.close());

const shares = (suffix = '', init: RequestInit = {}, version = 2) =>
  fetch(`${double.url}/ocs/v${version}.php/apps/files_sharing/api/v1/shares${suffix}`, {
    ...init,
    headers: {
      authorization: AUTH,
      'ocs-apirequest': 'true',
      accept: 'application/json',
      'content-type': 'application/json',
    },
  });
const create = (body: Record<string, unknown>) => shares('', { method: 'POST', body: JSON.stringify(body) });

describe('sharing double: create', () => {
  it('creates a public link with a token, a url and the password hash in share_with', async () => {
    const response = await create({ path: '/Documents', shareType: 3, password: 's3cret', expireDate: '2030-01-31' });

    const { data } = ((await response.json()) as Envelope).ocs;
    expect(response.status).toBe(200);
    expect(data).toMatchObject({
      share_type: 3,
      item_type: 'folder',
      permissions: 1,
      expiration: '2030-01-31 00:00:00',
    });
    expect(data.url).toBe(`${double.url}/index.php/s/${String(data.token)}`);
    expect(String(data.share_with)).toMatch(/^\$2y\$/);
  });

  it('masks create and delete permissions on files', async () => {
    const response = await create({ path: '/notes.txt', shareType: 0, shareWith: 'bob', permissions: 31 });

    expect(((await response.json()) as Envelope).ocs.data.permissions).toBe(19);
  });

  it.each([
    [{ path: '/missing.txt', shareType: 3 }, 404, 'Wrong path, file/folder does not exist'],
    [{ path: '/notes.txt', shareType: 0, shareWith: 'nobody' }, 404, 'Please specify a valid user'],
    [{ path: '/notes.txt', shareType: 1, shareWith: 'nobody' }, 404, 'Please specify a valid group'],
    [
      { path: '/notes.txt', shareType: 3, expireDate: '31.01.2030' },
      404,
      'Invalid date, date format must be YYYY-MM-DD',
    ],
    [{ path: '/notes.txt', shareType: 3, expireDate: '2020-01-01' }, 404, 'Expiration date is in the past'],
    [{ path: '/notes.txt', shareType: 9 }, 400, 'Unknown share type'],
  ])("refuses %j with %i and Nextcloud's message", async (body, status, message) => {
    const response = await create(body);

    const { meta } = ((await response.json()) as Envelope).ocs;
    expect(response.status).toBe(status);
    expect(meta).toMatchObject({ statuscode: status, message });
  });

  it('answers failures with HTTP 200 on OCS v1, the outcome in the envelope', async () => {
    const response = await shares('', { method: 'POST', body: JSON.stringify({ path: '/missing', shareType: 3 }) }, 1);

    expect(response.status).toBe(200);
    expect(((await response.json()) as Envelope).ocs.meta.statuscode).toBe(404);
  });
});

describe('sharing double: list, update, delete', () => {
  it('lists the shares of a path, of the items inside a folder, and refuses subfiles of a file', async () => {
    await create({ path: '/Documents/report.pdf', shareType: 1, shareWith: 'staff' });

    const [byPath, inside, ofFile] = await Promise.all([
      shares('?path=/Documents/report.pdf'),
      shares('?path=/Documents&subfiles=true'),
      shares('?path=/notes.txt&subfiles=true'),
    ]);

    const paths = async (r: Response) =>
      ((await r.json()) as { ocs: { data: { path: string }[] } }).ocs.data.map((s) => s.path);
    expect(await paths(byPath)).toEqual(['/Documents/report.pdf']);
    expect(await paths(inside)).toEqual(['/Documents/report.pdf']);
    expect(ofFile.status).toBe(400);
  });

  it('includes shares others made of the user files only with reshares', async () => {
    sharing.addShare({
      shareType: 0,
      sharedBy: 'bob',
      fileOwner: 'alice',
      path: '/Documents/plan.md',
      shareWith: 'carol',
      permissions: 1,
    });

    const [without, withReshares] = await Promise.all([
      shares('?path=/Documents/plan.md'),
      shares('?path=/Documents/plan.md&reshares=true'),
    ]);

    const owners = async (r: Response) =>
      ((await r.json()) as { ocs: { data: { uid_owner: string }[] } }).ocs.data.map((s) => s.uid_owner);
    expect(await owners(without)).toEqual([]);
    expect(await owners(withReshares)).toEqual(['bob']);
  });

  it('answers a malformed date on update with 400, unlike create', async () => {
    const created = ((await (await create({ path: '/notes.txt', shareType: 3 })).json()) as Envelope).ocs.data;

    const response = await shares(`/${String(created.id)}`, {
      method: 'PUT',
      body: JSON.stringify({ expireDate: 'soon' }),
    });

    expect(response.status).toBe(400);
  });

  it('deletes a share, then answers 404 for it', async () => {
    const created = ((await (await create({ path: '/notes.txt', shareType: 3 })).json()) as Envelope).ocs.data;

    const first = await shares(`/${String(created.id)}`, { method: 'DELETE' });
    const second = await shares(`/${String(created.id)}`, { method: 'DELETE' });

    expect(first.status).toBe(200);
    expect(second.status).toBe(404);
  });
});
