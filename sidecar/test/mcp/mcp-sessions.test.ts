// Sessions on /mcp in multi_user_basic mode under attack: a flood of initialize with a wrong password, sessions bound
// to login name and password, caps per caller and in total, and callers refused before their body is read.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth, startTestSidecar, type TestSidecar } from '../support/sidecar.js';
import { connectClient, MCP_POST_HEADERS, postInitialize } from '../support/mcp-client.js';

const ALICE = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
const ALICE_SECOND = 'aaaaa-aaaaa-aaaaa-aaaaa-aaaaa';
const BOB = 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB';
const WRONG = 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ';
let nextcloud: PlatformDouble;
const sidecars: TestSidecar[] = [];

beforeAll(async () => {
  nextcloud = await startPlatformDouble({
    users: [
      { id: 'alice', appPasswords: [ALICE, ALICE_SECOND] },
      { id: 'bob', appPasswords: [BOB] },
    ],
  });
});
afterAll(async () => {
  await Promise.all(sidecars.map((sidecar) => sidecar.stop()));
  await nextcloud.close();
});

/** The heap in use after a full collection (vitest runs the tests with --expose-gc). */
function keptHeapBytes(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

async function sidecarWith(env: Record<string, string> = {}): Promise<TestSidecar> {
  const sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    ...env,
  });
  sidecars.push(sidecar);
  return sidecar;
}

async function initialize(sidecar: TestSidecar, login: string, password: string) {
  const response = await postInitialize(`${sidecar.url}/mcp`, { authorization: basicAuth(login, password) });
  await response.text();
  return { status: response.status, sessionId: response.headers.get('mcp-session-id') ?? undefined };
}

async function inSession(sidecar: TestSidecar, sessionId: string, login: string, password: string, method = 'POST') {
  const response = await fetch(`${sidecar.url}/mcp`, {
    method,
    headers: {
      ...MCP_POST_HEADERS,
      authorization: basicAuth(login, password),
      'mcp-session-id': sessionId,
      'mcp-protocol-version': '2025-06-18',
    },
    body: method === 'POST' ? JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }) : undefined,
  });
  const text = await response.text();
  return { status: response.status, listsTools: text.includes('nc_core_whoami') };
}

describe('initialize with a wrong password', () => {
  it('answers 401 every time, costs Nextcloud at most one failed login, and keeps no session', async () => {
    const sidecar = await sidecarWith();
    // The warm-up after start allocates the tool list once; it is not what this test measures.
    await sidecar.warmedUp;
    const before = nextcloud.failedLogins();
    const heapBefore = keptHeapBytes();

    const statuses = [];
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all(Array.from({ length: 30 }, () => initialize(sidecar, 'alice', WRONG)));
      statuses.push(...answers.map((answer) => answer.status));
    }

    expect(new Set(statuses)).toEqual(new Set([401]));
    expect(nextcloud.failedLogins() - before).toBeLessThanOrEqual(1);
    expect(sidecar.sessionCount()).toBe(0);
    // 300 sessions of ~150 KB each would be ~45 MB.
    expect(keptHeapBytes() - heapBefore).toBeLessThan(25 * 1024 * 1024);
  });
});

describe('initialize with ever new wrong passwords from one address', () => {
  it('answers 429 with Retry-After after 10 refusals, without asking Nextcloud again', async () => {
    const sidecar = await sidecarWith();
    const before = nextcloud.failedLogins();

    const statuses = [];
    for (let guess = 0; guess < 12; guess += 1) {
      statuses.push(
        (await initialize(sidecar, 'alice', `ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZ${String(guess).padStart(2, '0')}`)).status,
      );
    }

    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    expect(nextcloud.failedLogins() - before).toBe(10);
  });
});

describe('a session', () => {
  it("is not usable or deletable with the login name and a wrong password, and stays the owner's", async () => {
    const sidecar = await sidecarWith();
    const { sessionId } = await initialize(sidecar, 'alice', ALICE);

    const listed = await inSession(sidecar, sessionId!, 'alice', WRONG);
    const deleted = await inSession(sidecar, sessionId!, 'alice', WRONG, 'DELETE');
    const owner = await inSession(sidecar, sessionId!, 'alice', ALICE);

    expect(listed).toEqual({ status: 401, listsTools: false });
    expect(deleted.status).toBe(401);
    expect(owner).toEqual({ status: 200, listsTools: true });
  });

  it("is bound to the password it was opened with: the same user's other valid app password cannot use it", async () => {
    const sidecar = await sidecarWith();
    const { sessionId } = await initialize(sidecar, 'alice', ALICE);

    const other = await inSession(sidecar, sessionId!, 'alice', ALICE_SECOND);
    const deleted = await inSession(sidecar, sessionId!, 'alice', ALICE_SECOND, 'DELETE');
    const owner = await inSession(sidecar, sessionId!, 'alice', ALICE);

    expect(other).toEqual({ status: 404, listsTools: false });
    expect(deleted.status).toBe(404);
    expect(owner.status).toBe(200);
  });
});

describe('an accepted caller', () => {
  it("is asked for once: the check at initialize hands Nextcloud's answer to the tools", async () => {
    const sidecar = await sidecarWith();
    const before = nextcloud.requests.length;
    const connection = await connectClient(`${sidecar.url}/mcp`, {
      headers: { authorization: basicAuth('bob', BOB) },
    });

    await connection.client.callTool({ name: 'nc_files_list', arguments: {} });
    await connection.close();

    const userLookups = nextcloud.requests.slice(before).filter((r) => r.path.startsWith('/ocs/v2.php/cloud/user'));
    expect(userLookups).toHaveLength(1);
  });
});

describe('session caps', () => {
  it('keeps at most MCP_MAX_SESSIONS_PER_USER sessions per caller, closing its least recently used', async () => {
    const sidecar = await sidecarWith({ MCP_MAX_SESSIONS_PER_USER: '2' });
    const first = await initialize(sidecar, 'alice', ALICE);
    const second = await initialize(sidecar, 'alice', ALICE);
    const bob = await initialize(sidecar, 'bob', BOB);

    const third = await initialize(sidecar, 'alice', ALICE);

    expect((await inSession(sidecar, first.sessionId!, 'alice', ALICE)).status).toBe(404);
    expect((await inSession(sidecar, second.sessionId!, 'alice', ALICE)).status).toBe(200);
    expect((await inSession(sidecar, third.sessionId!, 'alice', ALICE)).status).toBe(200);
    expect((await inSession(sidecar, bob.sessionId!, 'bob', BOB)).status).toBe(200);
    expect(sidecar.sessionCount()).toBe(3);
  });

  it('keeps at most MCP_MAX_SESSIONS in total, closing the least recently used first', async () => {
    const sidecar = await sidecarWith({ MCP_MAX_SESSIONS: '2' });
    const alice = await initialize(sidecar, 'alice', ALICE);
    const bob = await initialize(sidecar, 'bob', BOB);
    await inSession(sidecar, alice.sessionId!, 'alice', ALICE);

    const another = await initialize(sidecar, 'alice', ALICE);

    expect((await inSession(sidecar, bob.sessionId!, 'bob', BOB)).status).toBe(404);
    expect((await inSession(sidecar, alice.sessionId!, 'alice', ALICE)).status).toBe(200);
    expect((await inSession(sidecar, another.sessionId!, 'alice', ALICE)).status).toBe(200);
    expect(sidecar.sessionCount()).toBe(2);
  });
});

describe('a caller without valid credentials', () => {
  it('is answered 401 before the body it announces is read', async () => {
    const sidecar = await sidecarWith();
    const { hostname, port } = new URL(sidecar.url);

    const head = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => {
        socket.write(
          [
            'POST /mcp HTTP/1.1',
            `Host: ${hostname}:${port}`,
            'Content-Type: application/json',
            'Accept: application/json, text/event-stream',
            `Authorization: ${basicAuth('alice', WRONG)}`,
            `Content-Length: ${16 * 1024 * 1024}`,
            '',
            '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"padding":"',
          ].join('\r\n'),
        );
      });
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('utf8');
        if (received.includes('\r\n\r\n')) {
          socket.destroy();
          resolve(received.split('\r\n')[0] ?? '');
        }
      });
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        resolve('no answer while the body was still unsent');
      }, 3000);
    });

    expect(head).toBe('HTTP/1.1 401 Unauthorized');
  });
});
