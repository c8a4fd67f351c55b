// GET /oauth/login starts a sign-in without authentication: each start writes a pending row, so starts are limited
// per client address and the pending rows are capped; a flood leaves a bounded table.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { SIGN_INS_PER_ADDRESS } from '../../src/api/oauth-browser-routes.js';
import { MAX_PENDING_SIGN_INS } from '../../src/store/oauth-sessions.js';
import { startNextcloudWithOidc } from '../support/nextcloud-with-oidc.js';
import { startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice' }]);
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    // The test plays many clients behind one reverse proxy on loopback.
    MCP_TRUSTED_PROXIES: 'loopback',
  });
});
afterAll(async () => {
  await sidecar.stop();
  await nextcloud.close();
});

const startSignIn = (client: string) =>
  fetch(`${sidecar.url}/oauth/login`, { redirect: 'manual', headers: { 'x-forwarded-for': client } });

function pendingRows(): number {
  const db = new Database(sidecar.dbPath, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM oauth_sessions').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('GET /oauth/login under a flood', () => {
  it('answers 429 with Retry-After once one address started too many sign-ins, writing no more rows', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_INS_PER_ADDRESS; i += 1) statuses.push((await startSignIn('203.0.113.1')).status);
    const rowsBefore = pendingRows();

    const limited = await startSignIn('203.0.113.1');
    const other = await startSignIn('203.0.113.2');

    expect(statuses).toEqual(Array(SIGN_INS_PER_ADDRESS).fill(303));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(other.status).toBe(303);
    expect(pendingRows()).toBe(rowsBefore + 1);
  });

  it('keeps at most MAX_PENDING_SIGN_INS pending rows however many addresses start sign-ins', async () => {
    const flood = MAX_PENDING_SIGN_INS + 100;

    const statuses = new Set<number>();
    for (let i = 0; i < flood; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) => startSignIn(`10.0.${(i + j) >> 8}.${(i + j) & 255}`));
      for (const response of await Promise.all(batch)) statuses.add(response.status);
    }

    expect([...statuses]).toEqual([303]);
    expect(pendingRows()).toBe(MAX_PENDING_SIGN_INS);
  });
});
