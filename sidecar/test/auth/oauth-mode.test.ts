// oauth mode: Protected Resource Metadata, the MCP verifier (issuer and /mcp audience), and sessions without
// background operations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { loadFixture, shapeDifferences } from '../../../test/contract/conformance.js';
import { startNextcloudWithOidc, tokensFor, TRUSTING_THE_COMPANION } from '../support/nextcloud-with-oidc.js';
import { startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

const PUBLIC_URL = 'https://mcp.example.com';
let nextcloud: PlatformDouble;
let sidecar: TestSidecar;

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice' }]);
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    NEXTCLOUD_MCP_SERVER_URL: PUBLIC_URL,
    ...TRUSTING_THE_COMPANION,
  });
});
afterAll(async () => {
  await sidecar.stop();
  await nextcloud.close();
});

describe('Protected Resource Metadata', () => {
  it.each(['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp'])(
    'is served at %s',
    async (path) => {
      const body = await (await fetch(`${sidecar.url}${path}`)).json();

      expect(body).toMatchObject({
        resource: `${PUBLIC_URL}/mcp`,
        authorization_servers: [nextcloud.url],
        bearer_methods_supported: ['header'],
      });
    },
  );
});

describe('session in oauth mode without background operations', () => {
  it('says offline access is disabled, matching the contract', async () => {
    const token = (await tokensFor(nextcloud, 'alice')).access_token;

    const body = await (
      await fetch(`${sidecar.url}/api/v1/users/alice/session`, { headers: { authorization: `Bearer ${token}` } })
    ).json();

    expect(body).toMatchObject({ offline_access_enabled: false, background_access: { granted: false } });
    expect(shapeDifferences(body, loadFixture('sidecar-session-disabled.json'))).toEqual([]);
  });
});

describe('status in oauth mode', () => {
  it('names the discovery URL and the issuer', async () => {
    const body = (await (await fetch(`${sidecar.url}/api/v1/status`)).json()) as Record<string, string>;

    expect(body.discovery_url).toBe(nextcloud.oidc!.discoveryUrl);
    expect(body.issuer).toBe(nextcloud.url);
  });
});
