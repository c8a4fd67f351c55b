// The budget of failed validations for all client addresses together: wrong app passwords from many (forwarded)
// addresses stop reaching Nextcloud once FAILED_VALIDATIONS_TOTAL_LIMIT is used up, even when they arrive at once,
// and /mcp's Basic pairs share it.
import { afterEach, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth, startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

const RIGHT = 'AbCdE-12345-fGhIj-67890-KlMnO';
const WRONG = 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ';
const LIMIT = 5;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(): Promise<{ nextcloud: PlatformDouble; sidecar: TestSidecar }> {
  const nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [RIGHT] }] });
  cleanups.push(() => nextcloud.close());
  const sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    MCP_TRUSTED_PROXIES: 'loopback',
    FAILED_VALIDATIONS_TOTAL_LIMIT: String(LIMIT),
  });
  cleanups.push(() => sidecar.stop());
  return { nextcloud, sidecar };
}

/** A provisioning from the forwarded client `from`, with alice's `password`. */
function provision(sidecar: TestSidecar, from: string, password = WRONG) {
  return fetch(`${sidecar.url}/api/v1/users/alice/app-password`, {
    method: 'POST',
    headers: { authorization: basicAuth('alice', password), 'x-forwarded-for': from },
  });
}

describe('FAILED_VALIDATIONS_TOTAL_LIMIT', () => {
  it('answers 429 with Retry-After once wrong passwords from many addresses used it up, without asking Nextcloud', async () => {
    const { nextcloud, sidecar } = await start();

    const statuses = [];
    for (let i = 1; i <= 12; i += 1) statuses.push((await provision(sidecar, `198.51.100.${i}`)).status);
    const next = await provision(sidecar, '203.0.113.1', RIGHT);

    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), ...Array<number>(12 - LIMIT).fill(429)]);
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(60);
    expect(nextcloud.failedLogins()).toBe(LIMIT);
  });

  it('lets no more failures reach Nextcloud than it allows when 40 addresses try at once', async () => {
    const { nextcloud, sidecar } = await start();
    // Nextcloud answers failed logins slowly (its brute-force protection delays them).
    nextcloud.setLatency(300);

    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => provision(sidecar, `2001:db8:${i.toString(16)}::1`)),
    );

    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - LIMIT);
    expect(nextcloud.failedLogins()).toBe(LIMIT);
  });

  it('counts the Basic pairs /mcp newly finds refused in the same budget', async () => {
    const { nextcloud, sidecar } = await start();
    for (let i = 1; i <= LIMIT; i += 1) await provision(sidecar, `198.51.100.${i}`);

    const mcp = await fetch(`${sidecar.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: basicAuth('alice', 'YYYYY-YYYYY-YYYYY-YYYYY-YYYYY'),
        'x-forwarded-for': '203.0.113.2',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });

    expect(mcp.status).toBe(429);
    expect(nextcloud.failedLogins()).toBe(LIMIT);
  });
});
