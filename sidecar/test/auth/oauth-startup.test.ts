// Start-up of the OAuth context: stored and static clients, a provider that is down at first, renewal before
// expiry, and registering again when the provider refuses the client (expired, or deleted after that).
import { createServer, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOAuthContext } from '../../src/auth/oauth-context.js';
import { InvalidGrantError } from '../../src/errors.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpClient } from '../../src/net/http-client.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import {
  COMPANION_CLIENT,
  OPAQUE_CLIENT,
  SIDECAR_CLIENT,
  startNextcloudWithOidc,
  tokensFor,
} from '../support/nextcloud-with-oidc.js';
import { startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';
import { makeTempDir } from '../support/temp-dir.js';

const HYBRID = {
  ENABLE_MULTI_USER_BASIC_AUTH: 'true',
  ENABLE_BACKGROUND_OPERATIONS: 'true',
  TOKEN_ENCRYPTION_KEY: TEST_KEY,
  // The companion's clients, whose tokens these tests present.
  MANAGEMENT_API_TRUSTED_CLIENTS: `${COMPANION_CLIENT.clientId},${OPAQUE_CLIENT.clientId}`,
};
const PUBLIC_URL = 'http://127.0.0.1:9';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function nextcloudWith(options: Parameters<typeof startNextcloudWithOidc>[1] = {}): Promise<PlatformDouble> {
  const double = await startNextcloudWithOidc([{ id: 'alice' }], options);
  cleanups.push(() => double.close());
  return double;
}

async function sidecarFor(
  double: PlatformDouble,
  env: Record<string, string> = {},
  dir?: string,
): Promise<TestSidecar> {
  const sidecar = await startTestSidecar({ ...HYBRID, NEXTCLOUD_HOST: double.url, ...env }, undefined, {
    dir,
    oauthRetryDelaysMs: [1000],
  });
  cleanups.push(() => sidecar.stop());
  return sidecar;
}

const sessionStatus = async (sidecar: TestSidecar, token: string) =>
  (await fetch(`${sidecar.url}/api/v1/users/alice/session`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('OAuth client at start-up', () => {
  it('reuses the stored, unexpired client after a restart instead of registering again', async () => {
    const double = await nextcloudWith();
    const temp = makeTempDir();
    cleanups.push(() => temp.remove());
    const first = await startTestSidecar({ ...HYBRID, NEXTCLOUD_HOST: double.url }, undefined, { dir: temp.path });
    await first.stop(true);

    const second = await sidecarFor(double, {}, temp.path);

    expect(double.oidc!.counts.registrations).toBe(1);
    expect(second.logText()).toMatch(/"client":"stored"/);
  });

  it('uses a static client without registering', async () => {
    const double = await nextcloudWith();

    const sidecar = await sidecarFor(double, {
      NEXTCLOUD_OIDC_CLIENT_ID: SIDECAR_CLIENT.clientId,
      NEXTCLOUD_OIDC_CLIENT_SECRET: SIDECAR_CLIENT.clientSecret,
    });

    expect(double.oidc!.counts.registrations).toBe(0);
    expect(sidecar.logText()).toMatch(/"client":"static"/);
  });

  it('registers again shortly before a dynamic client expires', async () => {
    // The oidc app answers the expiry (client_secret_expires_at) in the registration.
    const double = await nextcloudWith({ clientExpireSeconds: 2 });
    await sidecarFor(double);

    await new Promise((resolve) => setTimeout(resolve, 2500));

    expect(double.oidc!.counts.registrations).toBeGreaterThanOrEqual(2);
  });

  it('registers again when the provider answers invalid_client, and the request succeeds', async () => {
    const double = await nextcloudWith();
    const sidecar = await sidecarFor(double, { NEXTCLOUD_MCP_SERVER_URL: PUBLIC_URL });
    // The oidc app introspects another client's token only when it was issued for the asking client's resource URL.
    const opaqueToken = (await tokensFor(double, 'alice', OPAQUE_CLIENT, `${PUBLIC_URL}/mcp`)).access_token;
    // The client expired and the oidc app's cleanup job deleted it.
    double.oidc!.expireDynamicClients();
    double.oidc!.deleteExpiredClients();

    const status = await sessionStatus(sidecar, opaqueToken);

    expect(status).toBe(200);
    expect(double.oidc!.counts.registrations).toBe(2);
  });

  it('registers again when the token endpoint answers expired_client', async () => {
    const double = await nextcloudWith();
    const http = createHttpClient({ verifySsl: true, timeoutMs: 10_000, userAgent: 'test' });
    const context = createOAuthContext({
      http,
      logger: createLogger('silent'),
      discoveryUrl: double.oidc!.discoveryUrl,
      nextcloudHost: double.url,
      publicUrl: PUBLIC_URL,
    });
    cleanups.push(
      () => http.close(),
      () => context.close(),
    );
    await context.start();
    const services = context.ready();
    const expiredClientId = services.client().clientId;
    double.oidc!.expireDynamicClients();

    const outcome = await services
      .exchangeCode('a-code-of-the-old-client', 'v'.repeat(43), `${PUBLIC_URL}/oauth/callback`)
      .catch((error: unknown) => error);

    // The new client is asked, and refuses the old client's code as a grant.
    expect(outcome).toBeInstanceOf(InvalidGrantError);
    expect(services.client().clientId).not.toBe(expiredClientId);
    expect(double.oidc!.counts.registrations).toBe(2);
  });
});

describe('a provider that is down at start-up', () => {
  it('lets the sidecar start, answers 503 on token routes, and recovers in the background', async () => {
    const double = await nextcloudWith();
    const token = (await tokensFor(double, 'alice')).access_token;
    double.setFault('status-500');
    const sidecar = await sidecarFor(double);

    const whileDown = await fetch(`${sidecar.url}/api/v1/users/alice/session`, {
      headers: { authorization: `Bearer ${token}` },
    });
    double.setFault('none');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const afterRecovery = await sessionStatus(sidecar, token);

    expect(whileDown.status).toBe(503);
    expect(((await whileDown.json()) as { error: string }).error).toBe('unavailable');
    const notReachable = sidecar
      .logText()
      .split('\n')
      .filter((line) => line.includes('identity provider not reachable'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(notReachable.length).toBeGreaterThan(0);
    expect(notReachable.every((entry) => typeof entry.reason === 'string' && entry.err === undefined)).toBe(true);
    expect(afterRecovery).toBe(200);
  });
});

describe('a busy port', () => {
  it('is reported at once, naming the settings, before the identity provider is asked', async () => {
    const double = await nextcloudWith();
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const port = (blocker.address() as AddressInfo).port;
    const before = double.requests.length;

    const start = sidecarFor(double, { MCP_SERVER_PORT: String(port) });

    await expect(start).rejects.toThrow(new RegExp(`MCP_SERVER_PORT ${port} on MCP_SERVER_HOST 127.0.0.1 is in use`));
    expect(double.requests.slice(before)).toEqual([]);
  });
});
