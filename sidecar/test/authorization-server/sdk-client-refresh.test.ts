// The official MCP SDK client's whole life with the sidecar's authorization server, on SQLite and on PostgreSQL: it
// signs in through Login Flow v2 at the platform double, calls a tool, keeps working across an expired access token
// by refreshing on its own (the old refresh token is then refused: rotation), and loses access when the user revokes
// the client in the companion (through the management API). Access tokens live 1 s here, so the test waits for one
// to expire (the verifier allows 5 s of clock skew).
import { UnauthorizedError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../support/authorization-server-sidecar.js';
import { tokenRequest, tokensOf } from '../support/authorization-server-tokens.js';
import { MCP_POST_HEADERS } from '../support/mcp-client.js';
import {
  browserFor,
  newSdkClient,
  signInAndConsent,
  TestOAuthProvider,
  transportFor,
} from '../support/sdk-oauth-client.js';
import { describeOnEngines } from '../support/sql-engines.js';

const REDIRECT_URI = 'http://127.0.0.1:7777/callback';

describeOnEngines('the MCP SDK client over a whole connection', (engine) => {
  let setup: AuthorizationServerSetup;
  beforeAll(async () => {
    const { databaseUrl } = await engine.fresh();
    setup = await startAuthorizationServerSidecar({
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      MCP_OAUTH_ACCESS_TOKEN_LIFETIME: '1',
      MCP_OAUTH_CLIENTS: JSON.stringify([{ client_id: 'companion', redirect_uris: [REDIRECT_URI] }]),
      MANAGEMENT_API_TRUSTED_CLIENTS: 'companion',
    });
  });
  afterAll(async () => {
    await setup?.stop();
  });

  it('signs in and calls tools across an expired access token by refreshing; the old refresh token is refused', async () => {
    const browser = browserFor(REDIRECT_URI);
    const provider = new TestOAuthProvider(REDIRECT_URI);
    await expect(newSdkClient().connect(transportFor(setup, provider))).rejects.toBeInstanceOf(UnauthorizedError);
    const callback = await signInAndConsent(setup, provider.authorizationUrl!, REDIRECT_URI, { browser });
    await transportFor(setup, provider).finishAuth(callback.searchParams);
    const client = newSdkClient();
    await client.connect(transportFor(setup, provider));
    const first = await client.callTool({ name: 'nc_core_whoami', arguments: {} });
    const issued = provider.tokens()!;
    await untilRefused(setup, issued.access_token);

    const afterExpiry = await client.callTool({ name: 'nc_core_whoami', arguments: {} });
    const refreshed = provider.tokens()!;
    const reuse = await tokenRequest(setup, {
      client_id: provider.clientInformation()!.client_id,
      grant_type: 'refresh_token',
      refresh_token: issued.refresh_token!,
    });

    expect(first.isError).toBeFalsy();
    expect(afterExpiry.isError).toBeFalsy();
    expect(JSON.stringify(afterExpiry.structuredContent)).toContain('alice');
    expect(refreshed.access_token).not.toBe(issued.access_token);
    expect(refreshed.refresh_token).not.toBe(issued.refresh_token);
    expect(reuse).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    await client.close().catch(() => undefined);
  });

  it("loses access once the user revokes the client, while the user's other client stays connected", async () => {
    const browser = browserFor(REDIRECT_URI);
    const provider = new TestOAuthProvider(REDIRECT_URI);
    await newSdkClient()
      .connect(transportFor(setup, provider))
      .catch(() => undefined);
    const callback = await signInAndConsent(setup, provider.authorizationUrl!, REDIRECT_URI, { browser });
    await transportFor(setup, provider).finishAuth(callback.searchParams);
    const companion = await tokensOf(setup, { clientId: 'companion', redirectUri: REDIRECT_URI, browser });
    const clientId = provider.clientInformation()!.client_id;

    const revoked = await fetch(`${setup.issuer}/api/v1/users/alice/oauth-clients/${encodeURIComponent(clientId)}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${companion.access_token}` },
    });

    const refresh = await tokenRequest(setup, {
      client_id: clientId,
      grant_type: 'refresh_token',
      refresh_token: provider.tokens()!.refresh_token!,
    });
    expect(revoked.status).toBe(204);
    expect(await mcpStatus(setup, provider.tokens()!.access_token)).toBe(401);
    expect(refresh).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    // The SDK client tries its refresh token, which the revocation removed: it cannot connect without signing in again.
    await expect(newSdkClient().connect(transportFor(setup, provider))).rejects.toThrow(/invalid|unauthorized/i);
    const stillListed = await fetch(`${setup.issuer}/api/v1/users/alice/oauth-clients`, {
      headers: { authorization: `Bearer ${companion.access_token}` },
    });
    const listed = (await stillListed.json()) as { clients: { clientId: string }[] };
    expect(listed.clients.map((entry) => entry.clientId)).toEqual(['companion']);
  });
});

/**
 * What /mcp answers a ping outside any session with the token: 401 when it refuses the token, else 400 (initialize
 * first). No session is made: each would count against the user's sessions and could evict the SDK client's.
 */
async function mcpStatus(setup: AuthorizationServerSetup, accessToken: string): Promise<number> {
  const response = await fetch(setup.resource, {
    method: 'POST',
    headers: { ...MCP_POST_HEADERS, authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  return response.status;
}

/** Waits (at most 15 s) until /mcp refuses the access token: it expired. */
async function untilRefused(setup: AuthorizationServerSetup, accessToken: string): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    if ((await mcpStatus(setup, accessToken)) === 401) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The access token did not expire.');
}
