// Garbage Bearer tokens against /mcp and /api/v1: each client address sends only a few to the provider's
// introspection (counted at the double), repeated ones are answered from memory, and real users' tokens keep working.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntrospectionCache } from '../../src/auth/introspection-cache.js';
import { createIntrospector } from '../../src/auth/introspection.js';
import { fetchProviderMetadata } from '../../src/auth/provider-metadata.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { findFreePort } from '../../../test/platform/free-port.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import {
  OPAQUE_CLIENT,
  SIDECAR_OPAQUE_CLIENT,
  startNextcloudWithOidc,
  tokensFor,
} from '../support/nextcloud-with-oidc.js';
import { startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

const ATTACKER = '203.0.113.7';
const ALICE = '198.51.100.2';

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let publicUrl: string;
let aliceToken: string;

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice' }]);
  const port = await findFreePort();
  publicUrl = `http://127.0.0.1:${port}`;
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    MCP_DEPLOYMENT_MODE: 'oauth',
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    MCP_SERVER_PORT: String(port),
    NEXTCLOUD_MCP_SERVER_URL: publicUrl,
    MCP_TRUSTED_PROXIES: 'loopback',
    MANAGEMENT_API_TRUSTED_CLIENTS: OPAQUE_CLIENT.clientId,
  });
  aliceToken = await opaqueTokenOfAlice();
  expect((await session(aliceToken, ALICE)).status).toBe(200);
});
afterAll(async () => {
  await sidecar.stop();
  await nextcloud.close();
});

/** An opaque token of the companion's client for the sidecar's /mcp: the provider introspects it for the sidecar. */
async function opaqueTokenOfAlice(): Promise<string> {
  return (await tokensFor(nextcloud, 'alice', OPAQUE_CLIENT, `${publicUrl}/mcp`)).access_token;
}

/** 72 letters and digits, like the oidc app's opaque tokens. */
function garbageToken(): string {
  return randomBytes(64)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 72);
}

function introspections(double = nextcloud): number {
  return double.requests.filter((request) => request.path.endsWith('/apps/oidc/introspect')).length;
}

function session(token: string, from: string) {
  return fetch(`${sidecar.url}/api/v1/users/alice/session`, {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': from },
  });
}

function mcp(token: string, from: string) {
  return fetch(`${sidecar.url}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-forwarded-for': from,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
}

/** Sends `count` requests, `concurrency` at a time; the statuses seen, with how often. */
async function flood(count: number, concurrency: number, send: (i: number) => Promise<Response>) {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const response = await send(next++);
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

describe('garbage Bearer tokens', () => {
  it('sends at most 50 of 2,000 garbage tokens from one address to the provider, and refuses every one', async () => {
    const before = introspections();

    const statuses = await flood(2000, 50, (i) => (i % 2 ? mcp : session)(garbageToken(), ATTACKER));

    const calls = introspections() - before;
    expect(calls).toBeLessThanOrEqual(50);
    expect([...statuses.keys()].sort()).toEqual([401, 429]);
    expect(statuses.get(401)).toBe(calls);
  });

  it('keeps a real user’s remembered token working during the flood, without asking the provider again', async () => {
    const before = introspections();

    const response = await session(aliceToken, ALICE);

    expect(response.status).toBe(200);
    expect(introspections()).toBe(before);
  });

  it('still introspects a new token from another address while one address is refused', async () => {
    const fresh = await opaqueTokenOfAlice();

    const [fromAttacker, fromAlice] = [await session(garbageToken(), ATTACKER), await mcp(fresh, ALICE)];

    expect(fromAttacker.status).toBe(429);
    expect(Number(fromAttacker.headers.get('retry-after'))).toBeGreaterThan(0);
    expect([401, 429]).not.toContain(fromAlice.status);
  });

  it('answers a repeated inactive token from memory: 100 tries cost one introspection', async () => {
    const token = garbageToken();
    const before = introspections();

    const statuses = await flood(100, 10, () => session(token, '192.0.2.99'));

    expect(statuses).toEqual(new Map([[401, 100]]));
    expect(introspections() - before).toBe(1);
  });
});

describe('a failing provider', () => {
  it('costs an address nothing of its budget: after 30 failed introspections it still gets 20', async () => {
    const from = '192.0.2.200';
    nextcloud.setFault('status-500');
    const whileFailing = await flood(30, 5, () => session(garbageToken(), from));
    nextcloud.setFault('none');
    const before = introspections();

    const afterwards = await flood(25, 5, () => session(garbageToken(), from));

    expect([...whileFailing.keys()].every((status) => status === 502 || status === 503)).toBe(true);
    expect(afterwards).toEqual(
      new Map([
        [401, 20],
        [429, 5],
      ]),
    );
    expect(introspections() - before).toBe(20);
  });
});

describe('the introspection cache', () => {
  it('keeps an active token while inactive ones from many addresses overflow their own bound', async () => {
    const http = createHttpClient({ verifySsl: true, timeoutMs: 10_000, userAgent: 'test' });
    const introspect = createIntrospector({
      provider: await fetchProviderMetadata(http, nextcloud.oidc!.discoveryUrl),
      client: () => ({ clientId: SIDECAR_OPAQUE_CLIENT.clientId, clientSecret: SIDECAR_OPAQUE_CLIENT.clientSecret }),
      cache: createIntrospectionCache({ maxActive: 10, maxInactive: 50 }),
    });
    const own = (await tokensFor(nextcloud, 'alice', SIDECAR_OPAQUE_CLIENT)).access_token;
    await introspect(own, ALICE);
    for (let address = 0; address < 30; address += 1) {
      for (let i = 0; i < 10; i += 1) await introspect(garbageToken(), `192.0.2.${address}`);
    }
    const before = introspections();

    const again = await introspect(own, ALICE);

    await http.close();
    expect(again?.subject).toBe('alice');
    expect(introspections()).toBe(before);
  });
});
