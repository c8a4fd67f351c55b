// sidecar/openapi.json is a valid OpenAPI 3.1 document and names exactly the routes the sidecar serves: every route the
// Express app registers, in every mode with every part switched on, is in the document or on the short list of routes
// it leaves out, and every documented route is registered.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { KNOWLEDGE_PATHS } from '../../src/api/knowledge-routes.js';
import { routesOfApp, type RegisteredRoute } from '../support/app-routes.js';
import { startNextcloudWithOidc } from '../support/nextcloud-with-oidc.js';
import { documentedOperations, loadOpenApi, OPENAPI_URL } from '../support/openapi.js';
import { TEST_KEY } from '../support/sidecar.js';

/** What the document leaves out, and why (its info.description says the same). */
const NOT_DOCUMENTED: Record<string, string> = {
  'ALL /mcp': 'the MCP endpoint: JSON-RPC as the MCP specification defines it',
  'GET /.well-known/oauth-protected-resource': "the MCP endpoint's authorization discovery (RFC 9728)",
  'GET /.well-known/oauth-protected-resource/mcp': 'the same, at the path-specific address',
  'GET /.well-known/mcp-config': "smithery mode's MCP configuration schema",
  'GET /oauth/login': "a page a person's browser visits: it redirects to the identity provider",
  'GET /oauth/callback': "a page a person's browser visits: the identity provider's redirect back",
};

let nextcloud: PlatformDouble;
let registered: RegisteredRoute[];

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice' }]);
  const everything = {
    NEXTCLOUD_HOST: nextcloud.url,
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    MANAGEMENT_API_KEY: 'management-key-for-tests',
    VECTOR_SYNC_ENABLED: 'true',
    VECTOR_SYNC_SCAN_INTERVAL: '3600',
    METRICS_ENABLED: 'true',
  };
  const modes: Record<string, string>[] = [
    { ...everything, MCP_DEPLOYMENT_MODE: 'oauth' },
    { ...everything, ENABLE_MULTI_USER_BASIC_AUTH: 'true' },
    { ...everything, NEXTCLOUD_USERNAME: 'alice', NEXTCLOUD_PASSWORD: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA' },
    { MCP_DEPLOYMENT_MODE: 'smithery', METRICS_ENABLED: 'true' },
  ];
  registered = [];
  for (const env of modes) registered.push(...(await routesOfApp(env, { withKnowledge: true })));
});
afterAll(async () => {
  await nextcloud.close();
});

const nameOf = (route: { method: string; route?: string; path: string }) =>
  `${route.method} ${route.route ?? route.path}`;

describe('sidecar/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();

    const result = await validator.validate(OPENAPI_URL.pathname);

    expect([validator.version, result.errors ?? []]).toEqual(['3.1', []]);
  });

  it('documents every route the app registers, apart from the MCP endpoint, its discovery and the browser pages', () => {
    const documented = new Set(documentedOperations(loadOpenApi()).map(nameOf));

    const undocumented = [...new Set(registered.map(nameOf))].filter(
      (name) => !documented.has(name) && !(name in NOT_DOCUMENTED),
    );

    expect(registered.length).toBeGreaterThan(20);
    expect(undocumented).toEqual([]);
  });

  it('documents no route the app does not register', () => {
    const served = new Set(registered.map(nameOf));

    const unserved = documentedOperations(loadOpenApi())
      .map(nameOf)
      .filter((name) => !served.has(name));

    expect(unserved).toEqual([]);
  });

  it('documents the old knowledge paths beside the new ones, marked deprecated, and the app serves both', () => {
    const pairs = Object.values(KNOWLEDGE_PATHS);
    const operations = documentedOperations(loadOpenApi());
    const served = new Set(registered.map((route) => route.path));

    const deprecated = (path: string) =>
      operations.filter((op) => op.path === path).map((op) => op.operation.deprecated === true);

    expect(pairs.map(([current, old]) => [deprecated(current), deprecated(old)])).toEqual(
      pairs.map(() => [[false], [true]]),
    );
    expect(pairs.flat().filter((path) => !served.has(path))).toEqual([]);
  });

  it('leaves out only routes that exist', () => {
    const served = new Set(registered.map(nameOf));

    const stale = Object.keys(NOT_DOCUMENTED).filter((name) => name !== 'ALL /mcp' && !served.has(name));

    expect(stale).toEqual([]);
  });
});
