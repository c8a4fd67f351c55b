// The route table (src/api/route-access.ts) is the whole truth about who may call what: every route the app
// registers, in every mode with every part switched on, is one of its rows, and every row is a route some mode serves.
import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, routeName } from '../../src/api/route-access.js';
import { routesOfApp } from '../support/app-routes.js';
import { TEST_KEY } from '../support/sidecar.js';

const NEXTCLOUD = 'http://127.0.0.1:9';
/** Mounted by the MCP endpoint, which routesOfApp leaves out (the MCP tests cover its authentication). */
const NOT_IN_APP_ROUTES = ['ALL /mcp'];

const MODES: Record<string, string>[] = [
  {
    NEXTCLOUD_HOST: NEXTCLOUD,
    MCP_DEPLOYMENT_MODE: 'oauth',
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    KNOWLEDGE_ENABLED: 'true',
    KNOWLEDGE_SCAN_INTERVAL: '3600',
    METRICS_ENABLED: 'true',
  },
  {
    NEXTCLOUD_HOST: NEXTCLOUD,
    MCP_DEPLOYMENT_MODE: 'oauth',
    MCP_AUTHORIZATION_SERVER: 'sidecar',
    NEXTCLOUD_MCP_SERVER_URL: 'https://mcp.example.com',
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
  },
  { NEXTCLOUD_HOST: NEXTCLOUD, MCP_DEPLOYMENT_MODE: 'smithery' },
  { NEXTCLOUD_HOST: NEXTCLOUD, NEXTCLOUD_USERNAME: 'alice', NEXTCLOUD_PASSWORD: 'secret' },
];

describe('the route table', () => {
  it('has a row for every route the app registers, and each row is a route some mode serves', async () => {
    const registered = new Set<string>();
    for (const env of MODES) {
      for (const route of await routesOfApp(env, { withKnowledge: true })) registered.add(routeName(route));
    }
    const rows = ROUTE_ACCESS.map(routeName);

    expect([...registered].filter((name) => !rows.includes(name))).toEqual([]);
    expect(rows.filter((name) => !registered.has(name) && !NOT_IN_APP_ROUTES.includes(name))).toEqual([]);
  });

  it('names each route once', () => {
    const names = ROUTE_ACCESS.map(routeName);

    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('asks for the key on every route of the management API but the public status, and on the metrics', () => {
    const unkeyed = ROUTE_ACCESS.filter((row) => row.path.startsWith('/api/v1/') && !row.apiKey).map(routeName);

    expect(unkeyed).toEqual(['GET /api/v1/status']);
    expect(ROUTE_ACCESS.find((row) => row.path === '/metrics')?.apiKey).toBe(true);
  });
});
