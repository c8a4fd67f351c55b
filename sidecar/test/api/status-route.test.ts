// GET /api/v1/status in every auth mode, checked against the contract fixtures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, shapeDifferences } from '../../../test/contract/conformance.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { startTestSidecar, TEST_KEY } from '../support/sidecar.js';

let double: PlatformDouble;
beforeAll(async () => {
  double = await startPlatformDouble({ subPath: '/cloud' });
});
afterAll(() => double.close());

async function statusIn(env: Record<string, string>, headers: Record<string, string> = {}) {
  const sidecar = await startTestSidecar({ NEXTCLOUD_HOST: double.url, ...env });
  try {
    const response = await fetch(`${sidecar.url}/api/v1/status`, { headers });
    return { response, body: (await response.json()) as Record<string, unknown> };
  } finally {
    await sidecar.stop();
  }
}

const MODES: { name: string; env: Record<string, string>; mode: string; appPasswords: boolean; oidc: boolean }[] = [
  {
    name: 'basic',
    env: { NEXTCLOUD_USERNAME: 'alice', NEXTCLOUD_PASSWORD: 'x' },
    mode: 'basic',
    appPasswords: false,
    oidc: false,
  },
  {
    name: 'multi_user_basic',
    env: { ENABLE_MULTI_USER_BASIC_AUTH: 'true' },
    mode: 'multi_user_basic',
    appPasswords: false,
    oidc: false,
  },
  {
    name: 'hybrid',
    env: { ENABLE_MULTI_USER_BASIC_AUTH: 'true', ENABLE_BACKGROUND_OPERATIONS: 'true', TOKEN_ENCRYPTION_KEY: TEST_KEY },
    mode: 'multi_user_basic',
    appPasswords: true,
    oidc: true,
  },
  { name: 'oauth', env: { TOKEN_ENCRYPTION_KEY: TEST_KEY }, mode: 'oauth', appPasswords: true, oidc: true },
  { name: 'smithery', env: { MCP_DEPLOYMENT_MODE: 'smithery' }, mode: 'smithery', appPasswords: false, oidc: false },
];

describe('GET /api/v1/status', () => {
  for (const { name, env, mode, appPasswords, oidc } of MODES) {
    it(`describes ${name} mode`, async () => {
      const { response, body } = await statusIn(env);

      expect(response.status).toBe(200);
      expect(body.auth_mode).toBe(mode);
      expect(body.supports_app_passwords).toBe(appPasswords);
      const fixture = loadFixture(oidc ? 'sidecar-status-hybrid.json' : 'sidecar-status.json');
      expect(shapeDifferences(body, fixture)).toEqual([]);
      if (oidc) expect(body.discovery_url).toBe(`${double.url}/index.php/.well-known/openid-configuration`);
    });
  }

  it('names the public issuer when one is configured', async () => {
    const { body } = await statusIn({
      TOKEN_ENCRYPTION_KEY: TEST_KEY,
      NEXTCLOUD_PUBLIC_ISSUER_URL: 'https://cloud.example.com',
    });

    expect(body.issuer).toBe('https://cloud.example.com');
  });

  it('names no internal address when Nextcloud is reached through one: discovery under the public issuer', async () => {
    const { body } = await statusIn({
      TOKEN_ENCRYPTION_KEY: TEST_KEY,
      NEXTCLOUD_PUBLIC_ISSUER_URL: 'https://cloud.example.com',
    });

    expect(body.discovery_url).toBe('https://cloud.example.com/index.php/.well-known/openid-configuration');
    expect(JSON.stringify(body)).not.toContain(new URL(double.url).host);
    expect(shapeDifferences(body, loadFixture('sidecar-status-hybrid.json'))).toEqual([]);
  });

  it('gives the discovery URL the sidecar itself uses only to a caller with the management API key', async () => {
    const env = {
      TOKEN_ENCRYPTION_KEY: TEST_KEY,
      NEXTCLOUD_PUBLIC_ISSUER_URL: 'https://cloud.example.com',
      MANAGEMENT_API_KEY: 'status-key',
    };

    const [keyed, wrongKey] = [
      (await statusIn(env, { 'x-api-key': 'status-key' })).body,
      (await statusIn(env, { 'x-api-key': 'guess' })).body,
    ];

    expect(keyed.discovery_url).toBe(`${double.url}/index.php/.well-known/openid-configuration`);
    expect(wrongKey.discovery_url).toBe('https://cloud.example.com/index.php/.well-known/openid-configuration');
  });

  it("names Nextcloud as the authorization server, and no resource, while Nextcloud's oidc app is the provider", async () => {
    const { body } = await statusIn({ TOKEN_ENCRYPTION_KEY: TEST_KEY });

    expect(body.authorization_server).toBe('nextcloud');
    expect(body).not.toHaveProperty('resource');
  });

  it("names the sidecar's own server, its metadata and its resource when the sidecar is the authorization server", async () => {
    const env = {
      TOKEN_ENCRYPTION_KEY: TEST_KEY,
      MCP_DEPLOYMENT_MODE: 'oauth',
      MCP_AUTHORIZATION_SERVER: 'sidecar',
      NEXTCLOUD_MCP_SERVER_URL: 'https://mcp.example.com/',
      MANAGEMENT_API_KEY: 'status-key',
    };

    const [anyone, keyed] = [(await statusIn(env)).body, (await statusIn(env, { 'x-api-key': 'status-key' })).body];

    for (const body of [anyone, keyed]) {
      expect(body).toMatchObject({
        authorization_server: 'sidecar',
        issuer: 'https://mcp.example.com',
        discovery_url: 'https://mcp.example.com/.well-known/openid-configuration',
        resource: 'https://mcp.example.com/mcp',
      });
      expect(shapeDifferences(body, loadFixture('sidecar-status-own-server.json'))).toEqual([]);
    }
    expect(JSON.stringify(anyone)).not.toContain(new URL(double.url).host);
  });

  it('says only what the contract names while the knowledge index runs, nothing of its engine or embedder', async () => {
    const { body } = await statusIn({
      NEXTCLOUD_USERNAME: 'alice',
      NEXTCLOUD_PASSWORD: 'x',
      VECTOR_SYNC_ENABLED: 'true',
      VECTOR_SYNC_SCAN_INTERVAL: '3600',
    });

    expect(body.vector_sync_enabled).toBe(true);
    expect(shapeDifferences(body, loadFixture('sidecar-status.json'))).toEqual([]);
  });

  it('reports uptime in whole seconds from the injected clock', async () => {
    let now = 1_000_000;
    const sidecar = await startTestSidecar(
      { NEXTCLOUD_HOST: double.url, NEXTCLOUD_USERNAME: 'a', NEXTCLOUD_PASSWORD: 'b' },
      () => now,
    );
    now += 42_500;

    const body = (await (await fetch(`${sidecar.url}/api/v1/status`)).json()) as { uptime_seconds: number };

    await sidecar.stop();
    expect(body.uptime_seconds).toBe(42);
  });
});
