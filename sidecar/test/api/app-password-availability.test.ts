// Where provisioning is unavailable the app-password routes answer 404; MANAGEMENT_API_KEY gates them when set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { APP_PASSWORD, basicAuth, startTestSidecar, TEST_KEY } from '../support/sidecar.js';

let double: PlatformDouble;
beforeAll(async () => {
  double = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }] });
});
afterAll(() => double.close());

async function post(env: Record<string, string>, headers: Record<string, string> = {}) {
  const sidecar = await startTestSidecar({ NEXTCLOUD_HOST: double.url, ...env });
  try {
    const response = await fetch(`${sidecar.url}/api/v1/users/alice/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth('alice', APP_PASSWORD), ...headers },
    });
    return { status: response.status, body: (await response.json()) as { error: string; message: string } };
  } finally {
    await sidecar.stop();
  }
}

describe('app-password routes by mode', () => {
  it.each([
    ['basic', { NEXTCLOUD_USERNAME: 'alice', NEXTCLOUD_PASSWORD: 'secret' }],
    ['smithery', { MCP_DEPLOYMENT_MODE: 'smithery' }],
    ['multi_user_basic without offline access', { ENABLE_MULTI_USER_BASIC_AUTH: 'true' }],
  ])('answer 404 with a message in %s', async (_name, env) => {
    const { status, body } = await post(env);

    expect(status).toBe(404);
    expect(body.error).toBe('not_found');
    expect(body.message).toMatch(/not available in this mode/);
  });

  it('work in oauth mode', async () => {
    const { status } = await post({ TOKEN_ENCRYPTION_KEY: TEST_KEY });

    expect(status).toBe(200);
  });

  it('work in hybrid mode through the deprecated ENABLE_OFFLINE_ACCESS', async () => {
    const { status } = await post({
      ENABLE_MULTI_USER_BASIC_AUTH: 'true',
      ENABLE_OFFLINE_ACCESS: 'true',
      TOKEN_ENCRYPTION_KEY: TEST_KEY,
    });

    expect(status).toBe(200);
  });
});

describe('MANAGEMENT_API_KEY', () => {
  const env = { TOKEN_ENCRYPTION_KEY: TEST_KEY, MANAGEMENT_API_KEY: 'k3y-of-the-companion' };

  it('refuses a request without X-API-Key', async () => {
    const { status } = await post(env);

    expect(status).toBe(401);
  });

  it('refuses a wrong X-API-Key', async () => {
    const { status } = await post(env, { 'x-api-key': 'k3y-of-the-companioN' });

    expect(status).toBe(401);
  });

  it('accepts the configured X-API-Key', async () => {
    const { status } = await post(env, { 'x-api-key': 'k3y-of-the-companion' });

    expect(status).toBe(200);
  });
});
