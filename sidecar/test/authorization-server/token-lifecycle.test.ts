// The tokens of the sidecar's authorization server: RFC 9068 JWTs for `<public URL>/mcp`, codes used once and only
// with their PKCE verifier, refresh tokens rotated on use (a reused one revokes the grant), revocation (RFC 7009),
// no scope beyond the consented ones, and /mcp accepting only tokens meant for it.
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, importJWK, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSigningKeys } from '../../src/authorization-server/signing-keys.js';
import { openSqlDatabase } from '../../src/store/sql/open-sql-database.js';
import { createSecretBox } from '../../src/store/secret-box.js';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../support/authorization-server-sidecar.js';
import type { OAuthBrowser } from '../support/oauth-browser.js';
import { browserFor, signInAndConsent } from '../support/sdk-oauth-client.js';
import { TEST_KEY } from '../support/sidecar.js';
import { MCP_POST_HEADERS, postInitialize } from '../support/mcp-client.js';

const REDIRECT_URI = 'http://127.0.0.1:7777/callback';
const CLIENT_ID = 'desk';
const VAULT_SECRET = 'v'.repeat(40);
let setup: AuthorizationServerSetup;
/** The user's browser: signed in once, then asked only for consent (sign-ins are rate limited per address). */
const usersBrowser = browserFor(REDIRECT_URI);

beforeAll(async () => {
  setup = await startAuthorizationServerSidecar({
    MCP_OAUTH_CLIENTS: JSON.stringify([
      { client_id: CLIENT_ID, redirect_uris: [REDIRECT_URI], client_name: 'Desk' },
      { client_id: 'vault', client_secret: VAULT_SECRET, redirect_uris: [REDIRECT_URI], client_name: 'Vault' },
    ]),
  });
});
afterAll(async () => {
  await setup.stop();
});

interface Authorized {
  code: string;
  verifier: string;
  callback: URL;
}

async function authorize(
  options: {
    /** `null`: the request carries no scope parameter. */
    scope?: string | null;
    untick?: string[];
    browser?: OAuthBrowser;
    state?: string;
    clientId?: string;
  } = {},
): Promise<Authorized> {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${setup.issuer}/oauth2/authorize`);
  url.search = new URLSearchParams({
    client_id: options.clientId ?? CLIENT_ID,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: setup.resource,
    scope: options.scope ?? 'files:read calendar:read calendar:write core:read offline_access',
    state: options.state ?? 'state-1',
  }).toString();
  if (options.scope === null) url.searchParams.delete('scope');
  const callback = await signInAndConsent(setup, url, REDIRECT_URI, { browser: usersBrowser, ...options });
  return { code: callback.searchParams.get('code') ?? '', verifier, callback };
}

async function token(fields: Record<string, string>) {
  const response = await fetch(`${setup.issuer}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: CLIENT_ID, ...fields }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

const exchange = (authorized: Authorized, verifier = authorized.verifier) =>
  token({
    grant_type: 'authorization_code',
    code: authorized.code,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
    resource: setup.resource,
  });

const refresh = (refreshToken: string, extra: Record<string, string> = {}) =>
  token({ grant_type: 'refresh_token', refresh_token: refreshToken, ...extra });

function claimsOf(jwt: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = jwt
    .split('.')
    .slice(0, 2)
    .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>);
  if (!header || !payload) throw new Error('Not a JWT.');
  return { header, payload };
}

describe('the authorization code', () => {
  it('comes back with the state and our issuer, and buys an RFC 9068 access token for /mcp', async () => {
    const authorized = await authorize({ state: 'round-trip-42' });

    const { status, body } = await exchange(authorized);

    const { header, payload } = claimsOf(body.access_token!);
    expect(authorized.callback.searchParams.get('state')).toBe('round-trip-42');
    expect(authorized.callback.searchParams.get('iss')).toBe(setup.issuer);
    expect(status).toBe(200);
    expect(header).toMatchObject({ typ: 'at+jwt', alg: 'RS256' });
    expect(payload).toMatchObject({ iss: setup.issuer, aud: setup.resource, sub: 'alice', client_id: CLIENT_ID });
    expect(String(payload.scope).split(' ').sort()).toEqual([
      'calendar:read',
      'calendar:write',
      'core:read',
      'files:read',
    ]);
    expect(Number(payload.exp) - Number(payload.iat)).toBe(600);
    expect(body.refresh_token).toBeTruthy();
  });

  it('defaults to every scope the sidecar offers when the request names none, less the ones the user unticks', async () => {
    const authorized = await authorize({ scope: null, untick: ['files:write'] });

    const { status, body } = await exchange(authorized);

    const granted = String(claimsOf(body.access_token!).payload.scope).split(' ');
    expect(status).toBe(200);
    expect(granted).toEqual(expect.arrayContaining(['files:read', 'calendar:write', 'knowledge:read']));
    expect(granted).not.toContain('files:write');
  });

  it('grants the offered scopes, less the unticked ones, when the request names only scopes outside the catalogue', async () => {
    const authorized = await authorize({ scope: 'openid profile email offline_access', untick: ['notes:write'] });

    const { status, body } = await exchange(authorized);

    const granted = String(claimsOf(body.access_token!).payload.scope).split(' ');
    expect(status).toBe(200);
    expect(granted).toEqual(expect.arrayContaining(['files:read', 'notes:read', 'knowledge:read']));
    expect(granted).not.toContain('notes:write');
    expect(body.refresh_token).toBeTruthy();
  });

  it('is refused with a wrong PKCE verifier', async () => {
    const authorized = await authorize();

    const { status, body } = await exchange(authorized, randomBytes(32).toString('base64url'));

    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('is used once: a replay is refused', async () => {
    const authorized = await authorize();
    await exchange(authorized);

    const replay = await exchange(authorized);

    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
  });
});

describe('a pre-registered confidential client', () => {
  it('must authenticate with its secret at the token endpoint', async () => {
    const authorized = await authorize({ clientId: 'vault' });
    const fields = {
      grant_type: 'authorization_code',
      code: authorized.code,
      redirect_uri: REDIRECT_URI,
      code_verifier: authorized.verifier,
      resource: setup.resource,
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${setup.issuer}/oauth2/token`, { method: 'POST', headers, body: new URLSearchParams(fields) });

    const anonymous = await post({});
    const wrong = await post({ authorization: `Basic ${Buffer.from('vault:wrong').toString('base64')}` });
    const right = await post({ authorization: `Basic ${Buffer.from(`vault:${VAULT_SECRET}`).toString('base64')}` });

    expect([anonymous.status, ((await anonymous.json()) as { error: string }).error]).toEqual([400, 'invalid_request']);
    expect([wrong.status, ((await wrong.json()) as { error: string }).error]).toEqual([401, 'invalid_client']);
    expect(right.status).toBe(200);
  });
});

describe('scopes', () => {
  it('are the ticked ones: an unticked scope is not in the token', async () => {
    const authorized = await authorize({ untick: ['calendar:write'] });

    const { body } = await exchange(authorized);

    expect(String(claimsOf(body.access_token!).payload.scope).split(' ')).not.toContain('calendar:write');
  });

  it('cannot grow at refresh beyond what the user consented to', async () => {
    const { body } = await exchange(await authorize({ untick: ['calendar:write'] }));

    const escalated = await refresh(body.refresh_token!, { scope: 'files:read calendar:write' });

    expect(escalated.status).toBe(400);
    expect(escalated.body.error).toBe('invalid_scope');
  });
});

describe('refresh tokens', () => {
  it('rotate on use, and a reused one revokes the whole grant', async () => {
    const { body: first } = await exchange(await authorize());
    const rotated = await refresh(first.refresh_token!);

    const reused = await refresh(first.refresh_token!);
    const afterReuse = await refresh(rotated.body.refresh_token!);

    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(rotated.body.access_token!).payload.aud).toBe(setup.resource);
    expect(reused.body.error).toBe('invalid_grant');
    expect(afterReuse.body.error).toBe('invalid_grant');
  });

  it('end when revoked (RFC 7009)', async () => {
    const { body } = await exchange(await authorize());

    const revoked = await fetch(`${setup.issuer}/oauth2/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: CLIENT_ID, token: body.refresh_token!, token_type_hint: 'refresh_token' }),
    });
    const afterwards = await refresh(body.refresh_token!);

    expect(revoked.status).toBe(200);
    expect(afterwards.body.error).toBe('invalid_grant');
  });
});

describe('signing in and consenting again', () => {
  it('asks a browser that already signed in only for consent', async () => {
    const browser = browserFor(REDIRECT_URI);
    await authorize({ browser });
    const url = new URL(`${setup.issuer}/oauth2/authorize`);
    url.search = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      code_challenge: createHash('sha256').update('w'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
      resource: setup.resource,
      scope: 'files:read',
    }).toString();

    const page = await browser.open(url.href);

    expect(page.html).toContain('Allow Desk?');
    expect(page.html).not.toContain('Sign in with Nextcloud');
  });

  it('sends access_denied with the state to the client when the user denies', async () => {
    const url = new URL(`${setup.issuer}/oauth2/authorize`);
    url.search = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
      resource: setup.resource,
      scope: 'files:read',
      state: 'denied-1',
    }).toString();

    const callback = await signInAndConsent(setup, url, REDIRECT_URI, { untick: ['files:read'] });

    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('denied-1');
    expect(callback.searchParams.get('code')).toBeNull();
  });
});

describe('/mcp', () => {
  it('accepts an access token of this server and serves tools/list with it', async () => {
    const { body } = await exchange(await authorize());

    const response = await postInitialize(setup.resource, { authorization: `Bearer ${body.access_token}` });

    expect(response.status).toBe(200);
  });

  it('refuses a token signed with our key but issued for another resource', async () => {
    const foreign = await signWithServerKey({ aud: 'https://other.example/mcp' });

    const response = await postInitialize(setup.resource, { authorization: `Bearer ${foreign}` });

    expect(response.status).toBe(401);
    expect(await response.text()).toContain('not issued for this server');
  });

  it('refuses a token signed with another key', async () => {
    const { privateKey } = await import('node:crypto').then((crypto) =>
      crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }),
    );
    const forged = await new SignJWT({ client_id: CLIENT_ID, scope: 'files:read' })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'forged' })
      .setIssuer(setup.issuer)
      .setAudience(setup.resource)
      .setSubject('alice')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);

    const response = await fetch(setup.resource, {
      method: 'POST',
      headers: { ...MCP_POST_HEADERS, authorization: `Bearer ${forged}` },
      body: '{}',
    });

    expect(response.status).toBe(401);
  });
});

/** A token signed with the server's own current key (read from its database), with `claims` over valid ones. */
async function signWithServerKey(claims: Record<string, unknown>): Promise<string> {
  const db = await openSqlDatabase({ sqlitePath: setup.sidecar.dbPath });
  try {
    const box = await createSecretBox(Buffer.from(TEST_KEY, 'base64'));
    const [jwk] = (await readSigningKeys(db, box)).privateJwks as [JWK];
    const key = await importJWK(jwk, 'RS256');
    return await new SignJWT({ client_id: CLIENT_ID, scope: 'files:read', ...claims })
      .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: jwk.kid })
      .setIssuer(setup.issuer)
      .setSubject('alice')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  } finally {
    await db.close();
  }
}
