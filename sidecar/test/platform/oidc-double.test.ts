// The identity provider double behaves as docs/nextcloud-behaviour.md says Nextcloud's oidc app does.
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeCode, obtainTokens, requestTokensForCode } from '../../../test/platform/oidc-code-flow.js';
import { startOidcDouble, type OidcDouble } from '../../../test/platform/oidc-provider.js';

const REDIRECT = 'http://127.0.0.1:1/callback';
const RESOURCE_URL = 'http://127.0.0.1:9/mcp';
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
      {
        client_id: 'resource-client',
        client_secret: 'r',
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code'],
        resource_url: RESOURCE_URL,
      },
    ],
  });
});
afterAll(() => idp.close());

const COMPANION = { clientId: 'companion', clientSecret: 'companion-secret', redirectUri: REDIRECT };

async function refresh(refreshToken: string) {
  const body = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: 'companion',
    client_secret: 'companion-secret',
  });
  const response = await fetch(`${idp.issuer}/index.php/apps/oidc/token`, { method: 'POST', body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
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

  it('lists the scopes openid profile email roles groups offline_access', async () => {
    const doc = (await (await fetch(idp.discoveryUrl)).json()) as { scopes_supported: string[] };

    expect(doc.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'profile', 'email', 'roles', 'groups', 'offline_access']),
    );
  });
});

describe('oidc double: tokens', () => {
  it('issues RS256 JWT access tokens whose audience is the resource', async () => {
    const tokens = await obtainTokens(
      idp.issuer,
      { clientId: 'companion', clientSecret: 'companion-secret', redirectUri: REDIRECT },
      { resource: 'http://sidecar.test/mcp' },
    );

    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
      typ: 'at+JWT',
      alg: 'RS256',
      kid: 'nextcloud-oidc-1',
    });
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      sub: 'alice',
      aud: 'http://sidecar.test/mcp',
      iss: idp.issuer,
      client_id: 'companion',
      azp: 'companion',
      preferred_username: 'alice',
      scope: expect.stringContaining('openid'),
      jti: expect.any(String),
      auth_time: expect.any(Number),
    });
  });

  it('ignores a resource sent only to the token endpoint: the audience is the client id', async () => {
    const { code, verifier } = await authorizeCode(idp.issuer, COMPANION);

    const answer = await requestTokensForCode(idp.issuer, COMPANION, code, verifier, 'http://elsewhere.test/mcp');

    expect(answer.status).toBe(200);
    expect(decodeJwt(((await answer.json()) as { access_token: string }).access_token).aud).toBe('companion');
  });

  it('issues ID tokens for the client id without profile claims', async () => {
    const tokens = await obtainTokens(idp.issuer, COMPANION, { resource: 'http://sidecar.test/mcp' });

    const claims = decodeJwt(tokens.id_token!);

    expect(claims).toMatchObject({ sub: 'alice', aud: 'companion' });
    expect(claims.name).toBeUndefined();
    expect(claims.email).toBeUndefined();
    expect(claims.preferred_username).toBeUndefined();
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

  it('answers refresh_expires_in 900 beside the refresh token', async () => {
    const tokens = await obtainTokens(idp.issuer, COMPANION);

    const refreshed = await refresh(tokens.refresh_token!);

    expect((tokens as unknown as Record<string, unknown>).refresh_expires_in).toBe(900);
    expect(refreshed.body.refresh_expires_in).toBe(900);
  });

  it('issues 72-character opaque access tokens (128-character refresh tokens) to clients not set to JWT', async () => {
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
    expect(tokens.access_token).toHaveLength(72);
    expect(tokens.refresh_token).toHaveLength(128);
    expect(introspection).toMatchObject({ active: true, sub: 'alice' });
  });
});

describe('oidc double: introspection as the oidc app answers it', () => {
  const introspect = async (token: string, client: string, secret: string) => {
    const body = new URLSearchParams({ token, client_id: client, client_secret: secret });
    const response = await fetch(`${idp.issuer}/index.php/apps/oidc/introspect`, { method: 'POST', body });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('answers a JWT with aud = its client id (not the resource), no iss, and exp = iat + 2 x the lifetime', async () => {
    const tokens = await obtainTokens(idp.issuer, COMPANION, { resource: 'http://mcp.example/mcp' });
    const claims = decodeJwt(tokens.access_token);

    const { body } = await introspect(tokens.access_token, 'companion', 'companion-secret');

    expect(body).toMatchObject({
      active: true,
      client_id: 'companion',
      sub: 'alice',
      username: 'alice',
      aud: 'companion',
    });
    expect(body.token_type).toBe('Bearer');
    expect(body.iss).toBeUndefined();
    expect(body.exp).toBe(claims.iat! + 2 * (claims.exp! - claims.iat!));
  });

  it("answers another client's token as inactive unless its resource names the asking client", async () => {
    const forCompanion = await obtainTokens(idp.issuer, COMPANION);
    const forResource = await obtainTokens(idp.issuer, COMPANION, { resource: RESOURCE_URL });

    const other = await introspect(forCompanion.access_token, 'resource-client', 'r');
    const named = await introspect(forResource.access_token, 'resource-client', 'r');

    expect(other.body).toEqual({ active: false });
    expect(named.body).toMatchObject({ active: true, client_id: 'companion', aud: 'companion' });
  });

  it('answers refresh tokens, ID tokens and unknown tokens as inactive', async () => {
    const tokens = await obtainTokens(idp.issuer, COMPANION, { scope: 'openid offline_access' });

    const answers = await Promise.all(
      [tokens.refresh_token ?? '', tokens.id_token ?? '', 'no-such-token'].map((token) =>
        introspect(token, 'companion', 'companion-secret'),
      ),
    );

    expect(answers.map((answer) => answer.body)).toEqual([{ active: false }, { active: false }, { active: false }]);
  });

  it('makes the old access token inactive when its refresh token is used', async () => {
    const tokens = await obtainTokens(idp.issuer, COMPANION, { scope: 'openid offline_access' });

    await refresh(tokens.refresh_token ?? '');
    const old = await introspect(tokens.access_token, 'companion', 'companion-secret');

    expect(old.body).toEqual({ active: false });
  });

  it('answers 401 invalid_client without client authentication, and 400 invalid_request without a token', async () => {
    const noClient = await fetch(`${idp.issuer}/index.php/apps/oidc/introspect`, {
      method: 'POST',
      body: new URLSearchParams({ token: 'x' }),
    });
    const noToken = await introspect('', 'companion', 'companion-secret');

    expect(noClient.status).toBe(401);
    expect(await noClient.json()).toEqual({ error: 'invalid_client' });
    expect(noToken).toEqual({ status: 400, body: { error: 'invalid_request' } });
  });
});
