// DNS rebinding in basic mode, where a request needs no credential to act as the configured user: every /api/v1 route
// that serves user data refuses a foreign Host or Origin as /mcp does; the app's routes are listed, none forgotten.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { ROUTE_ACCESS, routeName } from '../../src/api/route-access.js';
import { examplePath, routesOfApp, type RegisteredRoute } from '../support/app-routes.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

/**
 * /api/v1 routes that serve nothing of the user's in basic mode (no user data, or 404 there): the route table's rows
 * without the Host rule. Every other registered route, listed or not, must refuse.
 */
const WITHOUT_USER_DATA = ROUTE_ACCESS.filter((row) => row.hostRule === 'never').map(routeName);

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let userDataRoutes: RegisteredRoute[];

beforeAll(async () => {
  nextcloud = await startPlatformDouble({
    users: [{ id: 'carol', appPasswords: [APP_PASSWORD] }],
    apps: [createFilesApp()],
  });
  const env = {
    NEXTCLOUD_HOST: nextcloud.url,
    NEXTCLOUD_USERNAME: 'carol',
    NEXTCLOUD_PASSWORD: APP_PASSWORD,
    VECTOR_SYNC_ENABLED: 'true',
    VECTOR_SYNC_SCAN_INTERVAL: '3600',
  };
  const routes = await routesOfApp(env);
  userDataRoutes = routes.filter(
    (route) => route.path.startsWith('/api/v1/') && !WITHOUT_USER_DATA.includes(`${route.method} ${route.path}`),
  );
  sidecar = await startTestSidecar(env);
});
afterAll(async () => {
  await sidecar.stop();
  await nextcloud.close();
});

/** The route called with `headers` (Host among them, which fetch cannot set); its status. */
function statusOf(route: RegisteredRoute, headers: Record<string, string>): Promise<number> {
  const url = new URL(sidecar.url);
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: url.hostname,
        port: url.port,
        path: examplePath(route.path),
        method: route.method,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    call.on('error', reject);
    call.end(route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}');
  });
}

async function statusesWith(headers: Record<string, string>): Promise<Record<string, number>> {
  const statuses: Record<string, number> = {};
  for (const route of userDataRoutes) statuses[`${route.method} ${route.path}`] = await statusOf(route, headers);
  return statuses;
}

describe('user data in basic mode', () => {
  it('is refused with 403 on every route for a request whose Host is not allowed', async () => {
    const statuses = await statusesWith({ host: 'rebound.example.com' });

    expect(Object.keys(statuses)).toEqual(
      expect.arrayContaining(['POST /api/v1/search', 'GET /api/v1/pdf-preview', 'GET /api/v1/webhooks']),
    );
    expect(Object.entries(statuses).filter(([, status]) => status !== 403)).toEqual([]);
  });

  it('is refused with 403 on every route for a request from a foreign Origin', async () => {
    const statuses = await statusesWith({ origin: 'https://rebound.example.com' });

    expect(Object.entries(statuses).filter(([, status]) => status !== 403)).toEqual([]);
  });

  it('is served to a request on an allowed host name without a foreign Origin', async () => {
    const status = await statusOf({ method: 'GET', path: '/api/v1/vector-sync/status' }, { host: 'localhost' });

    expect(status).toBe(200);
  });
});
