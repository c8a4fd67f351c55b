// Session and revoke routes with real tokens from Nextcloud's oidc app (the double), in hybrid mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, shapeDifferences } from '../../../test/contract/conformance.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { startNextcloudWithOidc, tokensFor, hybridTrustingTheCompanion } from '../support/nextcloud-with-oidc.js';
import { APP_PASSWORD, basicAuth, startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let aliceToken: string;
const CAROL_PASSWORD = 'CCCCC-CCCCC-CCCCC-CCCCC-CCCCC';

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([
    { id: 'alice', appPasswords: [APP_PASSWORD] },
    { id: 'bob', appPasswords: ['BBBBB-BBBBB-BBBBB-BBBBB-BBBBB'] },
    { id: 'carol', appPasswords: [CAROL_PASSWORD] },
  ]);
  sidecar = await startTestSidecar(hybridTrustingTheCompanion(nextcloud.url, TEST_KEY));
  aliceToken = (await tokensFor(nextcloud, 'alice')).access_token;
});
afterAll(async () => {
  await sidecar.stop();
  await nextcloud.close();
});

const session = (user: string, token?: string) =>
  fetch(`${sidecar.url}/api/v1/users/${user}/session`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('start-up in hybrid mode without a static client', () => {
  it('registers a client dynamically before listening and stores it encrypted', () => {
    expect(nextcloud.oidc!.counts.registrations).toBe(1);
    expect(sidecar.logText()).toMatch(/"client":"registered".*identity provider ready/);
  });
});

describe('GET /api/v1/users/{user_id}/session', () => {
  it('answers 401 with a Bearer challenge without a token', async () => {
    const response = await session('alice');

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('answers 401 for an ID token of the user: only access tokens are accepted', async () => {
    const idToken = (await tokensFor(nextcloud, 'alice')).id_token!;

    const response = await session('alice', idToken);

    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toBe('The token is not an access token.');
  });

  it('answers 403 when the token belongs to another user', async () => {
    const response = await session('bob', aliceToken);

    expect(response.status).toBe(403);
  });

  it('says no background access before anything is provisioned', async () => {
    const body = await (await session('alice', aliceToken)).json();

    expect(body).toEqual({
      user_id: 'alice',
      offline_access_enabled: true,
      background_access: { granted: false, credential_type: null, since: null, scopes: [] },
    });
  });

  it('reports the app password as the credential once provisioned, matching the contract', async () => {
    await fetch(`${sidecar.url}/api/v1/users/alice/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth('alice', APP_PASSWORD) },
    });

    const body = (await (await session('alice', aliceToken)).json()) as {
      background_access: { credential_type: string; since: string };
    };

    expect(body.background_access.credential_type).toBe('app_password');
    expect(Date.parse(body.background_access.since)).toBeGreaterThan(Date.now() - 60_000);
    expect(shapeDifferences(body, loadFixture('sidecar-session.json'))).toEqual([]);
  });
});

describe('POST /api/v1/users/{user_id}/revoke', () => {
  it('clears the stored credentials and the token cache, revokes the app password at Nextcloud, and reports it', async () => {
    await fetch(`${sidecar.url}/api/v1/users/alice/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth('alice', APP_PASSWORD) },
    });

    const response = await fetch(`${sidecar.url}/api/v1/users/alice/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${aliceToken}` },
    });

    const body = await response.json();
    expect(body).toEqual({
      user_id: 'alice',
      cleared: { app_password: true, refresh_token: false, token_cache: false },
      provider_revocation: 'not_needed',
      app_password_revocation: 'revoked',
    });
    expect(shapeDifferences(body, loadFixture('sidecar-revoke.json'))).toEqual([]);
    expect((await currentUserStatus('alice', APP_PASSWORD)).status).toBe(401);
    const after = (await (await session('alice', aliceToken)).json()) as { background_access: { granted: boolean } };
    expect(after.background_access.granted).toBe(false);
  });

  it('refuses another user with 403 and clears nothing', async () => {
    await fetch(`${sidecar.url}/api/v1/users/bob/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth('bob', 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB') },
    });

    const response = await fetch(`${sidecar.url}/api/v1/users/bob/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${aliceToken}` },
    });

    expect(response.status).toBe(403);
    const bob = await fetch(`${sidecar.url}/api/v1/users/bob/app-password`, {
      headers: { authorization: basicAuth('bob', 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB') },
    });
    expect(((await bob.json()) as { has_app_password: boolean }).has_app_password).toBe(true);
  });
});

describe('POST /api/v1/users/{user_id}/revoke when Nextcloud does not revoke', () => {
  /** Carol's token, and a way to store her app password at the sidecar. */
  const provisionedCarol = async () => {
    const token = (await tokensFor(nextcloud, 'carol')).access_token;
    const provision = () =>
      fetch(`${sidecar.url}/api/v1/users/carol/app-password`, {
        method: 'POST',
        headers: { authorization: basicAuth('carol', CAROL_PASSWORD) },
      });
    return { token, provision };
  };

  it('reports a failed revocation at Nextcloud and still forgets the app password', async () => {
    const { token, provision } = await provisionedCarol();
    await provision();
    const revoke = () =>
      fetch(`${sidecar.url}/api/v1/users/carol/revoke`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
    await fetch(`${sidecar.url}/api/v1/users/carol/session`, { headers: { authorization: `Bearer ${token}` } });

    nextcloud.setFault('status-500');
    const response = await revoke();
    nextcloud.setFault('none');

    const body = (await response.json()) as { cleared: { app_password: boolean }; app_password_revocation: string };
    expect([response.status, body.app_password_revocation, body.cleared.app_password]).toEqual([200, 'failed', true]);
    expect(sidecar.logText()).toMatch(/revoking the app password at Nextcloud failed/);
  });

  it('reports a password Nextcloud no longer accepts as already invalid', async () => {
    const { token, provision } = await provisionedCarol();
    await provision();
    nextcloud.revokeAppPassword('carol', CAROL_PASSWORD);

    const response = await fetch(`${sidecar.url}/api/v1/users/carol/revoke`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });

    expect(((await response.json()) as { app_password_revocation: string }).app_password_revocation).toBe(
      'already_invalid',
    );
  });
});

function currentUserStatus(loginName: string, password: string): Promise<Response> {
  return fetch(`${nextcloud.url}/ocs/v2.php/cloud/user`, {
    headers: { authorization: basicAuth(loginName, password), 'ocs-apirequest': 'true', accept: 'application/json' },
  });
}
