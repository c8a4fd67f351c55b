// What the sidecar's authorization endpoint refuses before anyone signs in: redirect URIs that do not match, missing
// or plain PKCE, a missing or foreign `resource`; and what its pages send (never framed, forms from our origin only).
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../support/authorization-server-sidecar.js';

const REDIRECT_URI = 'http://127.0.0.1:5555/callback';
let setup: AuthorizationServerSetup;
let clientId: string;

beforeAll(async () => {
  setup = await startAuthorizationServerSidecar();
  const registered = await fetch(`${setup.issuer}/oauth2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none', client_name: 'Probe' }),
  });
  clientId = ((await registered.json()) as { client_id: string }).client_id;
});
afterAll(async () => {
  await setup.stop();
});

const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function authorize(overrides: Record<string, string | undefined> = {}): Promise<Response> {
  const params: Record<string, string | undefined> = {
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    code_challenge: challengeOf(randomBytes(32).toString('base64url')),
    code_challenge_method: 'S256',
    resource: setup.resource,
    scope: 'files:read',
    state: 'xyz',
    ...overrides,
  };
  const query = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return fetch(`${setup.issuer}/oauth2/authorize?${query}`, { redirect: 'manual' });
}

/** The query of a redirect to the client, or undefined when the answer is not one. */
function redirectQuery(response: Response, redirectUri = REDIRECT_URI): URLSearchParams | undefined {
  const location = response.headers.get('location');
  if (!location?.startsWith(redirectUri)) return undefined;
  return new URL(location).searchParams;
}

describe('the authorization endpoint', () => {
  it('answers an error page, and sends nobody anywhere, for a redirect URI the client did not register', async () => {
    const response = await authorize({ redirect_uri: 'http://127.0.0.1:5555/elsewhere' });

    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('refuses a redirect URI on another host, even an open-redirect-looking one', async () => {
    const response = await authorize({
      redirect_uri: 'https://evil.example/callback?next=http://127.0.0.1:5555/callback',
    });

    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('accepts the registered loopback redirect URI on another port (native clients)', async () => {
    const response = await authorize({ redirect_uri: 'http://127.0.0.1:6123/callback' });

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/\/oauth2\/interaction\//);
  });

  it('sends the client invalid_request with its state and our issuer when PKCE is missing', async () => {
    const response = await authorize({ code_challenge: undefined, code_challenge_method: undefined });

    const query = redirectQuery(response);
    expect(query?.get('error')).toBe('invalid_request');
    expect(query?.get('state')).toBe('xyz');
    expect(query?.get('iss')).toBe(setup.issuer);
  });

  it('refuses the plain PKCE method', async () => {
    const response = await authorize({ code_challenge_method: 'plain', code_challenge: 'a'.repeat(43) });

    expect(redirectQuery(response)?.get('error')).toBe('invalid_request');
  });

  it('refuses an authorization without resource, and one for another resource', async () => {
    const missing = await authorize({ resource: undefined });
    const foreign = await authorize({ resource: 'https://other.example/mcp' });

    expect(redirectQuery(missing)?.get('error')).toBe('invalid_target');
    expect(redirectQuery(foreign)?.get('error')).toBe('invalid_target');
  });
});

describe('the interaction pages', () => {
  it('may not be framed by any site, and are not cached', async () => {
    const started = await authorize();
    const cookies = cookieHeaderOf(started);

    const page = await fetch(new URL(started.headers.get('location')!, setup.issuer), { headers: { cookie: cookies } });

    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect(await page.text()).toContain('Sign in with Nextcloud');
  });

  it('refuses a form posted from another origin, and changes nothing', async () => {
    const started = await authorize();
    const cookies = cookieHeaderOf(started);
    const interaction = new URL(started.headers.get('location')!, setup.issuer).href;

    const posted = await fetch(`${interaction}/sign-in`, {
      method: 'POST',
      headers: { cookie: cookies, origin: 'https://evil.example' },
      redirect: 'manual',
    });
    const after = await fetch(interaction, { headers: { cookie: cookies } });

    expect(posted.status).toBe(403);
    expect(await after.text()).toContain('Sign in with Nextcloud');
  });

  it('shows an error page, not a sign-in, to a browser without the interaction cookie', async () => {
    const started = await authorize();

    const page = await fetch(new URL(started.headers.get('location')!, setup.issuer));

    expect(page.status).toBe(400);
    expect(await page.text()).not.toContain('Sign in with Nextcloud');
  });

  it('answers 429 past ten sign-ins started from one address in ten minutes', async () => {
    const startSignIn = async () => {
      const started = await authorize();
      const cookies = cookieHeaderOf(started);
      const interaction = new URL(started.headers.get('location')!, setup.issuer).href;
      return fetch(`${interaction}/sign-in`, {
        method: 'POST',
        headers: { cookie: cookies, origin: setup.issuer },
        redirect: 'manual',
      });
    };
    const allowed = [];
    for (let i = 0; i < 10; i += 1) allowed.push((await startSignIn()).status);

    const refused = await startSignIn();

    expect(allowed.every((status) => status === 303)).toBe(true);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
  });
});

/** The cookies a response sets, as a Cookie header for the next request. */
function cookieHeaderOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}
