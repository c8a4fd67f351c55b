// The identity provider double behaves as platform-api.md says Nextcloud's oidc app does.
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { obtainTokens } from '../../../test/platform/oidc-code-flow.js';
import { startOidcDouble, type OidcDouble } from '../../../test/platform/oidc-provider.js';

const REDIRECT = 'http://127.0.0.1:1/callback';
let idp: OidcDouble;

beforeAll(async () => {
  idp = await startOidcDouble({
    users: [{ id: 'alice' }],
    clients: [
      {
        client_id: 'companion',
        client_secret: 'companion-secret',
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
      },
      {
        client_id: 'opaque-client',
        client_secret: 's',
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        access_token_format: 'opaque',
      },
    ],
  });
});
afterAll(() => idp.close());

async function refresh(refreshToken: string) {
  const body = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: 'companion',
    client_secret: 'companion-secret',
  });
  const response = await fetch(`${idp.issuer}/index.php/apps/oidc/token`, { method: 'POST', body });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

describe('oidc double: discovery', () => {
  it('serves discovery under /index.php and redirects the root path there', async () => {
    const root = await fetch(`${idp.issuer}/.well-known/openid-configuration`, { redirect: 'manual' });
    const doc = (await (await fetch(idp.discoveryUrl)).json()) as Record<string, unknown>;

    expect(root.status).toBe(301);
    expect(root.headers.get('location')).toBe(idp.discoveryUrl);
    expect(doc.issuer).toBe(idp.issuer);
    expect(doc.token_endpoint).toBe(`${idp.issuer}/index.php/apps/oidc/token`);
    expect(doc.registration_endpoint).toBe(`${idp.issuer}/index.php/apps/oidc/register`);
    expect(doc.revocation_endpoint).toBeUndefined();
    expect(doc.introspection_endpoint).toBe(`${idp.issuer}/index.php/apps/oidc/introspect`);
  });
});

describe('oidc double: tokens', () => {
  it('issues RS256 JWT access tokens whose audience is the resource', async () => {
    const tokens = await obtainTokens(
      idp.issuer,
      { clientId: 'companion', clientSecret: 'companion-secret', redirectUri: REDIRECT },
      { resource: 'http://sidecar.test/mcp' },
    );

    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ alg: 'RS256', kid: 'nextcloud-oidc-1' });
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      sub: 'alice',
      aud: 'http://sidecar.test/mcp',
      iss: idp.issuer,
    });
  });

  it('uses the client id as the audience without a resource', async () => {
    const tokens = await obtainTokens(idp.issuer, {
      clientId: 'companion',
      clientSecret: 'companion-secret',
      redirectUri: REDIRECT,
    });

    expect(decodeJwt(tokens.access_token).aud).toBe('companion');
  });

  it('issues refresh tokens only with offline_access, and rotates them', async () => {
    const without = await obtainTokens(
      idp.issuer,
      { clientId: 'companion', clientSecret: 'companion-secret', redirectUri: REDIRECT },
      { scope: 'openid profile' },
    );
    const withOffline = await obtainTokens(idp.issuer, {
      clientId: 'companion',
      clientSecret: 'companion-secret',
      redirectUri: REDIRECT,
    });

    const first = await refresh(withOffline.refresh_token!);
    const reused = await refresh(withOffline.refresh_token!);

    expect(without.refresh_token).toBeUndefined();
    expect(first.status).toBe(200);
    expect(first.body.refresh_token).toBeDefined();
    expect(first.body.refresh_token).not.toBe(withOffline.refresh_token);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('issues opaque tokens to clients not set to JWT, and introspects them', async () => {
    const tokens = await obtainTokens(idp.issuer, {
      clientId: 'opaque-client',
      clientSecret: 's',
      redirectUri: REDIRECT,
    });
    const body = new URLSearchParams({ token: tokens.access_token, client_id: 'opaque-client', client_secret: 's' });

    const introspection = (await (
      await fetch(`${idp.issuer}/index.php/apps/oidc/introspect`, { method: 'POST', body })
    ).json()) as Record<string, unknown>;

    expect(tokens.access_token.split('.')).toHaveLength(1);
    expect(introspection).toMatchObject({ active: true, sub: 'alice' });
  });
});

describe('oidc double: dynamic client registration', () => {
  it('registers clients that are deleted after the expiry time', async () => {
    idp.setClientExpireSeconds(1);
    const response = await fetch(`${idp.issuer}/index.php/apps/oidc/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_method: 'client_secret_post',
      }),
    });
    const client = (await response.json()) as { client_id: string; client_secret: string };
    const credentials = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: client.client_id,
      client_secret: client.client_secret,
    });

    const beforeExpiry = await (
      await fetch(`${idp.issuer}/index.php/apps/oidc/token`, { method: 'POST', body: credentials })
    ).json();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const afterExpiry = await (
      await fetch(`${idp.issuer}/index.php/apps/oidc/token`, { method: 'POST', body: credentials })
    ).json();
    idp.setClientExpireSeconds(3600);

    expect(response.status).toBe(201);
    expect(beforeExpiry).toMatchObject({ error: 'invalid_grant' });
    expect(afterExpiry).toMatchObject({ error: 'invalid_client' });
  });
});
