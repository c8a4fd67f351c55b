// Every route of sidecar/openapi.json answers as the document says: a real sidecar in hybrid mode (sync, metrics and
// the management API key on) against the Nextcloud double is called on each route, for its success and for the
// errors a test can bring about, and each answer's status, content type and body are validated against the document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture, shapeDifferences } from '../../../test/contract/conformance.js';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { createNotesApp } from '../../../test/platform/apps/notes.js';
import {
  createWebhookListenersApp,
  type WebhookListenersDouble,
} from '../../../test/platform/apps/webhook-listeners.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { syncSidecarEnv, until } from '../support/knowledge-sidecar.js';
import { startNextcloudWithOidc, tokensFor } from '../support/nextcloud-with-oidc.js';
import { createAnswerChecker, documentedOperations, loadOpenApi, readAnswer } from '../support/openapi.js';
import { buildPdf } from '../support/pdf-fixtures.js';
import { basicAuth, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

const API_KEY = 'management-key-for-tests';
const PASSWORDS = { alice: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA', bob: 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB' };
const document = loadOpenApi();
const checker = createAnswerChecker(document);
let nextcloud: PlatformDouble;
let webhooks: WebhookListenersDouble;
let sidecar: TestSidecar;
const tokens: Record<string, string> = {};

interface CallOptions {
  /** Bearer token of this user. */
  as?: 'alice' | 'bob';
  /** Basic credentials: [login, password]. */
  basic?: [string, string];
  /** Send X-API-Key (default true). */
  key?: boolean;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
}

/** Calls `path` (an instance of `route`), expects `status`, checks the answer against the document, returns it. */
async function call(status: number, method: string, route: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key !== false) headers['x-api-key'] = API_KEY;
  if (options.as) headers.authorization = `Bearer ${tokens[options.as]}`;
  if (options.basic) headers.authorization = basicAuth(...options.basic);
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const body = options.json !== undefined ? JSON.stringify(options.json) : options.body;
  const response = await fetch(`${sidecar.url}${path}`, { method, headers, body });
  const answer = { ...(await readAnswer(response)), headers: response.headers };

  expect(answer.status, `${method} ${path}`).toBe(status);
  expect(checker.problems(method, route, answer), `${method} ${path} → ${answer.status}`).toEqual([]);
  return answer;
}

/** Operations whose success this hybrid sidecar cannot bring about, and the test that checks it against the document. */
const SUCCESS_CHECKED_ELSEWHERE: Record<string, string> = {
  'DELETE /api/v1/users/:userId/oauth-clients/:clientId':
    "test/authorization-server/connected-clients.test.ts: only the sidecar's own authorization server has clients",
};
const SEARCH = '/api/v1/knowledge/search';
const POINTS = '/api/v1/knowledge/search/points';
const CHUNK_CONTEXT = '/api/v1/knowledge/chunk-context';
const APP_PASSWORD = '/api/v1/users/:userId/app-password';
const status = async () =>
  (await call(200, 'GET', '/api/v1/knowledge/status', '/api/v1/knowledge/status', { as: 'alice' })).body as {
    documents: number;
    queued: number;
  };

beforeAll(async () => {
  const files = createFilesApp();
  webhooks = createWebhookListenersApp();
  nextcloud = await startNextcloudWithOidc(
    [
      { id: 'alice', appPasswords: [PASSWORDS.alice], groups: ['admin', 'users'] },
      { id: 'bob', appPasswords: [PASSWORDS.bob] },
    ],
    { apps: [files, createNotesApp(), webhooks] },
  );
  files.seedFile('alice', 'Documents/roadmap.md', '# Roadmap\n\nThe Zeppelin project ships in spring.');
  files.seedFile('alice', 'Documents/report.pdf', Buffer.from(buildPdf(['Quarterly budget', 'Travel spending'])));
  sidecar = await startTestSidecar(
    await syncSidecarEnv(nextcloud.url, { MANAGEMENT_API_KEY: API_KEY, METRICS_ENABLED: 'true' }),
  );
  for (const user of ['alice', 'bob'] as const) tokens[user] = (await tokensFor(nextcloud, user)).access_token;
  await call(200, 'POST', APP_PASSWORD, '/api/v1/users/alice/app-password', { basic: ['alice', PASSWORDS.alice] });
  await until('alice is indexed', async () => {
    const state = await status();
    return state.documents >= 2 && state.queued === 0;
  });
}, 60_000);
afterAll(async () => {
  await sidecar?.stop();
  await nextcloud?.close();
});

describe('the sidecar and its probes', () => {
  it('answers status, connection, liveness, readiness and metrics as documented, with and without the key', async () => {
    await call(200, 'GET', '/api/v1/status', '/api/v1/status');
    await call(200, 'GET', '/api/v1/status', '/api/v1/status', { key: false });
    await call(200, 'GET', '/api/v1/connection', '/api/v1/connection');
    await call(401, 'GET', '/api/v1/connection', '/api/v1/connection', { key: false });
    await call(200, 'GET', '/health/live', '/health/live', { key: false });
    await call(200, 'GET', '/health/ready', '/health/ready', { key: false });
    await call(200, 'GET', '/metrics', '/metrics');
    await call(401, 'GET', '/metrics', '/metrics', { key: false });
  });
});

describe('app passwords and sessions', () => {
  it('answers the app-password routes and their refusals as documented', async () => {
    const bob: [string, string] = ['bob', PASSWORDS.bob];

    await call(200, 'POST', APP_PASSWORD, '/api/v1/users/bob/app-password', { basic: bob });
    await call(200, 'GET', APP_PASSWORD, '/api/v1/users/bob/app-password', { basic: bob });
    await call(200, 'DELETE', APP_PASSWORD, '/api/v1/users/bob/app-password', { basic: bob });
    await call(400, 'GET', APP_PASSWORD, '/api/v1/users/b!b/app-password', { basic: bob });
    await call(401, 'GET', APP_PASSWORD, '/api/v1/users/bob/app-password');
    await call(403, 'GET', APP_PASSWORD, '/api/v1/users/alice/app-password', { basic: bob });
    await call(415, 'POST', APP_PASSWORD, '/api/v1/users/bob/app-password', {
      basic: bob,
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    await call(413, 'POST', APP_PASSWORD, '/api/v1/users/bob/app-password', {
      basic: bob,
      json: { pad: 'x'.repeat(20_000) },
    });
    await call(401, 'GET', APP_PASSWORD, '/api/v1/users/bob/app-password', { basic: bob, key: false });
  });

  it('answers the session route and its refusals as documented', async () => {
    await call(200, 'GET', '/api/v1/users/:userId/session', '/api/v1/users/alice/session', { as: 'alice' });
    await call(401, 'GET', '/api/v1/users/:userId/session', '/api/v1/users/alice/session');
    await call(403, 'GET', '/api/v1/users/:userId/session', '/api/v1/users/bob/session', { as: 'alice' });
  });
});

describe('knowledge', () => {
  it('answers searches as documented, and as the contract fixture has them', async () => {
    const body = { query: 'quarterly budget', doc_types: ['file'], limit: 1 };

    const hybrid = await call(200, 'POST', SEARCH, SEARCH, { as: 'alice', json: body });
    await call(200, 'POST', SEARCH, SEARCH, {
      as: 'alice',
      json: { query: 'zeppelin', include_pca: true, include_chunks: true },
    });
    await call(200, 'POST', SEARCH, SEARCH, { as: 'alice', json: { query: 'zeppelin', algorithm: 'bm25', offset: 5 } });
    await call(400, 'POST', SEARCH, SEARCH, { as: 'alice', json: { query: 'zeppelin', limit: 0 } });
    await call(401, 'POST', SEARCH, SEARCH, { json: body });
    await call(413, 'POST', SEARCH, SEARCH, { as: 'alice', json: { query: 'x'.repeat(20_000) } });

    expect((hybrid.body as { results: unknown[] }).results).toHaveLength(1);
    expect(shapeDifferences(hybrid.body, loadFixture('sidecar-search.json'))).toEqual([]);
  });

  it('answers point reads and chunk context as documented, and as the contract fixtures have them', async () => {
    const found = await call(200, 'POST', SEARCH, SEARCH, {
      as: 'alice',
      json: { query: 'quarterly budget', doc_types: ['file'], limit: 1 },
    });
    const [hit] = (found.body as { results: { point_id: string; doc_id: string; chunk_end_offset: number }[] }).results;
    const context = `${CHUNK_CONTEXT}?doc_type=file&doc_id=${hit!.doc_id}&start=0&end=${hit!.chunk_end_offset}`;

    const points = await call(200, 'POST', POINTS, POINTS, { as: 'alice', json: { point_ids: [hit!.point_id] } });
    await call(400, 'POST', POINTS, POINTS, { as: 'alice', json: { point_ids: [] } });
    const chunk = await call(200, 'GET', CHUNK_CONTEXT, context, { as: 'alice' });
    await call(400, 'GET', CHUNK_CONTEXT, `${CHUNK_CONTEXT}?doc_type=mail&doc_id=1&start=0&end=1`, { as: 'alice' });
    await call(404, 'GET', CHUNK_CONTEXT, `${CHUNK_CONTEXT}?doc_type=file&doc_id=404&start=0&end=1`, { as: 'alice' });

    expect(shapeDifferences(points.body, loadFixture('sidecar-search-points.json'))).toEqual([]);
    expect(shapeDifferences(chunk.body, loadFixture('sidecar-chunk-context.json'))).toEqual([]);
  });

  it('answers at the old knowledge paths as documented, as it does at the new ones', async () => {
    const search = { query: 'quarterly budget', doc_types: ['file'], limit: 1 };
    const byNewPath = await call(200, 'POST', SEARCH, SEARCH, { as: 'alice', json: search });
    const [hit] = (byNewPath.body as { results: { point_id: string; doc_id: string }[] }).results;
    const context = `/api/v1/chunk-context?doc_type=file&doc_id=${hit!.doc_id}&start=0&end=1`;

    const byOldPath = await call(200, 'POST', '/api/v1/search', '/api/v1/search', { as: 'alice', json: search });
    await call(401, 'POST', '/api/v1/search', '/api/v1/search', { json: search });
    await call(200, 'POST', '/api/v1/search/points', '/api/v1/search/points', {
      as: 'alice',
      json: { point_ids: [hit!.point_id] },
    });
    await call(200, 'GET', '/api/v1/chunk-context', context, { as: 'alice' });
    await call(200, 'GET', '/api/v1/vector-sync/status', '/api/v1/vector-sync/status', { as: 'alice' });
    await call(401, 'GET', '/api/v1/vector-sync/status', '/api/v1/vector-sync/status', { key: false });

    const metrics = await (await fetch(`${sidecar.url}/metrics`, { headers: { 'x-api-key': API_KEY } })).text();
    expect(byOldPath.body).toEqual(byNewPath.body);
    expect(['/api/v1/knowledge/search', '/api/v1/search'].map((route) => metrics.includes(`route="${route}"`))).toEqual(
      [true, true],
    );
  });

  it("answers the companion's rescan notices and their refusals as documented", async () => {
    const NOTICES = '/api/v1/knowledge/rescan-notices';

    await call(202, 'POST', NOTICES, NOTICES, { json: { user_ids: ['alice', 'carol'], doc_types: ['file', 'note'] } });
    await call(400, 'POST', NOTICES, NOTICES, { json: { user_ids: ['alice'], doc_types: ['boards'] } });
    await call(401, 'POST', NOTICES, NOTICES, { key: false, json: { user_ids: ['alice'], doc_types: ['file'] } });
    await call(404, 'POST', NOTICES, NOTICES, { json: { user_ids: ['carol'], doc_types: ['file'] } });
  });

  it('answers PDF previews as documented, 304 for a known ETag, and as the contract fixture has them', async () => {
    const preview = '/api/v1/pdf-preview';

    const page = await call(200, 'GET', preview, `${preview}?file_path=/Documents/report.pdf&page=2&scale=0.5`, {
      as: 'alice',
    });
    await call(304, 'GET', preview, `${preview}?file_path=/Documents/report.pdf&page=2&scale=0.5`, {
      as: 'alice',
      // fetch adds "no-cache" to a conditional request unless told otherwise; a browser revalidating sends this.
      headers: { 'if-none-match': page.headers.get('etag')!, 'cache-control': 'max-age=0' },
    });
    await call(400, 'GET', preview, `${preview}?file_path=/Documents/report.pdf&page=0`, { as: 'alice' });
    await call(404, 'GET', preview, `${preview}?file_path=/Documents/missing.pdf`, { as: 'alice' });
    await call(403, 'GET', preview, `${preview}?file_path=/Documents/report.pdf`, { as: 'bob' });

    expect(shapeDifferences(page.body, loadFixture('sidecar-pdf-preview.json'))).toEqual([]);
  });
});

describe('webhooks', () => {
  it('answers the administrators’ webhook routes and their refusals as documented', async () => {
    const webhooksRoute = '/api/v1/webhooks';

    await call(200, 'GET', '/api/v1/apps', '/api/v1/apps', { as: 'alice' });
    await call(403, 'GET', '/api/v1/apps', '/api/v1/apps', { as: 'bob' });
    await call(201, 'POST', webhooksRoute, webhooksRoute, { as: 'alice', json: { preset: 'files' } });
    await call(409, 'POST', webhooksRoute, webhooksRoute, { as: 'alice', json: { preset: 'files' } });
    await call(400, 'POST', webhooksRoute, webhooksRoute, { as: 'alice', json: { preset: 'deck' } });
    const listed = await call(200, 'GET', webhooksRoute, webhooksRoute, { as: 'alice' });
    const [first] = (listed.body as { webhooks: { id: number }[] }).webhooks;
    await call(200, 'DELETE', '/api/v1/webhooks/:id', `${webhooksRoute}/${first!.id}`, { as: 'alice' });
    await call(404, 'DELETE', '/api/v1/webhooks/:id', `${webhooksRoute}/${first!.id}`, { as: 'alice' });
    await call(400, 'DELETE', '/api/v1/webhooks/:id', `${webhooksRoute}/0`, { as: 'alice' });
  });

  it("answers Nextcloud's deliveries as documented: taken, repeated, unauthenticated, not JSON", async () => {
    const receiver = '/webhooks/nextcloud';
    const secret = webhooks.listeners().at(-1)!.authData!;
    const delivery = JSON.stringify({
      event: { node: { path: '/alice/files/Documents/new.md' }, class: 'OCP\\Files\\Events\\Node\\NodeCreatedEvent' },
      user: { uid: 'alice', displayName: 'Alice' },
      time: Math.floor(Date.now() / 1000),
    });

    await call(202, 'POST', receiver, receiver, { key: false, headers: secret, body: delivery });
    await call(202, 'POST', receiver, receiver, { key: false, headers: secret, body: delivery });
    await call(401, 'POST', receiver, receiver, { key: false, body: delivery });
    await call(400, 'POST', receiver, receiver, { key: false, headers: secret, body: '{not json' });
  });
});

describe('signing in through Nextcloud (Login Flow v2)', () => {
  const START = '/api/v1/users/:userId/login-flow';
  const POLL = '/api/v1/users/:userId/login-flow/poll';

  it('answers start and poll, granted, replayed, refused and malformed, as documented', async () => {
    const start = async () =>
      (await call(200, 'POST', START, '/api/v1/users/alice/login-flow', { as: 'alice' })).body as {
        flow_id: string;
        login_url: string;
      };
    const poll = (code: number, flowId: string) =>
      call(code, 'POST', POLL, '/api/v1/users/alice/login-flow/poll', { as: 'alice', json: { flow_id: flowId } });
    const mine = await start();
    const bobs = await start();

    const appPassword = nextcloud.grantLoginFlow(mine.login_url, 'alice');
    nextcloud.grantLoginFlow(bobs.login_url, 'bob');
    const granted = await poll(200, mine.flow_id);
    const replayed = await poll(200, mine.flow_id);
    await poll(403, bobs.flow_id);
    await poll(400, 'not a flow id');
    await call(403, 'POST', START, '/api/v1/users/bob/login-flow', { as: 'alice' });

    expect(granted.body).toEqual({
      user_id: 'alice',
      status: 'granted',
      login_name: 'alice',
      app_password: appPassword,
    });
    expect(replayed.body).toEqual({ user_id: 'alice', status: 'expired' });
  });
});

describe('connected clients with Nextcloud as the authorization server', () => {
  const LIST = '/api/v1/users/:userId/oauth-clients';

  it('lists none and says whose authorization server it is; revoking one finds nothing', async () => {
    const listed = await call(200, 'GET', LIST, '/api/v1/users/alice/oauth-clients', { as: 'alice' });
    await call(403, 'GET', LIST, '/api/v1/users/bob/oauth-clients', { as: 'alice' });
    await call(404, 'DELETE', `${LIST}/:clientId`, '/api/v1/users/alice/oauth-clients/desk', { as: 'alice' });

    expect(listed.body).toEqual({ authorizationServer: 'nextcloud', clients: [] });
    expect(shapeDifferences(listed.body, loadFixture('sidecar-oauth-clients-nextcloud.json'))).toEqual([]);
  });
});

describe('the end of a session', () => {
  it('answers revocation as documented', async () => {
    await call(200, 'POST', '/api/v1/users/:userId/revoke', '/api/v1/users/bob/revoke', { as: 'bob' });
    await call(403, 'POST', '/api/v1/users/:userId/revoke', '/api/v1/users/bob/revoke', { as: 'alice' });
  });

  it('answers 429 with Retry-After as documented once an address used up its failed validations', async () => {
    const wrong: [string, string] = ['bob', 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ'];
    // Ten refusals within the window (the earlier tests' refusals count too: some of these may be 429 already).
    for (let attempt = 0; attempt < 10; attempt++) {
      const headers = { authorization: basicAuth(...wrong), 'x-api-key': API_KEY };
      await (await fetch(`${sidecar.url}/api/v1/users/bob/app-password`, { headers })).arrayBuffer();
    }

    const limited = await call(429, 'GET', APP_PASSWORD, '/api/v1/users/bob/app-password', { basic: wrong });

    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('has checked a success answer of every documented operation', () => {
    const checked = [...checker.checked()];

    const unchecked = documentedOperations(document)
      .map((entry) => `${entry.method} ${entry.route}`)
      .filter((name) => !checked.some((answer) => answer.startsWith(`${name} 2`)))
      .filter((name) => !(name in SUCCESS_CHECKED_ELSEWHERE));

    expect(unchecked).toEqual([]);
  });
});
