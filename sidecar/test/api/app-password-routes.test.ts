// The app-password routes against the platform double: order of checks, statuses and storage (limits: see
// app-password-limits.test.ts).
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, shapeDifferences } from '../../../test/contract/conformance.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import {
  APP_PASSWORD,
  basicAuth,
  LOGIN_FLOW_PASSWORD,
  startTestSidecar,
  TEST_KEY,
  type TestSidecar,
} from '../support/sidecar.js';

const HYBRID = {
  ENABLE_MULTI_USER_BASIC_AUTH: 'true',
  ENABLE_BACKGROUND_OPERATIONS: 'true',
  TOKEN_ENCRYPTION_KEY: TEST_KEY,
};

let double: PlatformDouble;
let sidecar: TestSidecar;
const route = (user: string) => `${sidecar.url}/api/v1/users/${encodeURIComponent(user)}/app-password`;
const call = (method: string, user: string, password: string, login = user) =>
  fetch(route(user), { method, headers: { authorization: basicAuth(login, password) } });

beforeAll(async () => {
  double = await startPlatformDouble({
    users: [
      { id: 'alice', appPasswords: [APP_PASSWORD, LOGIN_FLOW_PASSWORD] },
      { id: 'bob', appPasswords: ['BBBBB-BBBBB-BBBBB-BBBBB-BBBBB'] },
      { id: 'carol', appPasswords: ['CCCCC-CCCCC-CCCCC-CCCCC-CCCCC'] },
      { id: 'dave', appPasswords: ['DDDDD-DDDDD-DDDDD-DDDDD-DDDDD'] },
      { id: 'ldap-uid-7', loginName: 'erin', appPasswords: ['EEEEE-EEEEE-EEEEE-EEEEE-EEEEE'] },
    ],
  });
  sidecar = await startTestSidecar({ ...HYBRID, NEXTCLOUD_HOST: double.url, NEXTCLOUD_VALIDATION_TIMEOUT: '0.3' });
});

afterAll(async () => {
  await sidecar.stop();
  await double.close();
});

afterEach(() => {
  double.setLatency(0);
  double.setFault('none');
});

describe('POST /api/v1/users/{user_id}/app-password', () => {
  it('stores a valid app password and answers the contract shape', async () => {
    const response = await call('POST', 'alice', APP_PASSWORD);

    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ user_id: 'alice', stored: true });
    expect(shapeDifferences(body, loadFixture('sidecar-app-password-stored.json'))).toEqual([]);
  });

  it('accepts the 72-character Login Flow v2 format', async () => {
    const response = await call('POST', 'alice', LOGIN_FLOW_PASSWORD);

    expect(response.status).toBe(200);
  });

  it('stores an app password minted under another login name for the user id Nextcloud answers', async () => {
    const response = await call('POST', 'ldap-uid-7', 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE', 'erin');
    const status = await call('GET', 'ldap-uid-7', 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE', 'erin');

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user_id: 'ldap-uid-7', stored: true });
    expect(await status.json()).toEqual({ user_id: 'ldap-uid-7', has_app_password: true });
  });

  it('answers 401 for the user id with an app password minted under another login name', async () => {
    const response = await call('POST', 'ldap-uid-7', 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE');

    expect(response.status).toBe(401);
  });

  it("answers 403 when another user's valid credentials are sent for the path user", async () => {
    const response = await call('POST', 'alice', 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB', 'bob');

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'forbidden' });
  });

  it('answers 400 for a password that is not in an app-password format', async () => {
    const response = await call('POST', 'carol', 'hunter2');

    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toBe('invalid_input');
  });

  it('answers 401 with a Basic challenge when Nextcloud rejects the password', async () => {
    const response = await call('POST', 'carol', 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ');

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('answers 403 when the path names the login name instead of the user id Nextcloud answers', async () => {
    const response = await call('POST', 'erin', 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE');

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'forbidden' });
  });

  it('answers 504 when Nextcloud does not answer within the validation timeout', async () => {
    double.setLatency(1000);

    const response = await call('POST', 'dave', 'DDDDD-DDDDD-DDDDD-DDDDD-DDDDD');

    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: string }).error).toBe('upstream_timeout');
  });

  it('answers 502 when Nextcloud answers with something that is not OCS', async () => {
    double.setFault('html');

    const response = await call('POST', 'dave', 'DDDDD-DDDDD-DDDDD-DDDDD-DDDDD');

    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: 'upstream_error' });
  });

  it('answers 502 when the connection to Nextcloud breaks', async () => {
    double.setFault('drop');

    const response = await call('POST', 'dave', 'DDDDD-DDDDD-DDDDD-DDDDD-DDDDD');

    expect(response.status).toBe(502);
  });

  it('never writes the password or the Authorization header to the log', async () => {
    await call('POST', 'alice', APP_PASSWORD);

    const log = sidecar.logText();
    expect(log).toContain('"status":200');
    expect(log).not.toContain(APP_PASSWORD);
    expect(log).not.toContain(basicAuth('alice', APP_PASSWORD).slice(6));
  });
});

describe('GET /api/v1/users/{user_id}/app-password', () => {
  it('tells a validated caller whether a password is stored', async () => {
    await call('POST', 'alice', APP_PASSWORD);

    const response = await call('GET', 'alice', APP_PASSWORD);

    const body = await response.json();
    expect(body).toEqual({ user_id: 'alice', has_app_password: true });
    expect(shapeDifferences(body, loadFixture('sidecar-app-password-status.json'))).toEqual([]);
  });

  it('reveals nothing to a caller whose credentials Nextcloud rejects', async () => {
    const response = await call('GET', 'alice', 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ');

    expect(response.status).toBe(401);
    expect(await response.text()).not.toContain('has_app_password');
  });
});

describe('DELETE /api/v1/users/{user_id}/app-password', () => {
  it('deletes the stored password and says whether one existed', async () => {
    await call('POST', 'carol', 'CCCCC-CCCCC-CCCCC-CCCCC-CCCCC');

    const first = await (await call('DELETE', 'carol', 'CCCCC-CCCCC-CCCCC-CCCCC-CCCCC')).json();
    const second = await (await call('DELETE', 'carol', 'CCCCC-CCCCC-CCCCC-CCCCC-CCCCC')).json();

    expect(first).toEqual({ user_id: 'carol', deleted: true });
    expect(shapeDifferences(first, loadFixture('sidecar-app-password-deleted.json'))).toEqual([]);
    expect(second).toEqual({ user_id: 'carol', deleted: false });
  });

  it('keeps the stored password when the caller is not validated', async () => {
    await call('POST', 'alice', APP_PASSWORD);

    const response = await call('DELETE', 'alice', 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ');
    const status = (await (await call('GET', 'alice', APP_PASSWORD)).json()) as { has_app_password: boolean };

    expect(response.status).toBe(401);
    expect(status.has_app_password).toBe(true);
  });
});

describe('the database file', () => {
  it('never holds a stored password in plaintext', async () => {
    await call('POST', 'alice', APP_PASSWORD);

    const files = ['', '-wal'].map((suffix) => {
      try {
        return readFileSync(sidecar.dbPath + suffix);
      } catch {
        return Buffer.alloc(0);
      }
    });

    const bytes = Buffer.concat(files);
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.includes(Buffer.from(APP_PASSWORD))).toBe(false);
    expect(bytes.includes(Buffer.from(LOGIN_FLOW_PASSWORD))).toBe(false);
  });
});
