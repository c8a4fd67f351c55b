// The sharing tools through the SDK client, against the platform double's files_sharing app, in basic mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharingDouble, type SharingDouble } from '../../../test/platform/apps/sharing.js';
import { listedToolNames, startToolHarness, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD } from '../support/sidecar.js';

type Share = {
  share_id: string;
  share_type: string;
  shared_with: string | null;
  path: string;
  permissions: string[];
  expires_on: string | null;
  has_password: boolean;
  url: string | null;
  download_url: string | null;
};

let sharing: SharingDouble;
let harness: ToolHarness;

beforeAll(async () => {
  sharing = createSharingDouble({
    files: { alice: ['/Documents/', '/Documents/report.pdf', '/Photos/', '/notes.txt'] },
    users: ['alice', 'bob'],
    groups: ['staff'],
    today: '2025-06-01',
  });
  const users = [{ id: 'alice', appPasswords: [APP_PASSWORD] }];
  harness = await startToolHarness({ users, apps: [sharing] });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const share = async (args: Record<string, unknown>) =>
  (await call('nc_sharing_create', args)).structuredContent as Share;
const text = (result: { content?: unknown }) => JSON.stringify(result.content);

describe('nc_sharing_create', () => {
  it('shares a folder with a user with the chosen permissions', async () => {
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
    });
    expect(sharing.shares().find((s) => s.id === Number(created.share_id))).toMatchObject({
      shareType: 0,
      permissions: 7,
    });
  });

  it('shares a file with a group', async () => {
    const created = await share({ path: '/Documents/report.pdf', share_type: 'group', share_with: 'staff' });

    expect(created).toMatchObject({ share_type: 'group', shared_with: 'staff', item_type: 'file' });
  });

  it('creates a public link with a password and an expiry, never exposing the password hash', async () => {
    const created = await share({
      path: '/Documents',
      share_type: 'public_link',
      password: 'correct horse',
      expire_date: '2030-12-24',
    });

    const token = sharing.shares().find((s) => s.id === Number(created.share_id))?.token;
    expect(created).toMatchObject({
      share_type: 'public_link',
      shared_with: null,
      has_password: true,
      expires_on: '2030-12-24',
    });
    expect(created.url).toBe(`${harness.nextcloud.url}/index.php/s/${token}`);
    expect(created.download_url).toBe(`${harness.nextcloud.url}/public.php/dav/files/${token}/`);
    expect(JSON.stringify(created)).not.toContain('$2y$');
  });

  it('refuses a share type it does not know before calling Nextcloud', async () => {
    const before = harness.nextcloud.requests.length;

    const result = await call('nc_sharing_create', { path: '/notes.txt', share_type: 'federated', share_with: 'x@y' });

    expect(result.isError).toBe(true);
    expect(text(result)).toContain('share_type');
    expect(harness.nextcloud.requests.slice(before).some((r) => r.path.includes('files_sharing'))).toBe(false);
  });

  it.each(['31.12.2030', '2030-02-30', '2030-1-5'])('refuses the expiry date %s as not YYYY-MM-DD', async (date) => {
    const result = await call('nc_sharing_create', {
      path: '/notes.txt',
      share_type: 'public_link',
      expire_date: date,
    });

    expect(result.isError).toBe(true);
    expect(text(result)).toContain('YYYY-MM-DD');
  });

  it('passes on Nextcloud reasons: a missing path and an expiry in the past', async () => {
    const [missing, past] = await Promise.all([
      call('nc_sharing_create', { path: '/nope.txt', share_type: 'public_link' }),
      call('nc_sharing_create', { path: '/notes.txt', share_type: 'public_link', expire_date: '2020-01-01' }),
    ]);

    expect([missing.isError, past.isError]).toEqual([true, true]);
    expect(text(missing)).toContain('Nextcloud refused: Wrong path, file/folder does not exist');
    expect(text(past)).toContain('Nextcloud refused: Expiration date is in the past');
  });

  it('refuses combinations a share type does not take', async () => {
    const [userWithout, linkWith, groupPassword] = await Promise.all([
      call('nc_sharing_create', { path: '/notes.txt', share_type: 'user' }),
      call('nc_sharing_create', { path: '/notes.txt', share_type: 'public_link', share_with: 'bob' }),
      call('nc_sharing_create', { path: '/notes.txt', share_type: 'group', share_with: 'staff', password: 'x' }),
    ]);

    expect(text(userWithout)).toContain('A user share needs share_with');
    expect(text(linkWith)).toContain('A public link has no share_with');
    expect(text(groupPassword)).toContain('Only public links and email shares can have a password');
  });
});

describe('nc_sharing_list, update and delete', () => {
  it('lists the shares of a path and of the items inside a folder', async () => {
    await share({ path: '/Documents/report.pdf', share_type: 'user', share_with: 'bob' });

    const [ofFile, inside] = await Promise.all([
      call('nc_sharing_list', { path: '/Documents/report.pdf' }),
      call('nc_sharing_list', { path: '/Documents', subfiles: true }),
    ]);

    const paths = (r: { structuredContent?: unknown }) =>
      (r.structuredContent as { shares: Share[] }).shares.map((s) => s.path);
    expect(paths(ofFile).length).toBeGreaterThan(0);
    expect(new Set(paths(ofFile))).toEqual(new Set(['/Documents/report.pdf']));
    expect(new Set(paths(inside))).toEqual(new Set(['/Documents/report.pdf']));
  });

  it('lists reshares of the user files only when asked', async () => {
    sharing.addShare({
      shareType: 0,
      sharedBy: 'bob',
      fileOwner: 'alice',
      path: '/notes.txt',
      shareWith: 'carol',
      permissions: 1,
    });

    const [plain, reshares] = await Promise.all([
      call('nc_sharing_list', { path: '/notes.txt' }),
      call('nc_sharing_list', { path: '/notes.txt', reshares: true }),
    ]);

    const withCarol = (r: { structuredContent?: unknown }) =>
      (r.structuredContent as { shares: Share[] }).shares.filter((s) => s.shared_with === 'carol');
    expect(withCarol(plain)).toEqual([]);
    expect(withCarol(reshares)).toHaveLength(1);
  });

  it('answers a missing path with isError and the reason', async () => {
    const result = await call('nc_sharing_list', { path: '/nope' });

    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Wrong path, file/folder does not exist');
  });

  it('nc_sharing_update changes permissions and expiry, and removes a password with null', async () => {
    const link = await share({ path: '/Photos', share_type: 'public_link', password: 'pw-123' });

    const result = await call('nc_sharing_update', {
      share_id: link.share_id,
      permissions: ['read', 'create'],
      expire_date: '2031-01-01',
      password: null,
    });

    expect(result.structuredContent).toMatchObject({
      permissions: ['read', 'create'],
      expires_on: '2031-01-01',
      has_password: false,
    });
    expect(sharing.shares().find((s) => s.id === Number(link.share_id))).toMatchObject({
      permissions: 5,
      password: null,
    });
  });

  it('nc_sharing_update refuses a call without changes', async () => {
    const result = await call('nc_sharing_update', { share_id: '1' });

    expect(result.isError).toBe(true);
    expect(text(result)).toContain('Give at least one of');
  });

  it('nc_sharing_delete removes a share, and a second delete reports it missing', async () => {
    const link = await share({ path: '/notes.txt', share_type: 'public_link' });

    const first = await call('nc_sharing_delete', { share_id: link.share_id });
    const second = await call('nc_sharing_delete', { share_id: link.share_id });

    expect(first.structuredContent).toEqual({ deleted: true, share_id: link.share_id });
    expect(sharing.shares().some((s) => s.id === Number(link.share_id))).toBe(false);
    expect(second.isError).toBe(true);
    expect(text(second)).toContain('Wrong share ID, share does not exist');
  });
});

describe('sharing tools availability', () => {
  it('lists the sharing tools only when the capabilities have files_sharing', async () => {
    const [withApp, withoutApp] = await Promise.all([
      harness.client.listTools(),
      listedToolNames().then((names) => ({ tools: names.map((name) => ({ name })) })),
    ]);

    const sharingTools = (list: { tools: { name: string }[] }) =>
      list.tools.map((t) => t.name).filter((n) => n.startsWith('nc_sharing_'));
    expect(sharingTools(withApp)).toEqual([
      'nc_sharing_list',
      'nc_sharing_create',
      'nc_sharing_update',
      'nc_sharing_delete',
    ]);
    expect(sharingTools(withoutApp)).toEqual([]);
  });
});
