// Tokens on /mcp must be meant for /mcp, whatever the provider's introspection lets through: JWT and opaque tokens
// issued for another resource are refused both against Nextcloud's introspection (which hides other clients' tokens)
// and against a lenient provider that introspects any token (the attack's provider, a test-only setting of the double,
// which is not Nextcloud's oidc app); opaque tokens MCP clients obtained for /mcp pass with both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { introspectionBindsResource } from '../../src/auth/introspection.js';
import { createOAuthContext, type OAuthServices } from '../../src/auth/oauth-context.js';
import { UnauthenticatedError } from '../../src/errors.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpClient } from '../../src/net/http-client.js';
import type { IntrospectionBehaviour } from '../../../test/platform/oidc-introspection.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { findFreePort } from '../../../test/platform/free-port.js';
import { connectClient } from '../support/mcp-client.js';
import {
  COMPANION_CLIENT,
  OPAQUE_CLIENT,
  SIDECAR_OPAQUE_CLIENT,
  startNextcloudWithOidc,
  tokensFor,
} from '../support/nextcloud-with-oidc.js';
import { APP_PASSWORD, basicAuth, startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

const PUBLIC_URL = 'https://mcp.example.com';
const OTHER_RESOURCE = 'https://other-app.example.com/api';
const http = createHttpClient({ verifySsl: true, timeoutMs: 10_000, userAgent: 'test' });
const doubles: PlatformDouble[] = [];
afterAll(async () => {
  await http.close();
  await Promise.all(doubles.map((double) => double.close()));
});

async function nextcloudIntrospecting(introspection: IntrospectionBehaviour): Promise<PlatformDouble> {
  const double = await startNextcloudWithOidc([{ id: 'alice', appPasswords: [APP_PASSWORD] }], { introspection });
  doubles.push(double);
  return double;
}

/** The sidecar's OAuth services with a dynamically registered client (resource URL `<public URL>/mcp`). */
async function servicesFor(double: PlatformDouble, staticClient?: typeof SIDECAR_OPAQUE_CLIENT) {
  const context = createOAuthContext({
    http,
    logger: createLogger('silent'),
    discoveryUrl: double.oidc!.discoveryUrl,
    nextcloudHost: double.url,
    publicUrl: PUBLIC_URL,
    staticClient,
  });
  await context.start();
  return context.ready();
}

describe.each<IntrospectionBehaviour>(['nextcloud', 'any-token'])(
  'MCP verifier, provider introspecting as %s',
  (mode) => {
    let double: PlatformDouble;
    let services: OAuthServices;
    beforeAll(async () => {
      double = await nextcloudIntrospecting(mode);
      services = await servicesFor(double);
    });

    it.each([
      ['a JWT', COMPANION_CLIENT],
      ['an opaque token', OPAQUE_CLIENT],
    ])('refuses %s issued to another client for another resource', async (_kind, client) => {
      const token = (await tokensFor(double, 'alice', client, OTHER_RESOURCE)).access_token;

      const refusal = await services.mcpVerifier.verify(token).catch((error: unknown) => error);

      expect(refusal).toBeInstanceOf(UnauthenticatedError);
    });

    it.each([
      ['a JWT', COMPANION_CLIENT],
      ['an opaque token', OPAQUE_CLIENT],
    ])('refuses %s another client obtained for itself', async (_kind, client) => {
      const token = (await tokensFor(double, 'alice', client)).access_token;

      await expect(services.mcpVerifier.verify(token)).rejects.toBeInstanceOf(UnauthenticatedError);
    });

    it('accepts a JWT issued for <public URL>/mcp', async () => {
      const token = (await tokensFor(double, 'alice', COMPANION_CLIENT, `${PUBLIC_URL}/mcp`)).access_token;

      await expect(services.mcpVerifier.verify(token)).resolves.toMatchObject({ subject: 'alice', format: 'jwt' });
    });

    it('accepts an opaque token another client (an MCP client) obtained for <public URL>/mcp', async () => {
      const token = (await tokensFor(double, 'alice', OPAQUE_CLIENT, `${PUBLIC_URL}/mcp`)).access_token;

      await expect(services.mcpVerifier.verify(token)).resolves.toMatchObject({ subject: 'alice', format: 'opaque' });
    });

    it("accepts an opaque token of the sidecar's own client", async () => {
      const own = await servicesFor(double, SIDECAR_OPAQUE_CLIENT);
      const token = (await tokensFor(double, 'alice', SIDECAR_OPAQUE_CLIENT)).access_token;

      await expect(own.mcpVerifier.verify(token)).resolves.toMatchObject({ subject: 'alice', format: 'opaque' });
    });
  },
);

describe('the lenient provider of the attack (test-only double setting)', () => {
  it("introspects another client's opaque token for the sidecar, so only the audience rule stops it", async () => {
    const double = await nextcloudIntrospecting('any-token');
    const services = await servicesFor(double);
    const token = (await tokensFor(double, 'alice', OPAQUE_CLIENT, OTHER_RESOURCE)).access_token;
    const registered = services.client();

    const answer = await http.request(services.metadata.introspectionEndpoint!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token,
        client_id: registered.clientId,
        client_secret: registered.clientSecret ?? '',
      }).toString(),
    });

    expect(answer.json()).toMatchObject({ active: true, sub: 'alice', client_id: OPAQUE_CLIENT.clientId });
  });

  it("answers 401 on /mcp for another app's opaque token, and runs no tool with the user's app password", async () => {
    const double = await nextcloudIntrospecting('any-token');
    const port = await findFreePort();
    const sidecar: TestSidecar = await startTestSidecar({
      NEXTCLOUD_HOST: double.url,
      TOKEN_ENCRYPTION_KEY: TEST_KEY,
      MCP_SERVER_PORT: String(port),
      NEXTCLOUD_MCP_SERVER_URL: `http://127.0.0.1:${port}`,
    });
    await fetch(`${sidecar.url}/api/v1/users/alice/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth('alice', APP_PASSWORD) },
    });
    const foreign = (await tokensFor(double, 'alice', OPAQUE_CLIENT, OTHER_RESOURCE)).access_token;

    const connecting = await connectClient(`${sidecar.url}/mcp`, {
      headers: { authorization: `Bearer ${foreign}` },
    }).then(
      async (connected) => {
        await connected.close();
        return 'connected';
      },
      (error: unknown) => String(error),
    );

    await sidecar.stop();
    expect(connecting).toMatch(/401|not issued for this server/);
  });
});

describe('which introspection binds the resource', () => {
  const nextcloud = ['https://cloud.example.com/nc', 'https://cloud.example.com'];

  it.each([
    ['https://cloud.example.com/index.php/apps/oidc/introspect', true],
    ['https://cloud.example.com/apps/oidc/introspect', true],
    ['https://cloud.example.com/nc/index.php/apps/oidc/introspect', true],
    ['https://evil.example.com/index.php/apps/oidc/introspect', false],
    ['https://cloud.example.com/realms/x/protocol/openid-connect/token/introspect', false],
    ['https://cloud.example.com/index.php/apps/oidc/introspect?x=1', false],
    ['not a url', false],
    [undefined, false],
  ])('%s → %s (Nextcloud’s oidc app only, on a Nextcloud origin)', (endpoint, expected) => {
    expect(introspectionBindsResource(endpoint, nextcloud)).toBe(expected);
  });
});
