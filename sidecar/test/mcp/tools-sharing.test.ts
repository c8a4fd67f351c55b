// The sharing tools through the SDK client, against the platform double's files_sharing app over its files app.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { createSharingDouble, type SharingDouble } from '../../../test/platform/apps/sharing.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { errorText, listedToolNames, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';

type Share = {
  id: string;
  share_type: string;
  shared_with?: string;
  path: string;
  permissions: string[];
  expires_on?: string;
  has_password: boolean;
  url?: string;
  created?: boolean;
};

let sharing: SharingDouble;
let harness: ToolHarness;

beforeAll(async () => {
  const files = createFilesApp();
  files.seedFile('alice', 'Documents/report.pdf', '%PDF');
  files.seedFile('alice', 'notes.txt', 'notes');
  files.seedFolder('alice', 'Photos');
  sharing = createSharingDouble({ files, users: ['alice', 'bob'], groups: ['staff'], today: '2025-06-01' });
  harness = await startToolHarness({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [files, sharing] });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const share = async (args: Record<string, unknown>) => structured<Share>(await call('nc_sharing_create', args));
const stored = (id: string) => sharing.shares().find((s) => s.id === Number(id));
const summaryText = (result: Awaited<ReturnType<typeof call>>) =>
  (result.content as { type: string; text: string }[])[0]?.text ?? '';

describe('nc_sharing_create', () => {
  it('shares a folder with a user with the permissions asked, saying it created the share', async () => {
    const created = await share({
      path: '/Photos',
      share_type: 'user',
      share_with: 'bob',
      permissions: ['read', 'update', 'create'],
    });

    expect(created).toMatchObject({
      share_type: 'user',
      shared_with: 'bob',
      path: '/Photos',
      permissions: ['read', 'update', 'create'],
      created: true,
    });
    expect(stored(created.id)).toMatchObject({ shareType: 0, permissions: 7 });
  });

  it('answers a share that existed already as not created, and says nothing was changed', async () => {
    const first = await share({ path: '/Photos', share_type: 'group', share_with: 'staff', permissions: ['read'] });

    const again = await call('nc_sharing_create', {
      path: '/Photos',
      share_type: 'group',
      share_with: 'staff',
      permissions: ['read', 'update'],
    });

    expect(structured<Share>(again)).toMatchObject({ id: first.id, created: false, permissions: ['read'] });
    expect(summaryText(again)).toMatch(/^Already shared, nothing created or changed: /);
    expect(sharing.shares().filter((s) => s.path === '/Photos' && s.shareWith === 'staff')).toHaveLength(1);
  });

  it('refuses an empty permission list before calling Nextcloud, for a new share and a change', async () => {
    const before = harness.nextcloud.requests.length;

    const [created, updated] = await Promise.all([
      call('nc_sharing_create', { path: '/notes.txt', share_type: 'user', share_with: 'bob', permissions: [] }),
      call('nc_sharing_update', { share_id: '101', permissions: [] }),
    ]);

    expect(errorText(created)).toContain('permissions needs at least one of read, update, create, delete or share');
    expect(errorText(updated)).toContain('permissions needs at least one of read, update, create, delete or share');
    expect(harness.nextcloud.requests.slice(before).some((r) => r.path.includes('files_sharing'))).toBe(false);
  });

  it('takes a path without a leading slash and answers with one', async () => {
    const created = await share({ path: 'Documents/report.pdf', share_type: 'group', share_with: 'staff' });

    expect(created).toMatchObject({ path: '/Documents/report.pdf', share_type: 'group', shared_with: 'staff' });
  });

  it('creates a public link with a password and an expiry, never exposing the password hash', async () => {
    const created = await share({
      path: '/Documents',
      share_type: 'public_link',
      password: 'correct horse',
      expire_date: '2030-12-24',
    });

    expect(created).toMatchObject({ share_type: 'public_link', has_password: true, expires_on: '2030-12-24' });
    expect(created.shared_with).toBeUndefined();
    expect(created.url).toBe(`${harness.nextcloud.url}/s/${stored(created.id)?.token}`);
    expect(JSON.stringify(created)).not.toContain('argon2id');
  });

  it('refuses a share type it does not know, and traversal in the path, before calling Nextcloud', async () => {
    const before = harness.nextcloud.requests.length;

    const [federated, traversal] = await Promise.all([
      call('nc_sharing_create', { path: '/notes.txt', share_type: 'federated', share_with: 'x@y' }),
      call('nc_sharing_create', { path: '/Documents/../../etc', share_type: 'public_link' }),
    ]);

    expect(errorText(federated)).toContain('share_type');
    expect(errorText(traversal)).toContain('The path may not contain');
    expect(harness.nextcloud.requests.slice(before).some((r) => r.path.includes('files_sharing'))).toBe(false);
  });

  it.each(['31.12.2030', '2030-02-30', '2030-1-5'])('refuses the expiry date %s as not YYYY-MM-DD', async (date) => {
    const result = await call('nc_sharing_create', {
      path: '/notes.txt',
      share_type: 'public_link',
      expire_date: date,
    });

    expect(errorText(result)).toContain('YYYY-MM-DD');
  });

  it('passes on Nextcloud’s reasons: a missing path, an unknown user and an expiry in the past', async () => {
    const [missing, nobody, past] = await Promise.all([
      call('nc_sharing_create', { path: '/nope.txt', share_type: 'public_link' }),
      call('nc_sharing_create', { path: '/notes.txt', share_type: 'user', share_with: 'nobody' }),
      call('nc_sharing_create', { path: '/notes.txt', share_type: 'public_link', expire_date: '2020-01-01' }),
    ]);

    expect(errorText(missing)).toContain('Wrong path, file/folder does not exist');
    expect(errorText(nobody)).toContain('Please specify a valid account to share with');
    expect(errorText(past)).toContain('Expiration date is in the past');
  });

  it('refuses combinations a share type does not take', async () => {
    const [userWithout, linkWith, groupPassword] = await Promise.all([
      call('nc_sharing_create', { path: '/notes.txt', share_type: 'user' }),
      call('nc_sharing_create', { path: '/notes.txt', share_type: 'public_link', share_with: 'bob' }),
      call('nc_sharing_create', { path: '/notes.txt', share_type: 'group', share_with: 'staff', password: 'x' }),
    ]);

    expect(errorText(userWithout)).toContain('A user share needs share_with');
    expect(errorText(linkWith)).toContain('A public link has no share_with');
    expect(errorText(groupPassword)).toContain('Only public links and email shares can have a password');
  });
});

describe('nc_sharing_list, nc_sharing_update and nc_sharing_delete', () => {
  it('lists the shares of a path and of the items inside a folder, in either path form', async () => {
    await share({ path: '/Documents/report.pdf', share_type: 'user', share_with: 'bob' });

    const [ofFile, inside] = await Promise.all([
      call('nc_sharing_list', { path: 'Documents/report.pdf' }),
      call('nc_sharing_list', { path: '/Documents', subfiles: true }),
    ]);

    const paths = (r: Parameters<typeof structured>[0]) => structured<{ shares: Share[] }>(r).shares.map((s) => s.path);
    expect(paths(ofFile).length).toBeGreaterThan(0);
    expect(new Set(paths(ofFile))).toEqual(new Set(['/Documents/report.pdf']));
    expect(new Set(paths(inside))).toEqual(new Set(['/Documents/report.pdf']));
  });

  it('lists reshares of the user’s files only when asked, and leaves out other apps’ share types', async () => {
    sharing.addShare({
      shareType: 0,
      sharedBy: 'bob',
      fileOwner: 'alice',
      path: '/notes.txt',
      shareWith: 'carol',
      permissions: 1,
    });
    sharing.addShare({
      shareType: 12,
      sharedBy: 'alice',
      fileOwner: 'alice',
      path: '/notes.txt',
      shareWith: '3',
      permissions: 17,
    });

    const [plain, reshares] = await Promise.all([
      call('nc_sharing_list', { path: '/notes.txt' }),
      call('nc_sharing_list', { path: '/notes.txt', reshares: true }),
    ]);

    const shares = (r: Parameters<typeof structured>[0]) => structured<{ shares: Share[] }>(r).shares;
    expect(shares(plain).filter((s) => s.shared_with === 'carol')).toEqual([]);
    expect(shares(reshares).filter((s) => s.shared_with === 'carol')).toHaveLength(1);
    expect(shares(reshares).some((s) => s.shared_with === '3')).toBe(false);
  });

  it('answers a missing path with isError and the reason', async () => {
    const result = await call('nc_sharing_list', { path: '/nope' });

    expect(errorText(result)).toContain('Wrong path, file/folder does not exist');
  });

  it('changes permissions (a link gets share added) and expiry, and removes a password with null', async () => {
    const link = await share({ path: '/Photos', share_type: 'public_link', password: 'pw-123' });

    const result = await call('nc_sharing_update', {
      share_id: link.id,
      permissions: ['read', 'create'],
      expire_date: '2031-01-01',
      password: null,
    });

    expect(structured(result)).toEqual({
      id: link.id,
      permissions: ['read', 'create', 'share'],
      expires_on: '2031-01-01',
      has_password: false,
    });
    expect(stored(link.id)).toMatchObject({ permissions: 21, password: null });
  });

  it('refuses an update without changes', async () => {
    const result = await call('nc_sharing_update', { share_id: '1' });

    expect(errorText(result)).toContain('Give at least one of');
  });

  it('removes a share, and a second delete reports it missing', async () => {
    const link = await share({ path: '/notes.txt', share_type: 'public_link' });

    const first = await call('nc_sharing_delete', { share_id: link.id });
    const second = await call('nc_sharing_delete', { share_id: link.id });

    expect(structured(first)).toEqual({ id: link.id });
    expect(stored(link.id)).toBeUndefined();
    expect(errorText(second)).toContain('Wrong share ID, share does not exist');
  });
});

describe('sharing tools availability', () => {
  it('lists the sharing tools only when the capabilities have files_sharing', async () => {
    const [withApp, withoutApp] = await Promise.all([harness.client.listTools(), listedToolNames()]);

    expect(withApp.tools.map((t) => t.name).filter((n) => n.startsWith('nc_sharing_'))).toEqual([
      'nc_sharing_list',
      'nc_sharing_create',
      'nc_sharing_update',
      'nc_sharing_delete',
    ]);
    expect(withoutApp.filter((n) => n.startsWith('nc_sharing_'))).toEqual([]);
  });
});
