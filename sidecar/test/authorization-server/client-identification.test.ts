// How clients identify themselves to the sidecar's authorization server: Client ID Metadata Documents (fetched with the
// address rules, 5 KB and 5 s at most, cached), dynamic registration (rate limited per address, switchable).
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../support/authorization-server-sidecar.js';
import { startHttpsServer } from '../support/oauth-browser.js';
import { createTestCertificates } from '../support/test-ca.js';

const REDIRECT_URI = 'http://127.0.0.1:5555/callback';
const certificates = createTestCertificates();
let documents: Awaited<ReturnType<typeof startHttpsServer>>;
/** Requests the document server received, by path. */
const fetched: string[] = [];
let strict: AuthorizationServerSetup;
let allowing: AuthorizationServerSetup;
let closed: AuthorizationServerSetup;

function serveDocument(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  fetched.push(path);
  const clientId = `${documents.url}${path}`;
  const document = { client_id: clientId, client_name: 'Doc Client', redirect_uris: [REDIRECT_URI] };
  const send = (body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  if (path === '/cached.json') return send(document, { 'cache-control': 'max-age=300' });
  if (path === '/mismatch.json') return send({ ...document, client_id: `${documents.url}/other.json` });
  if (path === '/no-redirects.json') return send({ client_id: clientId, client_name: 'No Redirects' });
  if (path === '/oversize.json') return send({ ...document, padding: 'x'.repeat(6 * 1024) });
  if (path === '/slow.json') return void setTimeout(() => send(document), 6500);
  send(document);
}

beforeAll(async () => {
  documents = await startHttpsServer(certificates, serveDocument);
  const ca = { NEXTCLOUD_CA_BUNDLE: certificates.caPath };
  [strict, allowing, closed] = await Promise.all([
    startAuthorizationServerSidecar(ca),
    startAuthorizationServerSidecar({
      ...ca,
      MCP_OAUTH_CIMD_ALLOWED_HOSTS: '127.0.0.1',
      MCP_OAUTH_REGISTRATIONS_PER_HOUR: '2',
    }),
    startAuthorizationServerSidecar({ MCP_OAUTH_DYNAMIC_REGISTRATION: 'false' }),
  ]);
});
afterAll(async () => {
  await Promise.all([strict.stop(), allowing.stop(), closed.stop(), documents.close()]);
});

function authorize(setup: AuthorizationServerSetup, clientId: string): Promise<Response> {
  const query = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
    resource: setup.resource,
    state: 's',
  });
  return fetch(`${setup.issuer}/oauth2/authorize?${query}`, { redirect: 'manual' });
}

const register = (setup: AuthorizationServerSetup) =>
  fetch(`${setup.issuer}/oauth2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: 'none' }),
  });

describe('Client ID Metadata Documents', () => {
  it('are not fetched from a loopback address unless a setting allows it', async () => {
    fetched.length = 0;

    const response = await authorize(strict, `${documents.url}/client.json`);

    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(fetched).toEqual([]);
  });

  it('identify a client when the address is allowed, and are fetched once while their cache lasts', async () => {
    fetched.length = 0;

    const first = await authorize(allowing, `${documents.url}/cached.json`);
    const second = await authorize(allowing, `${documents.url}/cached.json`);

    expect(first.status).toBe(303);
    expect(second.status).toBe(303);
    expect(first.headers.get('location')).toMatch(/\/oauth2\/interaction\//);
    expect(fetched).toEqual(['/cached.json']);
  });

  it('are refused when their client_id is not their own URL', async () => {
    const response = await authorize(allowing, `${documents.url}/mismatch.json`);

    expect(response.status).toBe(400);
  });

  it('are refused without redirect URIs', async () => {
    const response = await authorize(allowing, `${documents.url}/no-redirects.json`);

    expect(response.status).toBe(400);
  });

  it('are refused past 5 KB', async () => {
    const response = await authorize(allowing, `${documents.url}/oversize.json`);

    expect(response.status).toBe(400);
  });

  it('are refused when they take longer than 5 s', { timeout: 15_000 }, async () => {
    const started = Date.now();

    const response = await authorize(allowing, `${documents.url}/slow.json`);

    expect(response.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(6500);
  });
});

describe('dynamic client registration', () => {
  it('registers public clients, and answers 429 past the hourly limit of one address', async () => {
    const first = await register(allowing);
    const second = await register(allowing);
    const third = await register(allowing);

    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ token_endpoint_auth_method: 'none', redirect_uris: [REDIRECT_URI] });
    expect(second.status).toBe(201);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).not.toBeNull();
  });

  it('is off when MCP_OAUTH_DYNAMIC_REGISTRATION is false, and the metadata says so', async () => {
    const response = await register(closed);
    const metadata = (await (await fetch(`${closed.issuer}/.well-known/oauth-authorization-server`)).json()) as object;

    expect(response.status).toBe(404);
    expect(metadata).not.toHaveProperty('registration_endpoint');
  });
});
