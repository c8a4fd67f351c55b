// The sidecar's own browser sign-in: a user grants background access with a refresh token (PKCE), then revokes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followRedirects } from '../../../test/platform/oidc-code-flow.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { findFreePort } from '../../../test/platform/free-port.js';
import { startNextcloudWithOidc, tokensFor, TRUSTING_THE_COMPANION } from '../support/nextcloud-with-oidc.js';
import { startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice' }]);
  const port = await findFreePort();
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    MCP_SERVER_PORT: String(port),
    NEXTCLOUD_MCP_SERVER_URL: `http://127.0.0.1:${port}`,
    ...TRUSTING_THE_COMPANION,
  });
});
afterAll(async () => {
  await sidecar.stop();
  await nextcloud.close();
});

describe('GET /oauth/login', () => {
  it('redirects to the provider with PKCE S256 and sets an HttpOnly, SameSite=Lax cookie', async () => {
    const response = await fetch(`${sidecar.url}/oauth/login`, { redirect: 'manual' });

    const location = new URL(response.headers.get('location')!);
    expect(response.status).toBe(303);
    expect(location.pathname).toBe('/index.php/apps/oidc/authorize');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toContain('offline_access');
    const cookie = response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^mcp_oauth_session=[^;]+; Path=\/oauth; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });
});

describe('the browser sign-in round trip', () => {
  it('stores a refresh token for the signed-in user, which the session route then reports', async () => {
    const { response } = await followRedirects(`${sidecar.url}/oauth/login`);
    const page = await response!.text();
    const token = (await tokensFor(nextcloud, 'alice')).access_token;

    const session = await (
      await fetch(`${sidecar.url}/api/v1/users/alice/session`, { headers: { authorization: `Bearer ${token}` } })
    ).json();

    expect(response!.status).toBe(200);
    expect(page).toContain('Background access granted');
    expect(session).toMatchObject({
      background_access: {
        granted: true,
        credential_type: 'refresh_token',
        scopes: expect.arrayContaining(['offline_access']),
      },
    });
  });

  it('refuses a callback whose state does not match, storing nothing', async () => {
    const login = await fetch(`${sidecar.url}/oauth/login`, { redirect: 'manual' });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;

    const response = await fetch(`${sidecar.url}/oauth/callback?code=abc&state=forged`, { headers: { cookie } });
    const replay = await fetch(`${sidecar.url}/oauth/callback?code=abc&state=forged`, { headers: { cookie } });

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Start it again');
    expect(replay.status).toBe(400);
  });

  it('clears the refresh token on revoke and says the provider offers no revocation', async () => {
    await followRedirects(`${sidecar.url}/oauth/login`);
    const token = (await tokensFor(nextcloud, 'alice')).access_token;

    const revoked = await (
      await fetch(`${sidecar.url}/api/v1/users/alice/revoke`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();

    expect(revoked).toMatchObject({
      cleared: { refresh_token: true, token_cache: true },
      provider_revocation: 'not_supported',
    });
  });
});

describe('background access by refresh token over time', () => {
  it('keeps the end the token answer gives, and is no longer reported once Nextcloud would refuse the token', async () => {
    let offsetMs = 0;
    const port = await findFreePort();
    const later = await startTestSidecar(
      {
        NEXTCLOUD_HOST: nextcloud.url,
        TOKEN_ENCRYPTION_KEY: TEST_KEY,
        ENABLE_BACKGROUND_OPERATIONS: 'true',
        MCP_SERVER_PORT: String(port),
        NEXTCLOUD_MCP_SERVER_URL: `http://127.0.0.1:${port}`,
        ...TRUSTING_THE_COMPANION,
      },
      () => Date.now() + offsetMs,
    );
    const signIn = await followRedirects(`${later.url}/oauth/login`);
    const granted = async () => {
      const token = (await tokensFor(nextcloud, 'alice')).access_token;
      const response = await fetch(`${later.url}/api/v1/users/alice/session`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await response.json()) as { background_access: { granted: boolean } }).background_access.granted;
    };

    const within = await granted();
    // Nextcloud refuses it expires_in + refresh_expires_in (900 + 900 s) after the answer.
    offsetMs = 1801 * 1000;
    const after = await granted();

    await later.stop();
    expect(await signIn.response!.text()).toContain('Background access granted');
    expect([within, after]).toEqual([true, false]);
  });
});

describe('cookies behind https', () => {
  it('are Secure when COOKIE_SECURE is true', async () => {
    const secure = await startTestSidecar({
      NEXTCLOUD_HOST: nextcloud.url,
      TOKEN_ENCRYPTION_KEY: TEST_KEY,
      ENABLE_BACKGROUND_OPERATIONS: 'true',
      COOKIE_SECURE: 'true',
    });

    const response = await fetch(`${secure.url}/oauth/login`, { redirect: 'manual' });

    await secure.stop();
    expect(response.headers.get('set-cookie')).toMatch(/; Secure$/);
  });
});
