// The companion's MCP server sign-in against the sidecar as the authorization server (MCP_AUTHORIZATION_SERVER=sidecar):
// the companion's real controllers and sign-in services (PHP harness) find the sidecar's own server through its
// status, send the user there with the resource, the user signs in through Login Flow v2 at the platform double and
// consents, and the owner token the companion stores lists the user's connected clients, its own grant among them.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../../sidecar/test/support/authorization-server-sidecar.js';
import { signInAndConsent } from '../../sidecar/test/support/sdk-oauth-client.js';
import { findFreePort, startPhpHarness, type PhpHarness } from './support/php-harness.js';

const COMPANION = { id: 'mcp-companion', secret: 'companion-secret-of-at-least-32-characters', name: 'MCP companion' };
const OWNER_TOKEN_SCRIPT = fileURLToPath(new URL('./harness/owner-token.php', import.meta.url));
let setup: AuthorizationServerSetup;
let harness: PhpHarness;
let callbackUri: string;

beforeAll(async () => {
  const port = await findFreePort();
  callbackUri = `http://127.0.0.1:${port}/index.php/apps/mcp_companion/oauth/callback`;
  setup = await startAuthorizationServerSidecar({
    MCP_OAUTH_CLIENTS: JSON.stringify([
      {
        client_id: COMPANION.id,
        client_secret: COMPANION.secret,
        client_name: COMPANION.name,
        redirect_uris: [callbackUri],
      },
    ]),
    MANAGEMENT_API_TRUSTED_CLIENTS: COMPANION.id,
  });
  harness = await startPhpHarness({
    sidecarUrl: setup.issuer,
    nextcloudUrl: setup.double.url,
    user: 'alice',
    oauthClientId: COMPANION.id,
    oauthClientSecret: COMPANION.secret,
    port,
  });
});

afterAll(async () => {
  await harness?.stop();
  await setup?.stop();
});

/** The companion's owner token for alice, through its OAuthTokenService (PHP), with its clock `secondsAhead`. */
async function ownerToken(secondsAhead = 0): Promise<string> {
  const args = [OWNER_TOKEN_SCRIPT, harness.stateDir, 'alice', String(secondsAhead)];
  const { stdout } = await promisify(execFile)('php', args);
  return stdout;
}

async function listConnectedClients(token: string) {
  const listed = await fetch(`${setup.issuer}/api/v1/users/alice/oauth-clients`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(listed.status).toBe(200);
  return (await listed.json()) as {
    authorizationServer: string;
    clients: { clientId: string; name: string; scopes: string[] }[];
  };
}

describe("the companion's sign-in at the sidecar's own authorization server", () => {
  it('sends the user there with the resource, and its owner token lists the connected clients', async () => {
    const login = await fetch(`${harness.url}/index.php/apps/mcp_companion/oauth/login`, { redirect: 'manual' });
    const harnessCookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const authorizationUrl = new URL(login.headers.get('location') ?? '');
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${setup.issuer}/oauth2/authorize`);
    expect(authorizationUrl.searchParams.get('resource')).toBe(setup.resource);

    const answer = await signInAndConsent(setup, authorizationUrl, callbackUri);
    const callback = await fetch(answer, { headers: { cookie: harnessCookie }, redirect: 'manual' });

    expect(callback.headers.get('location')).toContain('mcp_oauth=connected');
    const token = await ownerToken();
    const body = await listConnectedClients(token);
    expect(body.authorizationServer).toBe('sidecar');
    expect(body.clients.map(({ clientId, name }) => ({ clientId, name }))).toEqual([
      { clientId: COMPANION.id, name: COMPANION.name },
    ]);
    // The companion asks for none of the sidecar's scopes, so the consent page offered all of them (all ticked): its
    // token carries what the list shows.
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { scope?: string };
    expect(claims.scope?.split(' ').sort()).toEqual([...body.clients[0]!.scopes].sort());
    expect(body.clients[0]!.scopes).toContain('files:read');
  });

  it('renews the owner token with its refresh token, and the renewed token still lists the clients', async () => {
    const before = await ownerToken();

    // Ten minutes ahead the stored access token (MCP_OAUTH_ACCESS_TOKEN_LIFETIME, 600 s) is due for renewal.
    const renewed = await ownerToken(600);

    expect(renewed).not.toBe(before);
    expect((await listConnectedClients(renewed)).clients.map(({ clientId }) => clientId)).toEqual([COMPANION.id]);
  });
});
