// Limits of the app-password routes: nobody locks a user out without the user's app password, failed validations are
// limited per client address (and stop reaching Nextcloud), on every route; behind a trusted proxy, per forwarded client.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth, startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

const HYBRID = {
  ENABLE_MULTI_USER_BASIC_AUTH: 'true',
  ENABLE_BACKGROUND_OPERATIONS: 'true',
  TOKEN_ENCRYPTION_KEY: TEST_KEY,
};
const password = (letter: string) => Array(5).fill(letter.repeat(5)).join('-');
const WRONG = password('Z');

let double: PlatformDouble;
let sidecar: TestSidecar;
let proxied: TestSidecar;
let now = Date.UTC(2026, 10, 23, 8);

beforeAll(async () => {
  double = await startPlatformDouble({
    users: ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'].map((id) => ({
      id,
      loginPassword: `${id}-login-password`,
      appPasswords: [password(id[0]!.toUpperCase())],
    })),
  });
  sidecar = await startTestSidecar({ ...HYBRID, NEXTCLOUD_HOST: double.url }, () => now);
  proxied = await startTestSidecar({ ...HYBRID, NEXTCLOUD_HOST: double.url, MCP_TRUSTED_PROXIES: 'loopback' });
});
afterAll(async () => {
  await sidecar.stop();
  await proxied.stop();
  await double.close();
});

interface Call {
  method?: string;
  user: string;
  /** Basic `user:secret`; `null` sends no Authorization header. */
  secret?: string | null;
  login?: string;
  /** The client's own address (any 127.x.y.z reaches the loopback listener). */
  from?: string;
  headers?: Record<string, string>;
  to?: TestSidecar;
}

function call({ method = 'POST', user, secret, login = user, from = '127.0.0.1', headers = {}, to = sidecar }: Call) {
  const url = new URL(`${to.url}/api/v1/users/${user}/app-password`);
  const authorization = secret === null ? {} : { authorization: basicAuth(login, secret ?? WRONG) };
  return new Promise<{ status: number; retryAfter?: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        localAddress: from,
        agent: false,
        headers: { ...authorization, ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function repeat(times: number, make: () => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) statuses.push((await make()).status);
  return statuses;
}

describe('the per-user provisioning limit', () => {
  it('counts no anonymous, malformed or wrong-format attempt, so they cannot lock the user out', async () => {
    const failedBefore = double.failedLogins();
    await repeat(6, () => call({ user: 'alice', secret: null, from: '127.0.0.2' }));
    await repeat(6, () => call({ user: 'alice', secret: 'hunter2', from: '127.0.0.2' }));
    await repeat(6, () => call({ user: 'alice', headers: { authorization: 'Basic !!!' }, from: '127.0.0.2' }));

    const own = await call({ user: 'alice', secret: password('A'), from: '127.0.0.9' });

    expect(own.status).toBe(200);
    expect(double.failedLogins()).toBe(failedBefore);
  });

  it('counts no wrong password against the user either: those count against the address', async () => {
    await repeat(10, () => call({ user: 'carol', from: '127.0.0.3' }));

    const own = await call({ user: 'carol', secret: password('C'), from: '127.0.0.10' });

    expect(own.status).toBe(200);
  });

  it('answers 429 to a sixth provisioning confirmed by Nextcloud within an hour, for that user only', async () => {
    const stored = await repeat(5, () => call({ user: 'dave', secret: password('D'), from: '127.0.0.11' }));

    const sixth = await call({ user: 'dave', secret: password('D'), from: '127.0.0.11' });
    const otherUser = await call({ user: 'erin', secret: password('E'), from: '127.0.0.11' });

    expect(stored).toEqual([200, 200, 200, 200, 200]);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.retryAfter)).toBeGreaterThan(3500);
    expect(otherUser.status).toBe(200);
  });
});

describe('the per-address limit on failed validations', () => {
  it('answers 429 with Retry-After after ten failures and stops reaching Nextcloud; another address is served', async () => {
    const failures = await repeat(10, () => call({ user: 'bob', from: '127.0.0.4' }));
    const failedLogins = double.failedLogins();

    const flood = await repeat(20, () => call({ user: 'bob', from: '127.0.0.4' }));
    const limited = await call({ user: 'bob', secret: password('B'), from: '127.0.0.4' });
    const other = await call({ user: 'bob', secret: password('B'), from: '127.0.0.5' });

    expect(failures).toEqual(Array(10).fill(401));
    expect(flood).toEqual(Array(20).fill(429));
    expect(Number(limited.retryAfter)).toBeGreaterThan(800);
    expect(double.failedLogins()).toBe(failedLogins);
    expect(other.status).toBe(200);
  });

  it('limits GET and DELETE too, and counts a valid pair of another user as a failure', async () => {
    await repeat(4, () => call({ method: 'GET', user: 'frank', from: '127.0.0.6' }));
    await repeat(4, () => call({ method: 'DELETE', user: 'frank', from: '127.0.0.6' }));
    await repeat(2, () =>
      call({ method: 'GET', user: 'frank', secret: password('B'), login: 'bob', from: '127.0.0.6' }),
    );
    const failedLogins = double.failedLogins();
    // Only frank's own pair counts: the background sync of the users stored by earlier tests asks Nextcloud too.
    const franksPair = `Basic ${Buffer.from(`frank:${password('F')}`).toString('base64')}`;
    const asked = () => double.requests.filter((request) => request.headers.authorization === franksPair).length;

    const get = await call({ method: 'GET', user: 'frank', secret: password('F'), from: '127.0.0.6' });
    const remove = await call({ method: 'DELETE', user: 'frank', secret: password('F'), from: '127.0.0.6' });

    expect([get.status, remove.status]).toEqual([429, 429]);
    expect(double.failedLogins()).toBe(failedLogins);
    expect(asked()).toBe(0);
  });

  it('serves the address again once the window has passed', async () => {
    await repeat(10, () => call({ method: 'GET', user: 'erin', from: '127.0.0.7' }));
    const during = await call({ method: 'GET', user: 'erin', secret: password('E'), from: '127.0.0.7' });

    now += 15 * 60_000;
    const after = await call({ method: 'GET', user: 'erin', secret: password('E'), from: '127.0.0.7' });

    expect(during.status).toBe(429);
    expect(after.status).toBe(200);
  });

  it('refuses a login password on GET and DELETE without asking Nextcloud, so none can be guessed there', async () => {
    const requests = double.requests.length;

    const get = await call({ method: 'GET', user: 'erin', secret: 'erin-login-password', from: '127.0.0.8' });
    const remove = await call({ method: 'DELETE', user: 'erin', secret: 'erin-login-password', from: '127.0.0.8' });

    expect([get.status, remove.status]).toEqual([400, 400]);
    expect(double.requests.length).toBe(requests);
  });
});

describe('behind a trusted reverse proxy (MCP_TRUSTED_PROXIES)', () => {
  it('limits each forwarded client on its own', async () => {
    const forwardedFor = (client: string) => ({ 'x-forwarded-for': client });
    await repeat(10, () => call({ to: proxied, user: 'bob', headers: forwardedFor('203.0.113.7') }));

    const limited = await call({
      to: proxied,
      user: 'bob',
      secret: password('B'),
      headers: forwardedFor('203.0.113.7'),
    });
    const other = await call({ to: proxied, user: 'bob', secret: password('B'), headers: forwardedFor('203.0.113.8') });

    expect(limited.status).toBe(429);
    expect(other.status).toBe(200);
  });

  it('ignores X-Forwarded-For from a client that is not a trusted proxy', async () => {
    let client = 0;
    await repeat(10, () =>
      call({ user: 'bob', from: '127.0.0.12', headers: { 'x-forwarded-for': `198.51.100.${(client += 1)}` } }),
    );

    const spoofed = await call({
      user: 'bob',
      secret: password('B'),
      from: '127.0.0.12',
      headers: { 'x-forwarded-for': '198.51.100.251' },
    });

    expect(spoofed.status).toBe(429);
  });
});
