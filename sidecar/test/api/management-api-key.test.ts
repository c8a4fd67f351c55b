// MANAGEMENT_API_KEY on every management route: each route the app registers either needs X-API-Key or is on the
// explicit list of public routes, checked against a real sidecar with every part switched on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { ROUTE_ACCESS, routeName } from '../../src/api/route-access.js';
import { examplePath, routesOfApp, type RegisteredRoute } from '../support/app-routes.js';
import { COMPANION_CLIENT, startNextcloudWithOidc, tokensFor } from '../support/nextcloud-with-oidc.js';
import { startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

const API_KEY = 'management-key-for-tests';

/** Routes anyone may call without the key: each has its own authentication or serves nothing private. */
const PUBLIC_ROUTES = ROUTE_ACCESS.filter((row) => !row.apiKey).map(routeName);

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let routes: RegisteredRoute[];
/** A valid token of a trusted client: the key is still required with it. */
let bearer: string;

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice' }]);
  const env = {
    NEXTCLOUD_HOST: nextcloud.url,
    MCP_DEPLOYMENT_MODE: 'oauth',
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    MANAGEMENT_API_KEY: API_KEY,
    VECTOR_SYNC_ENABLED: 'true',
    VECTOR_SYNC_SCAN_INTERVAL: '3600',
    METRICS_ENABLED: 'true',
    MANAGEMENT_API_TRUSTED_CLIENTS: COMPANION_CLIENT.clientId,
  };
  routes = await routesOfApp(env);
  sidecar = await startTestSidecar(env);
  bearer = `Bearer ${(await tokensFor(nextcloud, 'alice')).access_token}`;
});
afterAll(async () => {
  await sidecar.stop();
  await nextcloud.close();
});

const nameOf = (route: RegisteredRoute) => `${route.method} ${route.path}`;

/** The route called with alice's valid Bearer token and `headers`. */
function call(route: RegisteredRoute, headers: Record<string, string> = {}) {
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  return fetch(`${sidecar.url}${examplePath(route.path)}`, {
    method: route.method,
    headers: { authorization: bearer, ...headers, ...(hasBody && { 'content-type': 'application/json' }) },
    body: hasBody ? '{}' : undefined,
  });
}

describe('MANAGEMENT_API_KEY', () => {
  it('covers every route the app registers: each is behind the key or on the list of public routes', () => {
    const unlisted = routes.filter((route) => !isKeyed(route) && !PUBLIC_ROUTES.includes(nameOf(route)));

    expect(routes.length).toBeGreaterThan(15);
    expect(unlisted.map(nameOf)).toEqual([]);
  });

  it('refuses every other /api/v1 route with 401 without X-API-Key or with a wrong one, even with a valid token', async () => {
    const keyed = routes.filter((route) => isKeyed(route) && !PUBLIC_ROUTES.includes(nameOf(route)));

    const answers = [];
    for (const route of keyed) {
      const [missing, wrong] = [await call(route), await call(route, { 'x-api-key': 'wrong' })];
      answers.push({ route: nameOf(route), missing: missing.status, wrong: wrong.status });
      expect(missing.headers.get('www-authenticate'), nameOf(route)).toMatch(/^ApiKey/);
    }

    expect(keyed.map(nameOf)).toEqual(
      expect.arrayContaining(['GET /api/v1/apps', 'GET /api/v1/webhooks', 'POST /api/v1/webhooks']),
    );
    expect(answers.filter((answer) => answer.missing !== 401 || answer.wrong !== 401)).toEqual([]);
  });

  it('answers the public /api/v1 routes without the key', async () => {
    const open = routes.filter((route) => isKeyed(route) && PUBLIC_ROUTES.includes(nameOf(route)));

    const statuses = await Promise.all(open.map(async (route) => [nameOf(route), (await call(route)).status]));

    expect(statuses).toEqual([['GET /api/v1/status', 200]]);
  });

  it('lets a request with the key through to every caller route, which then asks for a Bearer token', async () => {
    const callerRoutes = ROUTE_ACCESS.filter((row) => row.credential === 'caller');

    const challenges = [];
    for (const route of callerRoutes) {
      const answer = await fetch(`${sidecar.url}${examplePath(route.path)}`, {
        method: route.method,
        headers: { 'x-api-key': API_KEY },
      });
      challenges.push([routeName(route), answer.status, answer.headers.get('www-authenticate')?.split(' ')[0]]);
    }

    expect(callerRoutes.length).toBeGreaterThan(10);
    expect(challenges.filter(([, status, scheme]) => status !== 401 || scheme !== 'Bearer')).toEqual([]);
  });

  it('lets a request with the key through to the route, which then asks for its own credential', async () => {
    const response = await fetch(`${sidecar.url}/api/v1/vector-sync/status`, { headers: { 'x-api-key': API_KEY } });

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});

/** Under /api/v1 or /metrics, where the key applies. */
function isKeyed(route: RegisteredRoute): boolean {
  return route.path === '/metrics' || route.path.startsWith('/api/v1/');
}
