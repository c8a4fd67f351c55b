// Signing in through Login Flow v2 against the platform double (a pretty-URL Nextcloud under /cloud, whose user
// uid-42 logs in as erin@example.com): the grant becomes the user's stored credential, answered once; flows expire,
// are bounded per caller and in total, and addresses outside Nextcloud in its answer are refused.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import {
  createLoginFlowSignIn,
  LOGIN_FLOW_LIFETIME_MS,
  type LoginFlowSignIn,
} from '../../src/auth/login-flow/login-flow-sign-in.js';
import { ForbiddenError, InvalidInputError, RateLimitedError, UpstreamError } from '../../src/errors.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpClient, type HttpClient } from '../../src/net/http-client.js';
import { fetchCurrentUser } from '../../src/platform/current-user.js';
import { openDavAccount } from '../../src/platform/dav/dav-account.js';
import { listFolder } from '../../src/platform/files/file-operations.js';
import { toFilePath } from '../../src/platform/files/dav-paths.js';
import { createNextcloudClient } from '../../src/platform/nextcloud-client.js';
import { pollLoginFlow } from '../../src/platform/login-flow/login-flow-client.js';
import { createLoginFlowStore, type ClaimedLoginFlow, type LoginFlowStore } from '../../src/store/login-flows.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import { makeTempDir } from '../support/temp-dir.js';

const KEY = new Uint8Array(32).fill(5);
let double: PlatformDouble;
let http: HttpClient;
let temp: ReturnType<typeof makeTempDir>;
let store: Store;
let flows: LoginFlowStore;
let now: number;

beforeAll(async () => {
  double = await startPlatformDouble({
    subPath: '/cloud',
    apps: [createFilesApp()],
    users: [{ id: 'uid-42', email: 'erin@example.com' }, { id: 'bob' }],
  });
  http = createHttpClient({ verifySsl: true, timeoutMs: 5_000, userAgent: 'login-flow-test' });
  temp = makeTempDir('login-flow-');
});
afterAll(async () => {
  await http.close();
  await double.close();
  temp.remove();
});

let databases = 0;
beforeEach(async () => {
  now = Date.parse('2026-11-28T12:00:00Z');
  databases += 1;
  store = await openStore({ path: temp.file(`store-${databases}.db`), encryptionKey: KEY });
  flows = createLoginFlowStore(store.db, store.box!, { maxPerCaller: 2, maxTotal: 4, clock: () => new Date(now) });
});
afterEach(() => store.close());

function signIn(options: { nextcloudHost?: string; publicNextcloudUrl?: string } = {}): LoginFlowSignIn {
  return createLoginFlowSignIn({
    flows,
    appPasswords: store.appPasswords!,
    http,
    nextcloudHost: options.nextcloudHost ?? double.url,
    publicNextcloudUrl: options.publicNextcloudUrl,
    timeoutMs: 5_000,
    logger: createLogger('silent'),
    clock: () => new Date(now),
  });
}

const pollRequests = () => double.requests.filter((request) => request.path.endsWith('/login/v2/poll')).length;

describe('Login Flow v2 sign-in', () => {
  it('answers pending, then granted once with the user id, and stores the app password under the login name', async () => {
    const service = signIn();
    const { flowId, loginUrl } = await service.start({ callerKey: 'client-1' });

    const before = await service.poll(flowId);
    const appPassword = double.grantLoginFlow(loginUrl, 'uid-42', 'erin@example.com');
    now += 1_000;
    const granted = await service.poll(flowId);

    const stored = await store.appPasswords!.get('uid-42');
    expect(before).toEqual({ status: 'pending' });
    expect(granted).toEqual({ status: 'granted', userId: 'uid-42', loginName: 'erin@example.com', appPassword });
    expect(stored?.loginName).toBe('erin@example.com');
    expect(flowId).not.toContain(loginUrl.split('/').pop());
  });

  it('stores a credential that reads the user’s files over WebDAV at once', async () => {
    const service = signIn();
    const { flowId, loginUrl } = await service.start({ callerKey: 'client-1' });
    double.grantLoginFlow(loginUrl, 'uid-42', 'erin@example.com');
    await service.poll(flowId);
    const stored = (await store.appPasswords!.get('uid-42'))!;

    const client = createNextcloudClient({ http, host: double.url, credentials: stored });
    const listing = await listFolder(await openDavAccount(client), toFilePath([]));

    expect(listing.folder.type).toBe('folder');
  });

  it('refuses a replay of a granted flow id: expired, without asking Nextcloud again', async () => {
    const service = signIn();
    const { flowId, loginUrl } = await service.start({ callerKey: 'client-1' });
    double.grantLoginFlow(loginUrl, 'uid-42', 'erin@example.com');
    await service.poll(flowId);
    const polled = pollRequests();
    now += 5_000;

    const replay = await service.poll(flowId);

    expect(replay).toEqual({ status: 'expired' });
    expect(pollRequests()).toBe(polled);
  });

  it('asks Nextcloud at most once a second per flow', async () => {
    const service = signIn();
    const { flowId } = await service.start({ callerKey: 'client-1' });
    const polled = pollRequests();

    const answers = [await service.poll(flowId), await service.poll(flowId)];
    now += 999;
    answers.push(await service.poll(flowId));
    now += 1;
    answers.push(await service.poll(flowId));

    expect(answers.map((answer) => answer.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(pollRequests() - polled).toBe(2);
  });

  it('hands a grant polled by two replicas at once to one of them, and stores it once', async () => {
    const [first, second] = [signIn(), signIn()];
    const { flowId, loginUrl } = await first.start({ callerKey: 'client-1' });
    double.grantLoginFlow(loginUrl, 'uid-42', 'erin@example.com');

    const answers = await Promise.all([first.poll(flowId), second.poll(flowId)]);

    expect(answers.map((answer) => answer.status).sort()).toEqual(['granted', 'pending']);
    expect((await store.audit.listForUser('uid-42')).filter((e) => e.action === 'app_password.store')).toHaveLength(1);
  });

  it('finishes from the kept grant when a replica stopped after Nextcloud answered, without asking Nextcloud again', async () => {
    const service = signIn();
    const { flowId, loginUrl } = await service.start({ callerKey: 'client-1' });
    double.grantLoginFlow(loginUrl, 'uid-42', 'erin@example.com');
    const flowKey = createHash('sha256').update(flowId).digest('base64url');
    const claimed = await flows.claim(flowKey, new Date(now), new Date(now + 60_000));
    const answer = await pollLoginFlow({ http, host: double.url }, (claimed as ClaimedLoginFlow).pollToken);
    if (answer.status !== 'granted') throw new Error('the double did not grant');
    await flows.keepGrant(flowKey, { loginName: answer.loginName, appPassword: answer.appPassword });
    const polled = pollRequests();
    now += 60_000;

    const finished = await service.poll(flowId);

    expect(finished).toEqual({
      status: 'granted',
      userId: 'uid-42',
      loginName: 'erin@example.com',
      appPassword: answer.appPassword,
    });
    expect(pollRequests()).toBe(polled);
    expect((await store.appPasswords!.get('uid-42'))?.password).toBe(answer.appPassword);
  });

  it('answers expired after 20 minutes, and keeps nothing granted later', async () => {
    const service = signIn();
    const { flowId, loginUrl } = await service.start({ callerKey: 'client-1' });
    double.grantLoginFlow(loginUrl, 'uid-42', 'erin@example.com');

    now += LOGIN_FLOW_LIFETIME_MS;
    const late = await service.poll(flowId);

    expect(late).toEqual({ status: 'expired' });
    expect(await store.appPasswords!.has('uid-42')).toBe(false);
    expect(await flows.count()).toBe(0);
  });

  it('drops a caller’s oldest flow beyond its bound, leaving other callers’ flows alone', async () => {
    const service = signIn();
    const other = await service.start({ callerKey: 'client-2' });
    const oldest = await service.start({ callerKey: 'client-1' });
    now += 1;
    await service.start({ callerKey: 'client-1' });
    now += 1;

    await service.start({ callerKey: 'client-1' });

    expect(await service.poll(oldest.flowId)).toEqual({ status: 'expired' });
    expect(await service.poll(other.flowId)).toEqual({ status: 'pending' });
    expect(await flows.count('client-1')).toBe(2);
  });

  it('refuses a new flow with 429 when the table is full, without dropping anyone’s', async () => {
    const service = signIn();
    for (const caller of ['a', 'b', 'c', 'd']) await service.start({ callerKey: caller });

    const refused = service.start({ callerKey: 'e' });

    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    expect(await flows.count()).toBe(4);
  });

  it('refuses a malformed flow id with 400', async () => {
    const service = signIn();

    await expect(service.poll('../../etc/passwd')).rejects.toBeInstanceOf(InvalidInputError);
  });

  it('hands out the login URL on Nextcloud’s public address when one is configured', async () => {
    const service = signIn({ publicNextcloudUrl: 'https://cloud.example.com/cloud' });

    const { loginUrl } = await service.start({ callerKey: 'client-1' });

    expect(loginUrl).toMatch(/^https:\/\/cloud\.example\.com\/cloud\/login\/v2\/flow\/[0-9a-f]+$/);
  });

  it('refuses a grant by another user than the one the flow was started for, and revokes its app password', async () => {
    const service = signIn();
    const { flowId, loginUrl } = await service.start({ callerKey: 'uid-42', userId: 'uid-42' });
    const bobPassword = double.grantLoginFlow(loginUrl, 'bob');

    const refused = service.poll(flowId);

    await expect(refused).rejects.toBeInstanceOf(ForbiddenError);
    expect(await store.appPasswords!.has('bob')).toBe(false);
    await expect(fetchCurrentUser(http, double.url, { loginName: 'bob', password: bobPassword })).rejects.toThrow(
      /did not accept/,
    );
  });
});

describe('Login Flow v2 sign-in: addresses in Nextcloud’s answer', () => {
  let fake: Server;
  let fakeUrl: string;
  let answer: { poll: { token: string; endpoint: string }; login: string };
  let requestsElsewhere = 0;
  let elsewhere: Server;
  let elsewhereUrl: string;
  beforeAll(async () => {
    elsewhere = createServer((_req, res) => void ((requestsElsewhere += 1), res.end('[]')));
    fake = createServer((_req, res) => res.end(JSON.stringify(answer)));
    await Promise.all([listen(elsewhere), listen(fake)]);
    elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
    fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/cloud`;
  });
  afterAll(async () => {
    await Promise.all([close(fake), close(elsewhere)]);
  });

  const cases: Array<[string, () => typeof answer]> = [
    ['a poll endpoint on another origin', () => flowAnswer(`${elsewhereUrl}/cloud/login/v2/poll`, fakeUrl)],
    ['a login URL on another origin', () => flowAnswer(`${fakeUrl}/login/v2/poll`, `${elsewhereUrl}/cloud`)],
    ['a poll endpoint outside the sub-path', () => flowAnswer(`${fakeUrl}/../other/login/v2/poll`, fakeUrl)],
    ['a poll endpoint with user info', () => flowAnswer(fakeUrl.replace('//', '//x:y@') + '/login/v2/poll', fakeUrl)],
    ['another path than the poll endpoint', () => flowAnswer(`${fakeUrl}/apps/evil/poll`, fakeUrl)],
  ];
  it.each(cases)('refuses %s, keeps no flow and sends nothing there', async (_name, make) => {
    answer = make();
    const service = signIn({ nextcloudHost: fakeUrl });

    const started = service.start({ callerKey: 'client-1' });

    await expect(started).rejects.toBeInstanceOf(UpstreamError);
    expect(await flows.count()).toBe(0);
    expect(requestsElsewhere).toBe(0);
  });
});

function flowAnswer(endpoint: string, loginBase: string) {
  return { poll: { token: 'a'.repeat(128), endpoint }, login: `${loginBase}/login/v2/flow/${'b'.repeat(128)}` };
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
