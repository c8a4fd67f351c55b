// The official MCP SDK client connects to /mcp through the sidecar's authorization server, end to end: discovery,
// registration (dynamic, a Client ID Metadata Document, or pre-registered), sign-in through Login Flow v2 at the
// platform double, consent, the code exchange, then tools/list and a tool call with the token — with no app password
// provisioned beforehand: the sign-in stores the one Nextcloud granted.
import { UnauthorizedError } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../support/authorization-server-sidecar.js';
import { startHttpsServer } from '../support/oauth-browser.js';
import { newSdkClient, signInAndConsent, TestOAuthProvider, transportFor } from '../support/sdk-oauth-client.js';
import { createTestCertificates } from '../support/test-ca.js';

const REDIRECT_URI = 'http://127.0.0.1:7777/callback';
const PRE_REGISTERED = { client_id: 'preregistered-desktop', redirect_uris: [REDIRECT_URI], client_name: 'Desk' };
const certificates = createTestCertificates();
let documents: Awaited<ReturnType<typeof startHttpsServer>>;
let setup: AuthorizationServerSetup;

beforeAll(async () => {
  documents = await startHttpsServer(certificates, (req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        client_id: `${documents.url}${req.url}`,
        client_name: 'Metadata Document Client',
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    );
  });
  setup = await startAuthorizationServerSidecar({
    NEXTCLOUD_CA_BUNDLE: certificates.caPath,
    MCP_OAUTH_CIMD_ALLOWED_HOSTS: '127.0.0.1',
    MCP_OAUTH_CLIENTS: JSON.stringify([PRE_REGISTERED]),
  });
});
afterAll(async () => {
  await setup.stop();
  await documents.close();
});

async function connectThroughOAuth(provider: TestOAuthProvider) {
  const first = newSdkClient();
  await expect(first.connect(transportFor(setup, provider))).rejects.toBeInstanceOf(UnauthorizedError);
  const callback = await signInAndConsent(setup, provider.authorizationUrl!, REDIRECT_URI);
  const transport = transportFor(setup, provider);
  await transport.finishAuth(callback.searchParams);
  const client = newSdkClient();
  await client.connect(transportFor(setup, provider));
  return { client, callback };
}

describe('the MCP SDK client with OAuth', () => {
  it('registers dynamically, signs in, gets a token and calls a tool', async () => {
    const provider = new TestOAuthProvider(REDIRECT_URI);

    const { client, callback } = await connectThroughOAuth(provider);
    const tools = await client.listTools();
    const whoami = await client.callTool({ name: 'nc_core_whoami', arguments: {} });
    await client.close();

    expect(callback.searchParams.get('iss')).toBe(setup.issuer);
    expect(tools.tools.map((tool) => tool.name)).toContain('nc_core_whoami');
    expect(whoami.isError).toBeFalsy();
    expect(JSON.stringify(whoami.structuredContent)).toContain('alice');
  });

  it('identifies itself with a Client ID Metadata Document and is named by it on the consent page', async () => {
    const provider = new TestOAuthProvider(REDIRECT_URI, { clientMetadataUrl: `${documents.url}/mcp-client.json` });

    const { client } = await connectThroughOAuth(provider);
    const tools = await client.listTools();
    await client.close();

    expect(provider.clientInformation()?.client_id).toBe(`${documents.url}/mcp-client.json`);
    expect(tools.tools.length).toBeGreaterThan(0);
  });

  it('uses a pre-registered client', async () => {
    const provider = new TestOAuthProvider(REDIRECT_URI, {
      clientInformation: { client_id: PRE_REGISTERED.client_id },
    });

    const { client } = await connectThroughOAuth(provider);
    const whoami = await client.callTool({ name: 'nc_core_whoami', arguments: {} });
    await client.close();

    expect(whoami.isError).toBeFalsy();
  });
});
