// Hostile input to the app-password routes: always a clear 4xx, never a 5xx, never a change of stored state.
import { request as httpRequest } from 'node:http';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { APP_PASSWORD, basicAuth, startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

let double: PlatformDouble;
let sidecar: TestSidecar;
const STORED = 'SSSSS-SSSSS-SSSSS-SSSSS-SSSSS';

beforeAll(async () => {
  double = await startPlatformDouble({
    users: [
      { id: 'alice', appPasswords: [APP_PASSWORD] },
      { id: 'sam', appPasswords: [STORED] },
    ],
  });
  sidecar = await startTestSidecar({
    ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    NEXTCLOUD_HOST: double.url,
  });
  await fetch(`${sidecar.url}/api/v1/users/sam/app-password`, {
    method: 'POST',
    headers: { authorization: basicAuth('sam', STORED) },
  });
});
afterAll(async () => {
  await sidecar.stop();
  await double.close();
});

/** Raw HTTP, so paths and headers reach the server exactly as generated. */
function rawRequest(method: string, path: string, headers: Record<string, string>, body?: Buffer) {
  return new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
    const url = new URL(sidecar.url);
    const req = httpRequest({ host: url.hostname, port: url.port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), headers: res.headers }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The stored rows, read through a second connection: the store is the source of truth for "no change". */
function storedRows(): unknown[] {
  const db = new Database(sidecar.dbPath, { readonly: true });
  try {
    return db
      .prepare('SELECT user_id, hex(encrypted_password) AS secret, updated_at FROM app_passwords ORDER BY user_id')
      .all();
  } finally {
    db.close();
  }
}

describe('hostile input to /api/v1/users/{user_id}/app-password', () => {
  it('answers random headers, paths and bodies with a 4xx and stores nothing', async () => {
    const before = await snapshot();
    const methods = fc.constantFrom('POST', 'GET', 'DELETE');
    const userSegment = fc.oneof(
      fc.string({ maxLength: 80 }).map(encodeURIComponent),
      fc.constantFrom('a%2Fb', '..%2F..', '%FF%FE', 'x'.repeat(1000), '%00', 'alice%20', 'sam'),
    );
    const authorization = fc.oneof(
      fc.string({ maxLength: 200 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
      fc.constantFrom(
        'Basic',
        'Basic !!!',
        'Bearer abc',
        'Basic ' + Buffer.from([0xff, 0xfe, 0x3a, 0x41]).toString('base64'),
      ),
      fc.tuple(fc.string({ maxLength: 20 }), fc.string({ maxLength: 80 })).map(([u, p]) => basicAuth(u, p)),
    );
    const body = fc.option(fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)));
    const contentType = fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    );

    await fc.assert(
      fc.asyncProperty(
        methods,
        userSegment,
        authorization,
        body,
        contentType,
        async (method, user, auth, payload, type) => {
          const headers: Record<string, string> = { authorization: auth };
          if (payload) headers['content-type'] = type;
          const response = await rawRequest(
            method,
            `/api/v1/users/${user}/app-password`,
            headers,
            payload ?? undefined,
          );
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect(response.body).not.toMatch(/at \w+ \(|\/work\/|node_modules/);
        },
      ),
      { numRuns: 150 },
    );

    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['a malformed Basic header', 401, 'POST', '/api/v1/users/alice/app-password', { authorization: 'Basic %%%' }],
    ['a path user id with a slash', 400, 'POST', '/api/v1/users/al%2Fice/app-password', {}],
    ['a 1,000-character user id', 400, 'POST', `/api/v1/users/${'a'.repeat(1000)}/app-password`, {}],
    ['a non-UTF-8 path', 400, 'POST', '/api/v1/users/%C3%28/app-password', {}],
    [
      'non-UTF-8 credentials',
      401,
      'POST',
      '/api/v1/users/alice/app-password',
      { authorization: `Basic ${Buffer.from([0x61, 0x3a, 0xc3, 0x28]).toString('base64')}` },
    ],
    [
      'a text body',
      415,
      'POST',
      '/api/v1/users/alice/app-password',
      { authorization: basicAuth('alice', APP_PASSWORD), 'content-type': 'text/plain' },
    ],
  ] as const)('answers %s with a clear %i', async (_name, status, method, path, headers) => {
    const withBody = 'content-type' in headers;

    const response = await rawRequest(method, path, { ...headers }, withBody ? Buffer.from('hello') : undefined);

    expect(response.status).toBe(status);
    expect(JSON.parse(response.body)).toMatchObject({ error: expect.any(String), message: expect.any(String) });
  });

  it('answers an oversized JSON body with 413', async () => {
    const big = Buffer.from(JSON.stringify({ filler: 'x'.repeat(64 * 1024) }));

    const response = await rawRequest(
      'POST',
      '/api/v1/users/alice/app-password',
      { 'content-type': 'application/json', authorization: basicAuth('alice', APP_PASSWORD) },
      big,
    );

    expect(response.status).toBe(413);
    expect(JSON.parse(response.body).error).toBe('payload_too_large');
  });

  it('answers broken JSON with 400', async () => {
    const response = await rawRequest(
      'POST',
      '/api/v1/users/alice/app-password',
      { 'content-type': 'application/json', authorization: basicAuth('alice', APP_PASSWORD) },
      Buffer.from('{"a":'),
    );

    expect(response.status).toBe(400);
  });
});

/** What a validated user sees of the store: sam's password is there, alice has none. */
async function snapshot() {
  const sam = await (
    await fetch(`${sidecar.url}/api/v1/users/sam/app-password`, {
      headers: { authorization: basicAuth('sam', STORED) },
    })
  ).json();
  const alice = await (
    await fetch(`${sidecar.url}/api/v1/users/alice/app-password`, {
      headers: { authorization: basicAuth('alice', APP_PASSWORD) },
    })
  ).json();
  return { sam, alice, rows: storedRows() };
}
