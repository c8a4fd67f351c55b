// The companion's Login Flow v2 routes in hybrid mode, with real tokens from Nextcloud's oidc app (the double): a user
// signs in through Nextcloud and the sidecar holds their background credential; flows are the starting user's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { LOGIN_FLOW_STARTS_PER_HOUR } from '../../src/api/login-flow-routes.js';
import { startNextcloudWithOidc, tokensFor, hybridTrustingTheCompanion } from '../support/nextcloud-with-oidc.js';
import { startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice' }, { id: 'bob' }, { id: 'carol' }]);
  sidecar = await startTestSidecar(hybridTrustingTheCompanion(nextcloud.url, TEST_KEY));
  for (const user of ['alice', 'bob', 'carol']) tokens[user] = (await tokensFor(nextcloud, user)).access_token;
});
afterAll(async () => {
  await sidecar.stop();
  await nextcloud.close();
});

const post = (path: string, user: string, json?: unknown) =>
  fetch(`${sidecar.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
const start = async (user: string) =>
  (await (await post(`/api/v1/users/${user}/login-flow`, user)).json()) as { flow_id: string; login_url: string };
const poll = async (user: string, flowId: string) =>
  (await (await post(`/api/v1/users/${user}/login-flow/poll`, user, { flow_id: flowId })).json()) as {
    status: string;
    app_password?: string;
  };

describe('POST /api/v1/users/{user_id}/login-flow and …/poll', () => {
  it('stores the granted app password as the user’s background access', async () => {
    const flow = await start('alice');
    const appPassword = nextcloud.grantLoginFlow(flow.login_url, 'alice');

    const granted = await poll('alice', flow.flow_id);

    const session = await fetch(`${sidecar.url}/api/v1/users/alice/session`, {
      headers: { authorization: `Bearer ${tokens.alice}` },
    });
    const body = (await session.json()) as { background_access: { granted: boolean; credential_type: string } };
    expect(granted.status).toBe('granted');
    expect(granted.app_password).toBe(appPassword);
    expect(body.background_access).toMatchObject({ granted: true, credential_type: 'app_password' });
  });

  it('answers expired to another user polling a flow they did not start, and leaves it to its owner', async () => {
    const flow = await start('bob');
    nextcloud.grantLoginFlow(flow.login_url, 'bob');

    const stranger = await poll('alice', flow.flow_id);
    const owner = await poll('bob', flow.flow_id);

    expect([stranger.status, owner.status]).toEqual(['expired', 'granted']);
  });

  it('answers 429 once a user started the flows of an hour', async () => {
    for (let i = 0; i < LOGIN_FLOW_STARTS_PER_HOUR; i += 1) await post('/api/v1/users/carol/login-flow', 'carol');

    const refused = await post('/api/v1/users/carol/login-flow', 'carol');

    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('Login Flow v2 routes in a mode without an identity provider', () => {
  let basic: TestSidecar;
  beforeAll(async () => {
    basic = await startTestSidecar({
      NEXTCLOUD_HOST: nextcloud.url,
      ENABLE_MULTI_USER_BASIC_AUTH: 'true',
      TOKEN_ENCRYPTION_KEY: TEST_KEY,
    });
  });
  afterAll(() => basic.stop());

  it('answers 404 and asks Nextcloud for no flow', async () => {
    const before = nextcloud.requests.length;

    const response = await fetch(`${basic.url}/api/v1/users/alice/login-flow`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.alice}` },
    });

    expect(response.status).toBe(404);
    expect(nextcloud.requests.slice(before).filter((r) => r.path.includes('/login/v2'))).toEqual([]);
  });
});
