// The platform double's Login Flow v2 behaves as docs/nextcloud-behaviour.md ("Login Flow v2") says Nextcloud does, on
// a pretty-URL server under a sub-path: one test per fact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const ERIN_APP_PASSWORD = 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE';
const ERIN_LOGIN_PASSWORD = 'correct horse battery staple';

let double: PlatformDouble;
let now = Date.now();
beforeAll(async () => {
  double = await startPlatformDouble({
    subPath: '/cloud',
    clock: () => now,
    users: [
      {
        id: 'uid-42',
        email: 'erin@example.com',
        loginPassword: ERIN_LOGIN_PASSWORD,
        appPasswords: [ERIN_APP_PASSWORD],
      },
    ],
  });
});
afterAll(() => double.close());

interface StartAnswer {
  poll: { token: string; endpoint: string };
  login: string;
}
interface Grant {
  server: string;
  loginName: string;
  appPassword: string;
}

const startFlow = async () =>
  (await (await fetch(`${double.url}/index.php/login/v2`, { method: 'POST' })).json()) as StartAnswer;
const pollAt = (endpoint: string, token: string) =>
  fetch(endpoint, { method: 'POST', body: new URLSearchParams({ token }) });
const post = (path: string, fields: Record<string, string>) =>
  fetch(`${double.url}${path}`, { method: 'POST', body: new URLSearchParams(fields) });
/** The state token from the grant page at the flow's login URL. */
const stateTokenOf = async (flow: StartAnswer) =>
  /name="stateToken" value="([^"]+)"/.exec(await (await fetch(flow.login)).text())?.[1] ?? '';
const userAnswer = (loginName: string, password: string) =>
  fetch(`${double.url}/ocs/v2.php/cloud/user`, {
    headers: { authorization: basicAuth(loginName, password), 'ocs-apirequest': 'true', accept: 'application/json' },
  });

describe('platform double: Login Flow v2', () => {
  it('names absolute poll and login URLs without /index.php', async () => {
    const flow = await startFlow();

    expect(flow.poll.endpoint).toBe(`${double.url}/login/v2/poll`);
    expect(flow.login).toMatch(new RegExp(`^${double.url}/login/v2/flow/[0-9a-f]+$`));
  });

  it('answers 404 [] while pending, 200 once with server, login name and app password, then 404 [] again', async () => {
    const flow = await startFlow();
    const poll = () => pollAt(flow.poll.endpoint, flow.poll.token);

    const before = await poll();
    double.grantLoginFlow(flow.login, 'uid-42', 'erin@example.com');
    const granted = await poll();
    const after = await poll();

    const grant = (await granted.json()) as Grant;
    expect([before.status, await before.json()]).toEqual([404, []]);
    expect(grant).toMatchObject({ server: double.url, loginName: 'erin@example.com' });
    expect(grant.appPassword).toMatch(/^[A-Za-z0-9]{72}$/);
    expect((await userAnswer('erin@example.com', grant.appPassword)).status).toBe(200);
    expect([after.status, await after.json()]).toEqual([404, []]);
  });

  it('answers the /index.php/login/v2/poll form of the endpoint alike', async () => {
    const flow = await startFlow();
    double.grantLoginFlow(flow.login, 'uid-42');

    const granted = await pollAt(`${double.url}/index.php/login/v2/poll`, flow.poll.token);

    expect(granted.status).toBe(200);
    expect(((await granted.json()) as Grant).loginName).toBe('uid-42');
  });

  it('grants a flow by POST /login/v2/apptoken with an existing app password, and the poll hands over that one', async () => {
    const flow = await startFlow();
    const stateToken = await stateTokenOf(flow);

    const grantAnswer = await post('/login/v2/apptoken', { stateToken, user: 'uid-42', password: ERIN_APP_PASSWORD });
    const granted = await pollAt(flow.poll.endpoint, flow.poll.token);

    expect(grantAnswer.status).toBe(200);
    expect(((await granted.json()) as Grant).appPassword).toBe(ERIN_APP_PASSWORD);
  });

  it('grants through the login URL page with the login password, minting a new app password', async () => {
    const flow = await startFlow();
    const stateToken = await stateTokenOf(flow);

    const wrong = await post('/login/v2/grant', { stateToken, user: 'uid-42', password: 'wrong password' });
    const right = await post('/login/v2/grant', { stateToken, user: 'uid-42', password: ERIN_LOGIN_PASSWORD });
    const granted = (await (await pollAt(flow.poll.endpoint, flow.poll.token)).json()) as Grant;

    expect([wrong.status, right.status]).toEqual([403, 200]);
    expect((await userAnswer('uid-42', granted.appPassword)).status).toBe(200);
  });

  it('forgets a flow after 20 minutes: a grant then answers 404 [] to the poll', async () => {
    const flow = await startFlow();
    const stateToken = await stateTokenOf(flow);
    await post('/login/v2/apptoken', { stateToken, user: 'uid-42', password: ERIN_APP_PASSWORD });

    now += 20 * 60_000;
    const late = await pollAt(flow.poll.endpoint, flow.poll.token);
    now -= 20 * 60_000;

    expect([late.status, await late.json()]).toEqual([404, []]);
  });
});
