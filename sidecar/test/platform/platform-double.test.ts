// The platform double's core behaves as docs/nextcloud-behaviour.md says Nextcloud does ("General rules", "Identity and
// credentials"): one test per fact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { createNotesApp } from '../../../test/platform/apps/notes.js';
import { basicAuth } from '../support/sidecar.js';

const ERIN_APP_PASSWORD = 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE';
const ERIN_EMAIL_APP_PASSWORD = 'MMMMM-MMMMM-MMMMM-MMMMM-MMMMM';
const ERIN_LOGIN_PASSWORD = 'correct horse battery staple';
const ADMIN_PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';

let double: PlatformDouble;
beforeAll(async () => {
  double = await startPlatformDouble({
    subPath: '/cloud',
    apps: [createNotesApp()],
    users: [
      {
        id: 'uid-42',
        displayName: 'Erin E.',
        email: 'erin@example.com',
        loginPassword: ERIN_LOGIN_PASSWORD,
        appPasswords: [ERIN_APP_PASSWORD, { password: ERIN_EMAIL_APP_PASSWORD, loginName: 'erin@example.com' }],
      },
      { id: 'root', groups: ['admin'], appPasswords: [ADMIN_PASSWORD] },
    ],
  });
});
afterAll(() => double.close());

const ocsHeaders = (auth?: string) => ({
  ...(auth ? { authorization: auth } : {}),
  'ocs-apirequest': 'true',
  accept: 'application/json',
});
const ocsGet = (path: string, auth?: string, method = 'GET') =>
  fetch(`${double.url}/ocs/v2.php${path}`, { method, headers: ocsHeaders(auth) });
const ocsBody = async (response: Response) =>
  ((await response.json()) as { ocs: { meta: { statuscode: number; message: string }; data: unknown } }).ocs;

describe('platform double: OCS general rules', () => {
  it('answers an OCS call without OCS-APIRequest with 412 "CSRF check failed", even with valid Basic auth', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/user?format=json`, {
      headers: { authorization: basicAuth('uid-42', ERIN_APP_PASSWORD) },
    });

    expect(response.status).toBe(412);
    expect(await response.json()).toEqual({ message: 'CSRF check failed' });
  });

  it('answers v1 failures with HTTP 200 and the outcome in the envelope, but 997 with 401', async () => {
    const unknown = await fetch(`${double.url}/ocs/v1.php/cloud/nothing-here?format=json`, {
      headers: { 'ocs-apirequest': 'true', authorization: basicAuth('uid-42', ERIN_APP_PASSWORD) },
    });
    const wrongPassword = await fetch(`${double.url}/ocs/v1.php/cloud/user?format=json`, {
      headers: { 'ocs-apirequest': 'true', authorization: basicAuth('uid-42', 'wrong') },
    });

    expect(unknown.status).toBe(200);
    expect((await ocsBody(unknown)).meta.statuscode).toBe(998);
    expect(wrongPassword.status).toBe(401);
    expect((await ocsBody(wrongPassword)).meta.statuscode).toBe(997);
  });

  it('answers v2 statuscode 998 (unknown route) with HTTP 404', async () => {
    const response = await ocsGet('/cloud/nothing-here', basicAuth('uid-42', ERIN_APP_PASSWORD));

    expect(response.status).toBe(404);
    expect((await ocsBody(response)).meta.statuscode).toBe(998);
  });

  it('answers a v2 meta with only status, statuscode and message', async () => {
    const response = await ocsGet('/cloud/user', basicAuth('uid-42', ERIN_APP_PASSWORD));

    expect(Object.keys((await ocsBody(response)).meta).sort()).toEqual(['message', 'status', 'statuscode']);
  });

  it('answers XML without format=json or a JSON Accept header', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/user`, {
      headers: { authorization: basicAuth('uid-42', ERIN_APP_PASSWORD), 'ocs-apirequest': 'true' },
    });

    expect(response.headers.get('content-type')).toMatch(/xml/);
    expect(await response.text()).toContain('<id>uid-42</id>');
  });
});

describe('platform double: GET /ocs/v2.php/cloud/user and login names', () => {
  it('answers the OCS v2 envelope with the user id, which can differ from the login name', async () => {
    const response = await ocsGet('/cloud/user', basicAuth('erin@example.com', ERIN_EMAIL_APP_PASSWORD));

    const ocs = await ocsBody(response);
    expect(response.status).toBe(200);
    expect(ocs.meta).toMatchObject({ statuscode: 200 });
    expect(ocs.data).toMatchObject({ id: 'uid-42', 'display-name': 'Erin E.', email: 'erin@example.com' });
  });

  it('answers a wrong password with 401, statuscode 997, "Unauthorised"', async () => {
    const response = await ocsGet('/cloud/user', basicAuth('uid-42', 'wrong'));

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      ocs: { meta: expect.objectContaining({ status: 'failure', statuscode: 997, message: 'Unauthorised' }), data: [] },
    });
  });

  it('answers no credentials with 401, "Current user is not logged in"', async () => {
    const response = await ocsGet('/cloud/user');

    expect(response.status).toBe(401);
    expect((await ocsBody(response)).meta).toMatchObject({ statuscode: 997, message: 'Current user is not logged in' });
  });

  it('accepts an app password minted under the e-mail address only with the e-mail address', async () => {
    const withEmail = await ocsGet('/cloud/user', basicAuth('erin@example.com', ERIN_EMAIL_APP_PASSWORD));
    const withUid = await ocsGet('/cloud/user', basicAuth('uid-42', ERIN_EMAIL_APP_PASSWORD));

    expect(withEmail.status).toBe(200);
    expect(withUid.status).toBe(401);
  });

  it('accepts an app password minted under the uid with the uid in any letter case, not the e-mail', async () => {
    const upper = await ocsGet('/cloud/user', basicAuth('UID-42', ERIN_APP_PASSWORD));
    const email = await ocsGet('/cloud/user', basicAuth('erin@example.com', ERIN_APP_PASSWORD));

    expect(upper.status).toBe(200);
    expect(email.status).toBe(401);
  });

  it('accepts the login password with the uid or the e-mail address', async () => {
    const uid = await ocsGet('/cloud/user', basicAuth('uid-42', ERIN_LOGIN_PASSWORD));
    const email = await ocsGet('/cloud/user', basicAuth('erin@example.com', ERIN_LOGIN_PASSWORD));

    expect([uid.status, email.status]).toEqual([200, 200]);
  });

  it('stops accepting a revoked app password', async () => {
    double.addUser({ id: 'frank', appPasswords: ['FFFFF-FFFFF-FFFFF-FFFFF-FFFFF'] });
    double.revokeAppPassword('frank', 'FFFFF-FFFFF-FFFFF-FFFFF-FFFFF');

    const response = await ocsGet('/cloud/user', basicAuth('frank', 'FFFFF-FFFFF-FFFFF-FFFFF-FFFFF'));

    expect(response.status).toBe(401);
  });

  it('counts every refused login (brute-force protection counts them per address)', async () => {
    const before = double.failedLogins();

    await ocsGet('/cloud/user', basicAuth('uid-42', 'wrong'));
    await fetch(`${double.url}/index.php/apps/notes/api/v1/notes`, { headers: { authorization: basicAuth('x', 'y') } });

    expect(double.failedLogins() - before).toBe(2);
  });
});

describe('platform double: capabilities, menu and apps', () => {
  it('publishes the version and the entries of the served apps in capabilities', async () => {
    const ocs = await ocsBody(await ocsGet('/cloud/capabilities', basicAuth('uid-42', ERIN_APP_PASSWORD)));

    expect(ocs.data).toMatchObject({
      version: { major: 32, string: '32.0.2' },
      capabilities: { notes: expect.objectContaining({}) },
    });
  });

  it('lists the apps of the user menu in core/navigation/apps, for any user', async () => {
    const ocs = await ocsBody(await ocsGet('/core/navigation/apps', basicAuth('uid-42', ERIN_APP_PASSWORD)));

    expect((ocs.data as { id: string; href: string; name: string }[]).map((app) => app.id)).toContain('notes');
  });

  it('gives each menu entry a server-relative href', async () => {
    const ocs = await ocsBody(await ocsGet('/core/navigation/apps', basicAuth('uid-42', ERIN_APP_PASSWORD)));

    const notes = (ocs.data as { id: string; href: string }[]).find((app) => app.id === 'notes');
    expect(notes?.href).toBe('/cloud/index.php/apps/notes/');
  });

  it('lists enabled apps to an admin and refuses others with 403 "Logged in account must be an admin"', async () => {
    const admin = await ocsGet('/cloud/apps?filter=enabled', basicAuth('root', ADMIN_PASSWORD));
    const user = await ocsGet('/cloud/apps?filter=enabled', basicAuth('uid-42', ERIN_APP_PASSWORD));

    expect(((await ocsBody(admin)).data as { apps: string[] }).apps).toContain('notes');
    expect(user.status).toBe(403);
    expect((await ocsBody(user)).meta.message).toBe('Logged in account must be an admin');
  });
});

describe('platform double: app passwords', () => {
  it('mints a 72-character app password for the login password, and refuses to for an app password', async () => {
    const minted = await ocsGet('/core/getapppassword', basicAuth('erin@example.com', ERIN_LOGIN_PASSWORD));
    const refused = await ocsGet('/core/getapppassword', basicAuth('uid-42', ERIN_APP_PASSWORD));

    const password = ((await ocsBody(minted)).data as { apppassword: string }).apppassword;
    expect(password).toMatch(/^[A-Za-z0-9]{72}$/);
    expect((await ocsGet('/cloud/user', basicAuth('erin@example.com', password))).status).toBe(200);
    expect(refused.status).toBe(403);
    expect((await ocsBody(refused)).meta.message).toBe('You cannot request an new apppassword with an apppassword');
  });

  it('revokes the app password in use at once, and refuses with the login password (403)', async () => {
    double.addUser({ id: 'gina', loginPassword: 'login-pw', appPasswords: ['GGGGG-GGGGG-GGGGG-GGGGG-GGGGG'] });

    const revoked = await ocsGet('/core/apppassword', basicAuth('gina', 'GGGGG-GGGGG-GGGGG-GGGGG-GGGGG'), 'DELETE');
    const withLogin = await ocsGet('/core/apppassword', basicAuth('gina', 'login-pw'), 'DELETE');

    expect(revoked.status).toBe(200);
    expect((await ocsGet('/cloud/user', basicAuth('gina', 'GGGGG-GGGGG-GGGGG-GGGGG-GGGGG'))).status).toBe(401);
    expect(withLogin.status).toBe(403);
  });

  it('rotates an app password: a new one of 72 characters, the old one still works for a while', async () => {
    double.addUser({ id: 'hank', appPasswords: ['HHHHH-HHHHH-HHHHH-HHHHH-HHHHH'] });

    const rotated = await ocsGet(
      '/core/apppassword/rotate',
      basicAuth('hank', 'HHHHH-HHHHH-HHHHH-HHHHH-HHHHH'),
      'POST',
    );

    const fresh = ((await ocsBody(rotated)).data as { apppassword: string }).apppassword;
    expect(fresh).toMatch(/^[A-Za-z0-9]{72}$/);
    expect((await ocsGet('/cloud/user', basicAuth('hank', fresh))).status).toBe(200);
    expect((await ocsGet('/cloud/user', basicAuth('hank', 'HHHHH-HHHHH-HHHHH-HHHHH-HHHHH'))).status).toBe(200);
  });
});

describe('platform double: sub-path and status.php', () => {
  it('serves only under its sub-path', async () => {
    const inside = await fetch(`${double.url}/status.php`);
    const outside = await fetch(`${double.url.replace('/cloud', '')}/status.php`);

    expect(await inside.json()).toMatchObject({ installed: true, maintenance: false, productname: 'Nextcloud' });
    expect(outside.status).toBe(404);
  });

  it('answers status.php without credentials, with the four-part version 32.0.2.2', async () => {
    const response = await fetch(`${double.url}/status.php`);

    expect(await response.json()).toMatchObject({ version: '32.0.2.2', versionstring: '32.0.2' });
  });
});

describe('platform double: provisioning API (admin)', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  const admin = basicAuth('root', ADMIN_PASSWORD);

  it('creates a user, refuses an existing id (102) and a weak password (107), and deletes', async () => {
    const create = (userid: string, password: string) =>
      fetch(`${double.url}/ocs/v2.php/cloud/users`, {
        method: 'POST',
        headers: ocsHeaders(admin),
        body: form({ userid, password, email: `${userid}@example.com`, displayName: userid }),
      });

    const created = await create('ivy', 'a long enough password');
    const again = await create('ivy', 'a long enough password');
    const weak = await create('jack', 'short');
    const deleted = await ocsGet('/cloud/users/ivy', admin, 'DELETE');
    const gone = await ocsGet('/cloud/users/ivy', admin);

    expect(((await ocsBody(created)).data as { id: string }).id).toBe('ivy');
    expect([again.status, (await ocsBody(again)).meta.statuscode]).toEqual([400, 102]);
    expect([weak.status, (await ocsBody(weak)).meta.statuscode]).toEqual([400, 107]);
    expect(deleted.status).toBe(200);
    expect(gone.status).toBe(404);
  });

  it('names every failed password rule in the 107 message, and lets a 10-character password pass', async () => {
    const create = (userid: string, password: string) =>
      fetch(`${double.url}/ocs/v2.php/cloud/users`, {
        method: 'POST',
        headers: ocsHeaders(admin),
        body: form({ userid, password }),
      });

    const common = await create('kim', 'password');
    const tenLetters = await create('lea', 'abcdefghij');

    expect((await ocsBody(common)).meta).toMatchObject({
      statuscode: 107,
      message:
        'Password is among the 1,000,000 most common ones. Please make it unique. ' +
        'Password needs to be at least 10 characters long.',
    });
    expect(tenLetters.status).toBe(200);
  });

  it('answers DELETE of an unknown user with 404, statuscode 998 and an empty message', async () => {
    const response = await ocsGet('/cloud/users/nobody', admin, 'DELETE');

    expect(response.status).toBe(404);
    expect((await ocsBody(response)).meta).toMatchObject({ statuscode: 998, message: '' });
  });

  it('refuses a non-admin with 403', async () => {
    const response = await ocsGet('/cloud/users?search=', basicAuth('uid-42', ERIN_APP_PASSWORD));

    expect(response.status).toBe(403);
  });

  it('answers an unknown user with 404, and v1 with HTTP 200 and statuscode 404', async () => {
    const v2 = await ocsGet('/cloud/users/nobody', admin);
    const v1 = await fetch(`${double.url}/ocs/v1.php/cloud/users/nobody?format=json`, { headers: ocsHeaders(admin) });

    expect(v2.status).toBe(404);
    expect(v1.status).toBe(200);
    expect((await ocsBody(v1)).meta.statuscode).toBe(404);
  });
});
