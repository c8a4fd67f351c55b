// The MCP callers' verifier against real tokens: the audience must be our /mcp URL and the issuer the expected one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthContext, type OAuthServices } from '../../src/auth/oauth-context.js';
import { UnauthenticatedError } from '../../src/errors.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpClient } from '../../src/net/http-client.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { COMPANION_CLIENT, SIDECAR_CLIENT, startNextcloudWithOidc, tokensFor } from '../support/nextcloud-with-oidc.js';

const PUBLIC_URL = 'https://mcp.example.com';
const http = createHttpClient({ verifySsl: true, timeoutMs: 10_000, userAgent: 'test' });
let nextcloud: PlatformDouble;

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice' }]);
});
afterAll(async () => {
  await http.close();
  await nextcloud.close();
});

async function servicesWith(publicIssuer?: string): Promise<OAuthServices> {
  const context = createOAuthContext({
    http,
    logger: createLogger('silent'),
    discoveryUrl: nextcloud.oidc!.discoveryUrl,
    nextcloudHost: nextcloud.url,
    publicUrl: PUBLIC_URL,
    publicIssuer,
    staticClient: { clientId: SIDECAR_CLIENT.clientId, clientSecret: SIDECAR_CLIENT.clientSecret },
    trustedClients: [COMPANION_CLIENT.clientId],
  });
  await context.start();
  return context.ready();
}

describe('MCP verifier with tokens from the oidc app', () => {
  it('accepts a token whose audience is our /mcp resource', async () => {
    const services = await servicesWith();
    const token = (await tokensFor(nextcloud, 'alice', undefined, `${PUBLIC_URL}/mcp`)).access_token;

    await expect(services.mcpVerifier.verify(token)).resolves.toMatchObject({ subject: 'alice' });
  });

  it('refuses a token issued for another audience, which the management verifier accepts', async () => {
    const services = await servicesWith();
    const token = (await tokensFor(nextcloud, 'alice')).access_token;

    const refusal = await services.mcpVerifier.verify(token).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(UnauthenticatedError);
    expect((refusal as UnauthenticatedError).challenge).toBe(
      `Bearer resource_metadata="${PUBLIC_URL}/.well-known/oauth-protected-resource/mcp"`,
    );
    await expect(services.managementVerifier.verify(token)).resolves.toMatchObject({ subject: 'alice' });
  });

  it('refuses a token whose issuer differs from NEXTCLOUD_PUBLIC_ISSUER_URL', async () => {
    const services = await servicesWith('https://cloud.example.com');
    const token = (await tokensFor(nextcloud, 'alice', undefined, `${PUBLIC_URL}/mcp`)).access_token;

    await expect(services.mcpVerifier.verify(token)).rejects.toThrow(/not issued for this server|not valid/);
  });
});
