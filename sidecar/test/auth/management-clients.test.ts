// Which OAuth clients' tokens the management API takes: the sidecar's own and MANAGEMENT_API_TRUSTED_CLIENTS, never
// a client anyone can register at Nextcloud's oidc app, whatever token it holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthContext } from '../../src/auth/oauth-context.js';
import { UnauthenticatedError } from '../../src/errors.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { obtainTokens, type CodeFlowClient } from '../../../test/platform/oidc-code-flow.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { syncSidecarEnv } from '../support/knowledge-sidecar.js';
import { COMPANION_CLIENT, OPAQUE_CLIENT, startNextcloudWithOidc, tokensFor } from '../support/nextcloud-with-oidc.js';
import { APP_PASSWORD, basicAuth, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

/** Every /api/v1 route that takes a Bearer token (the knowledge routes at both paths), with a request that passes its
 * input checks. */
const BEARER_ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/v1/users/alice/session' },
  { method: 'POST', path: '/api/v1/users/alice/revoke' },
  { method: 'POST', path: '/api/v1/search', body: { query: 'budget' } },
  { method: 'POST', path: '/api/v1/search/points', body: { point_ids: ['1'] } },
  { method: 'GET', path: '/api/v1/chunk-context?doc_type=file&doc_id=1&start=0&end=10' },
  { method: 'GET', path: '/api/v1/vector-sync/status' },
  { method: 'POST', path: '/api/v1/knowledge/search', body: { query: 'budget' } },
  { method: 'POST', path: '/api/v1/knowledge/search/points', body: { point_ids: ['1'] } },
  { method: 'GET', path: '/api/v1/knowledge/chunk-context?doc_type=file&doc_id=1&start=0&end=10' },
  { method: 'GET', path: '/api/v1/knowledge/status' },
  { method: 'GET', path: '/api/v1/apps' },
  { method: 'GET', path: '/api/v1/webhooks' },
  { method: 'POST', path: '/api/v1/webhooks', body: { preset: 'files' } },
  { method: 'DELETE', path: '/api/v1/webhooks/1' },
  { method: 'GET', path: '/api/v1/pdf-preview?file_path=/a.pdf&page=1' },
];

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let publicUrl: string;

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice', appPasswords: [APP_PASSWORD] }]);
  const env = await syncSidecarEnv(nextcloud.url, { MANAGEMENT_API_TRUSTED_CLIENTS: COMPANION_CLIENT.clientId });
  publicUrl = env.NEXTCLOUD_MCP_SERVER_URL!;
  sidecar = await startTestSidecar(env);
});
afterAll(async () => {
  await sidecar.stop();
  await nextcloud.close();
});

/** Each Bearer route called with `token`: its status (the revoke route is left out unless `withRevoke`). */
async function statusesWith(token: string, withRevoke = true): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (const route of BEARER_ROUTES) {
    if (!withRevoke && route.path.endsWith('/revoke')) continue;
    const response = await fetch(`${sidecar.url}${route.path}`, {
      method: route.method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: route.body === undefined ? undefined : JSON.stringify(route.body),
    });
    statuses[`${route.method} ${route.path.split('?')[0]}`] = response.status;
  }
  return statuses;
}

/** A client anyone may register at the oidc app (dynamic registration), with JWT access tokens. */
async function registerClientAsAnyone(): Promise<CodeFlowClient> {
  const redirectUri = 'http://127.0.0.1:9/evil-callback';
  const response = await fetch(`${nextcloud.url}/index.php/apps/oidc/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_name: 'Innocent notes app',
      redirect_uris: [redirectUri],
      token_type: 'jwt',
      token_endpoint_auth_method: 'client_secret_post',
    }),
  });
  expect(response.status).toBe(201);
  const { client_id: clientId, client_secret: clientSecret } = (await response.json()) as Record<string, string>;
  return { clientId: clientId!, clientSecret, redirectUri };
}

describe('tokens of other clients on the management API', () => {
  it('answers 401 on every Bearer route to a JWT of a client anyone registered, signed in to with scope openid', async () => {
    await fetch(`${sidecar.url}/api/v1/users/alice/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth('alice', APP_PASSWORD) },
    });
    const evil = (
      await obtainTokens(nextcloud.url, await registerClientAsAnyone(), { scope: 'openid', login: 'alice' })
    ).access_token;

    const statuses = await statusesWith(evil);

    expect(Object.values(statuses).filter((status) => status !== 401)).toEqual([]);
    const stillProvisioned = await fetch(`${sidecar.url}/api/v1/users/alice/app-password`, {
      headers: { authorization: basicAuth('alice', APP_PASSWORD) },
    });
    expect(await stillProvisioned.json()).toMatchObject({ has_app_password: true });
  });

  it('answers 401 to an opaque token another client obtained for the sidecar’s /mcp resource', async () => {
    const token = (await tokensFor(nextcloud, 'alice', OPAQUE_CLIENT, `${publicUrl}/mcp`)).access_token;

    const statuses = await statusesWith(token);

    expect(Object.values(statuses).filter((status) => status !== 401)).toEqual([]);
  });

  it('lets the tokens of a client in MANAGEMENT_API_TRUSTED_CLIENTS (the companion’s) past authentication', async () => {
    const token = (await tokensFor(nextcloud, 'alice')).access_token;

    const statuses = await statusesWith(token, false);

    expect(Object.entries(statuses).filter(([, status]) => status === 401)).toEqual([]);
    expect(statuses['GET /api/v1/users/alice/session']).toBe(200);
  });
});

describe('the sidecar’s own client', () => {
  it('is trusted without configuration, and after it was registered again only the new one is', async () => {
    const http = createHttpClient({ verifySsl: true, timeoutMs: 10_000, userAgent: 'test' });
    const context = createOAuthContext({
      http,
      logger: createLogger('silent'),
      discoveryUrl: nextcloud.oidc!.discoveryUrl,
      nextcloudHost: nextcloud.url,
      publicUrl,
    });
    await context.start();
    const services = context.ready();
    const tokenOf = async () => {
      const { clientId, clientSecret } = services.client();
      const client = { clientId, clientSecret, redirectUri: `${publicUrl}/oauth/callback` };
      return (await obtainTokens(nextcloud.url, client, { scope: 'openid', login: 'alice' })).access_token;
    };
    const firstToken = await tokenOf();
    const firstAccepted = await services.managementVerifier.verify(firstToken);
    nextcloud.oidc!.expireDynamicClients();
    await services.exchangeCode('a-code', 'v'.repeat(43), `${publicUrl}/oauth/callback`).catch(() => undefined);

    const [first, second] = await Promise.all([
      services.managementVerifier.verify(firstToken).catch((error: unknown) => error),
      services.managementVerifier.verify(await tokenOf()),
    ]);

    context.close();
    await http.close();
    expect(firstAccepted.subject).toBe('alice');
    expect(first).toBeInstanceOf(UnauthenticatedError);
    expect(second.subject).toBe('alice');
  });
});
