// The identity provider double refuses at the token endpoint, and lets dynamic clients expire, as
// docs/nextcloud-behaviour.md says Nextcloud's oidc app does: the error table word for word, all 400; expired_client
// until the cleanup job runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeCode, obtainTokens, requestTokensForCode } from '../../../test/platform/oidc-code-flow.js';
import { startOidcDouble, type OidcDouble } from '../../../test/platform/oidc-provider.js';

const REDIRECT = 'http://127.0.0.1:1/callback';
const COMPANION = { clientId: 'companion', clientSecret: 'companion-secret', redirectUri: REDIRECT };
const withRefresh = (clientId: string, secret: string) => ({
  client_id: clientId,
  client_secret: secret,
  redirect_uris: [REDIRECT],
  grant_types: ['authorization_code', 'refresh_token'],
});
let idp: OidcDouble;

beforeAll(async () => {
  idp = await startOidcDouble({
    users: [{ id: 'alice' }],
    clients: [withRefresh('companion', 'companion-secret'), withRefresh('opaque-client', 's')],
  });
});
afterAll(() => idp.close());

async function refresh(refreshToken: string, client = { id: 'companion', secret: 'companion-secret' }, on = idp) {
  const body = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.id,
    client_secret: client.secret,
  });
  const response = await fetch(`${on.issuer}/index.php/apps/oidc/token`, { method: 'POST', body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function register() {
  const response = await fetch(`${idp.issuer}/index.php/apps/oidc/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'test',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'client_secret_post',
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('oidc double: the token endpoint refuses as the oidc app words it', () => {
  it('answers a rotated refresh token with "Could not find access token…", and the new one keeps working', async () => {
    const tokens = await obtainTokens(idp.issuer, COMPANION);
    const first = await refresh(tokens.refresh_token!);

    const reused = await refresh(tokens.refresh_token!);
    const next = await refresh(String(first.body.refresh_token));

    expect(reused).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Could not find access token for code or refresh_token.' },
    });
    expect(next.status).toBe(200);
  });

  it('answers a refresh token of another client with "Grant is not valid for this client."', async () => {
    const tokens = await obtainTokens(idp.issuer, COMPANION);

    const answer = await refresh(tokens.refresh_token!, { id: 'opaque-client', secret: 's' });

    expect(answer).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Grant is not valid for this client.' },
    });
  });

  it('answers a code used twice with "Authorization code has already been used."', async () => {
    const { code, verifier } = await authorizeCode(idp.issuer, COMPANION);
    await requestTokensForCode(idp.issuer, COMPANION, code, verifier);

    const again = await requestTokensForCode(idp.issuer, COMPANION, code, verifier);

    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Authorization code has already been used.',
    });
  });

  it('answers a wrong PKCE code_verifier with "Invalid code_verifier."', async () => {
    const { code } = await authorizeCode(idp.issuer, COMPANION);

    const answer = await requestTokensForCode(idp.issuer, COMPANION, code, 'x'.repeat(43));

    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ error: 'invalid_grant', error_description: 'Invalid code_verifier.' });
  });

  it('answers a wrong client secret and an unknown client with 400 invalid_client', async () => {
    const wrongSecret = await refresh('x', { id: 'companion', secret: 'wrong' });
    const unknown = await refresh('x', { id: 'no-such-client', secret: 'x' });

    expect(wrongSecret).toEqual({
      status: 400,
      body: { error: 'invalid_client', error_description: 'Client authentication failed.' },
    });
    expect(unknown).toEqual({ status: 400, body: { error: 'invalid_client', error_description: 'Client not found.' } });
  });

  it('answers a refresh token past expire_time + refresh_expire_time with "Refresh token is expired."', async () => {
    const shortLived = await startOidcDouble({
      clients: [withRefresh('c', 's')],
      accessTokenTtlSeconds: 1,
      refreshExpireSeconds: 1,
    });
    const tokens = await obtainTokens(shortLived.issuer, { clientId: 'c', clientSecret: 's', redirectUri: REDIRECT });
    await new Promise((resolve) => setTimeout(resolve, 2100));

    const answer = await refresh(tokens.refresh_token!, { id: 'c', secret: 's' }, shortLived);

    await shortLived.close();
    expect(answer).toEqual({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Refresh token is expired.' },
    });
  });
});

describe('oidc double: dynamic client registration', () => {
  it('answers 201 with client_secret_expires_at = client_id_issued_at + 3600', async () => {
    const { status, body } = await register();

    expect(status).toBe(201);
    expect(body.client_secret_expires_at).toBe(Number(body.client_id_issued_at) + 3600);
    expect(body).toMatchObject({ token_endpoint_auth_method: 'client_secret_post' });
  });

  it('answers expired_client once the client expired, and invalid_client after the cleanup job deleted it', async () => {
    const { body: client } = await register();
    const credentials = { id: String(client.client_id), secret: String(client.client_secret) };

    const beforeExpiry = await refresh('x', credentials);
    idp.expireDynamicClients();
    const expired = await refresh('x', credentials);
    const introspection = await fetch(`${idp.issuer}/index.php/apps/oidc/introspect`, {
      method: 'POST',
      body: new URLSearchParams({ token: 'x', client_id: credentials.id, client_secret: credentials.secret }),
    });
    idp.deleteExpiredClients();
    const deleted = await refresh('x', credentials);

    expect(beforeExpiry.body.error).toBe('invalid_grant');
    expect(expired).toEqual({ status: 400, body: { error: 'expired_client', error_description: 'Client expired.' } });
    expect(introspection.status).toBe(200);
    expect(deleted).toEqual({ status: 400, body: { error: 'invalid_client', error_description: 'Client not found.' } });
  });

  it('lets a client expire client_expire_time after it was registered', async () => {
    idp.setClientExpireSeconds(1);
    const { body: client } = await register();
    idp.setClientExpireSeconds(3600);
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const answer = await refresh('x', { id: String(client.client_id), secret: String(client.client_secret) });

    expect(answer.body.error).toBe('expired_client');
  });
});
