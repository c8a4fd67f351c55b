// What /mcp learns from a token of the sidecar's authorization server, through the one credential resolver: the user,
// the client, the scopes and the user's stored app password. A second sidecar on the same database (a replica)
// verifies the first one's tokens with the keys they share, asking nobody.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type SidecarContext } from '../../src/context/context.js';
import { createErrorHandler } from '../../src/http/error-handler.js';
import { createRequestContext } from '../../src/http/request-context.js';
import { createLogger } from '../../src/logging/logger.js';
import { parseSettings } from '../../src/settings/settings.js';
import {
  startAuthorizationServerSidecar,
  type AuthorizationServerSetup,
} from '../support/authorization-server-sidecar.js';
import { signInAndConsent } from '../support/sdk-oauth-client.js';
import { APP_PASSWORD, TEST_KEY } from '../support/sidecar.js';

const REDIRECT_URI = 'http://127.0.0.1:7777/callback';
let setup: AuthorizationServerSetup;
let replica: SidecarContext;
let replicaUrl: string;
let server: Server;

beforeAll(async () => {
  setup = await startAuthorizationServerSidecar({
    MCP_OAUTH_CLIENTS: JSON.stringify([{ client_id: 'desk', redirect_uris: [REDIRECT_URI] }]),
  });
  const logger = createLogger('silent');
  replica = await createContext(
    parseSettings({
      NEXTCLOUD_HOST: setup.double.url,
      MCP_DEPLOYMENT_MODE: 'oauth',
      MCP_AUTHORIZATION_SERVER: 'sidecar',
      NEXTCLOUD_MCP_SERVER_URL: setup.issuer,
      TOKEN_ENCRYPTION_KEY: TEST_KEY,
      TOKEN_STORAGE_DB: setup.sidecar.dbPath,
    }),
    { logger },
  );
  const app = express();
  app.use(createRequestContext(logger));
  app.get('/mcp-access', async (req, res) => void res.json(await replica.credentials.mcpAccess(req)));
  app.get('/management-caller', async (req, res) => void res.json(await replica.credentials.managementCaller(req)));
  app.use(createErrorHandler(logger));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  replicaUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await replica.close();
  await setup.stop();
});

async function accessToken(scope: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${setup.issuer}/oauth2/authorize`);
  url.search = new URLSearchParams({
    client_id: 'desk',
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: setup.resource,
    scope,
  }).toString();
  const callback = await signInAndConsent(setup, url, REDIRECT_URI);
  const response = await fetch(`${setup.issuer}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'desk',
      code: callback.searchParams.get('code')!,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      resource: setup.resource,
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function ask(path: string, token: string) {
  const response = await fetch(`${replicaUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the credential resolver with the sidecar as authorization server', () => {
  it("gives a replica's /mcp the user, client, scopes and the app password the sign-in stored", async () => {
    const token = await accessToken('files:read calendar:write');

    const { status, body } = await ask('/mcp-access', token);

    expect(status).toBe(200);
    expect(body).toMatchObject({
      principal: 'alice',
      clientId: 'desk',
      credentials: { loginName: 'alice', password: APP_PASSWORD },
    });
    expect([...(body.scopes as string[])].sort()).toEqual(['calendar:write', 'files:read']);
  });

  it('explains how to connect again when the stored app password is gone', async () => {
    const token = await accessToken('files:read');
    await replica.storage.appPasswords!.delete('alice');

    const { status, body } = await ask('/mcp-access', token);

    expect(status).toBe(200);
    expect(body).toMatchObject({ principal: 'alice', scopes: ['files:read'] });
    expect(body.credentials).toBeUndefined();
    expect(String(body.missingCredentialsMessage)).toContain('No app password');
  });

  it('does not take its tokens for the management API (404: no Nextcloud oidc app in this mode)', async () => {
    const token = await accessToken('files:read');

    const { status } = await ask('/management-caller', token);

    expect(status).toBe(404);
  });
});
