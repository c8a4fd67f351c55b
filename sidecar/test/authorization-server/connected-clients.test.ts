// The clients a user connected through the sidecar's authorization server, as the companion sees them: listed with the
// owner token of a trusted client (MANAGEMENT_API_TRUSTED_CLIENTS) for the user in the path only, and revoked so that
// the client's refresh token and access token stop working while the user's app password stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, shapeDifferences } from '../../../test/contract/conformance.js';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../support/authorization-server-sidecar.js';
import { tokenRequest, tokensOf } from '../support/authorization-server-tokens.js';
import { connectClient, postInitialize } from '../support/mcp-client.js';
import { createAnswerChecker, loadOpenApi, readAnswer } from '../support/openapi.js';
import {
  browserFor,
  newSdkClient,
  signInAndConsent,
  TestOAuthProvider,
  transportFor,
} from '../support/sdk-oauth-client.js';
import { APP_PASSWORD } from '../support/sidecar.js';

const REDIRECT_URI = 'http://127.0.0.1:7777/callback';
const BOB_PASSWORD = 'BoBbB-12345-fGhIj-67890-KlMnO';
const checker = createAnswerChecker(loadOpenApi());
let setup: AuthorizationServerSetup;
const alicesBrowser = browserFor(REDIRECT_URI);
const bobsBrowser = browserFor(REDIRECT_URI);
/** Owner tokens: the companion's tokens for each user. */
const owner: Record<string, string> = {};

beforeAll(async () => {
  setup = await startAuthorizationServerSidecar(
    {
      MCP_OAUTH_CLIENTS: JSON.stringify([
        { client_id: 'desk', redirect_uris: [REDIRECT_URI], client_name: 'Desk' },
        { client_id: 'companion', redirect_uris: [REDIRECT_URI], client_name: 'Companion' },
      ]),
      MANAGEMENT_API_TRUSTED_CLIENTS: 'companion',
    },
    [
      { id: 'alice', appPasswords: [APP_PASSWORD] },
      { id: 'bob', appPasswords: [BOB_PASSWORD] },
    ],
  );
  const companion = { clientId: 'companion', redirectUri: REDIRECT_URI };
  owner.alice = (await tokensOf(setup, { ...companion, browser: alicesBrowser })).access_token;
  const asBob = { browser: bobsBrowser, grantAs: { loginName: 'bob', appPassword: BOB_PASSWORD } };
  owner.bob = (await tokensOf(setup, { ...companion, ...asBob })).access_token;
});
afterAll(async () => {
  await setup.stop();
});

const LIST = '/api/v1/users/:userId/oauth-clients';

async function listAs(userId: string, token: string) {
  const response = await fetch(`${setup.issuer}/api/v1/users/${userId}/oauth-clients`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { clients?: Array<Record<string, unknown>>; error?: string };
  return { status: response.status, body };
}

/** Revokes a client; the answer is checked against sidecar/openapi.json. */
async function revokeAs(userId: string, clientId: string, token: string) {
  const path = `/api/v1/users/${userId}/oauth-clients/${encodeURIComponent(clientId)}`;
  const response = await fetch(`${setup.issuer}${path}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = await readAnswer(response);
  expect(checker.problems('DELETE', `${LIST}/:clientId`, answer)).toEqual([]);
  return answer;
}

const mcpStatus = async (accessToken: string) =>
  (await postInitialize(setup.resource, { authorization: `Bearer ${accessToken}` })).status;

describe('the connected clients of a user', () => {
  it('list a client the official SDK client connected, with its name, scopes, first grant and last use', async () => {
    const provider = new TestOAuthProvider(REDIRECT_URI);
    await newSdkClient()
      .connect(transportFor(setup, provider))
      .catch(() => undefined);
    const callback = await signInAndConsent(setup, provider.authorizationUrl!, REDIRECT_URI, {
      browser: alicesBrowser,
    });
    await transportFor(setup, provider).finishAuth(callback.searchParams);
    const client = newSdkClient();
    await client.connect(transportFor(setup, provider));
    await client.callTool({ name: 'nc_core_whoami', arguments: {} });
    await client.close();

    const { status, body } = await listAs('alice', owner.alice!);

    expect(shapeDifferences(body, loadFixture('sidecar-oauth-clients.json'))).toEqual([]);
    const sdkClient = body.clients?.find((entry) => entry.clientId === provider.clientInformation()?.client_id);
    expect(status).toBe(200);
    expect(checker.problems('GET', LIST, { status, contentType: 'application/json', body })).toEqual([]);
    expect(sdkClient).toMatchObject({ name: 'SDK Test Client' });
    expect(sdkClient!.scopes).toContain('core:read');
    expect(Date.parse(String(sdkClient!.lastUsed))).toBeGreaterThanOrEqual(Date.parse(String(sdkClient!.since)));
    expect(body.clients?.map((entry) => entry.clientId)).toContain('companion');
  });

  it('are not shown for another user: an owner token of bob gets 403 for alice', async () => {
    const { status, body } = await listAs('alice', owner.bob!);

    expect(status).toBe(403);
    expect(body.error).toBe('forbidden');
  });

  it('are not shown to a connected client the management API does not trust (401)', async () => {
    const desk = await tokensOf(setup, { clientId: 'desk', redirectUri: REDIRECT_URI, browser: alicesBrowser });

    const { status } = await listAs('alice', desk.access_token);

    expect(status).toBe(401);
  });

  it('lose a revoked client: its refresh token and access token fail, the app password keeps working', async () => {
    const desk = await tokensOf(setup, { clientId: 'desk', redirectUri: REDIRECT_URI, browser: alicesBrowser });
    const before = await mcpStatus(desk.access_token);

    const revoked = await revokeAs('alice', 'desk', owner.alice!);

    const refreshed = await tokenRequest(setup, {
      client_id: 'desk',
      grant_type: 'refresh_token',
      refresh_token: desk.refresh_token,
    });
    const listed = await listAs('alice', owner.alice!);
    const companion = await connectClient(setup.resource, { headers: { authorization: `Bearer ${owner.alice}` } });
    const whoami = await companion.client.callTool({ name: 'nc_core_whoami', arguments: {} });
    await companion.close();
    expect(before).toBe(200);
    expect(revoked.status).toBe(204);
    expect(refreshed).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await mcpStatus(desk.access_token)).toBe(401);
    expect(listed.body.clients?.map((entry) => entry.clientId)).not.toContain('desk');
    expect(whoami.isError).toBeFalsy();
  });

  it('answer 404 with not_found for a client the user never connected', async () => {
    const { status, body } = await revokeAs('alice', 'https://unknown.example/client.json', owner.alice!);

    expect(status).toBe(404);
    expect(body).toMatchObject({ error: 'not_found' });
  });
});
