// Refresh safety: one refresh per user however many requests wait, users never wait for each other, rotation kept.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { OAuthServices } from '../../src/auth/oauth-context.js';
import { createRefreshLock } from '../../src/auth/refresh-lock.js';
import { createTokenCache } from '../../src/auth/token-cache.js';
import { createUserTokens } from '../../src/auth/user-tokens.js';
import { InvalidGrantError } from '../../src/errors.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { leasedOAuthServices } from '../support/leased-oauth.js';
import { SIDECAR_CLIENT, startNextcloudWithOidc, tokensFor } from '../support/nextcloud-with-oidc.js';
import { makeTempDir } from '../support/temp-dir.js';

let nextcloud: PlatformDouble;
let storage: Store;
let services: OAuthServices;
let temp: ReturnType<typeof makeTempDir>;
const http = createHttpClient({ verifySsl: true, timeoutMs: 10_000, userAgent: 'test' });

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice' }, { id: 'bob' }]);
});
afterAll(async () => {
  await http.close();
  await nextcloud.close();
});

beforeEach(async () => {
  temp = makeTempDir();
  storage = await openStore({ path: temp.file('tokens.db'), encryptionKey: new Uint8Array(32).fill(4) });
  // One process alone: no lease, no shared access tokens.
  services = await leasedOAuthServices(nextcloud, http, storage, { lease: false, shareAccessTokens: false });
});
afterEach(async () => {
  nextcloud.oidc!.setTokenLatency(0);
  await storage.close();
  temp.remove();
});

async function grantBackgroundAccess(userId: string): Promise<string> {
  const tokens = await tokensFor(nextcloud, userId, SIDECAR_CLIENT);
  await storage.refreshTokens!.store(userId, tokens.refresh_token!, tokens.scope.split(' '));
  return tokens.refresh_token!;
}

describe('user tokens with an expired access token', () => {
  it('refresh once for 100 concurrent requests of one user, and all succeed with the same token', async () => {
    const original = await grantBackgroundAccess('alice');
    const before = nextcloud.oidc!.counts.refreshGrants;
    nextcloud.oidc!.setTokenLatency(100);

    const tokens = await Promise.all(Array.from({ length: 100 }, () => services.userTokens.getAccessToken('alice')));

    expect(nextcloud.oidc!.counts.refreshGrants - before).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    const stored = (await storage.refreshTokens!.get('alice'))!;
    expect(stored.token).not.toBe(original);
  });

  it('lets two users refresh at overlapping times against a slow provider (serial would take 1.2 s)', async () => {
    await grantBackgroundAccess('alice');
    await grantBackgroundAccess('bob');
    nextcloud.oidc!.setTokenLatency(600);
    const started = performance.now();

    const [alice, bob] = await Promise.all([
      services.userTokens.getAccessToken('alice'),
      services.userTokens.getAccessToken('bob'),
    ]);

    const elapsed = performance.now() - started;
    expect(alice).not.toBe(bob);
    expect(elapsed).toBeLessThan(1100);
  });

  it('store the rotated refresh token with the end its answer gives: 900 + 900 s later', async () => {
    await grantBackgroundAccess('alice');
    const before = Date.now();

    await services.userTokens.getAccessToken('alice');

    const { expiresAt } = (await storage.refreshTokens!.get('alice'))!;
    expect(expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 1800_000);
    expect(expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1800_000);
  });

  it('keeps using the rotated refresh token on the next refresh', async () => {
    await grantBackgroundAccess('alice');
    await services.userTokens.getAccessToken('alice');
    services.tokenCache.delete('alice');

    const second = await services.userTokens.getAccessToken('alice');

    expect(second).toBeTruthy();
  });
});

describe('user tokens against a provider that drops the refresh token', () => {
  it('refuse the answer and keep the old refresh token', async () => {
    await storage.refreshTokens!.store('alice', 'old-refresh-token', ['openid', 'offline_access']);
    const userTokens = createUserTokens({
      cache: createTokenCache(),
      lock: createRefreshLock(),
      refreshTokens: storage.refreshTokens!,
      refresh: async () => ({ access_token: 'new-access', expires_in: 300 }),
    });

    await expect(userTokens.getAccessToken('alice')).rejects.toThrow(/without a new refresh token/);

    expect((await storage.refreshTokens!.get('alice'))!.token).toBe('old-refresh-token');
  });
});

describe('user tokens when the provider refuses the grant', () => {
  it('forget the dead refresh token', async () => {
    await storage.refreshTokens!.store('bob', 'not-a-real-refresh-token', ['openid', 'offline_access']);

    await expect(services.userTokens.getAccessToken('bob')).rejects.toThrow(/refused the grant/);

    expect(await storage.refreshTokens!.get('bob')).toBeUndefined();
  });
});

/** A sidecar's OAuth context on `store` with a refresh lease in its database (its own lock and token cache). */
const leasedContext = (store: Store) => leasedOAuthServices(nextcloud, http, store);

/** A second sidecar process on the same database: its own connection, lock, token cache and OAuth context. */
async function secondProcess(): Promise<{ storage: Store; services: OAuthServices }> {
  const other = await openStore({ path: temp.file('tokens.db'), encryptionKey: new Uint8Array(32).fill(4) });
  return { storage: other, services: await leasedContext(other) };
}

describe('two sidecar processes on one database', () => {
  it('refresh one after the other under the lease, both succeed, and the rotated refresh token is kept', async () => {
    const leased = await leasedContext(storage);
    const second = await secondProcess();
    await grantBackgroundAccess('alice');
    nextcloud.oidc!.setTokenLatency(200);

    const outcomes = await Promise.allSettled([
      leased.userTokens.getAccessToken('alice'),
      second.services.userTokens.getAccessToken('alice'),
    ]);

    nextcloud.oidc!.setTokenLatency(0);
    second.services.tokenCache.delete('alice');
    const later = await second.services.userTokens.getAccessToken('alice').catch((error: unknown) => error);
    await second.storage.close();
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(typeof later).toBe('string');
  });
});

describe('user tokens when the provider refuses a refresh token another process already rotated', () => {
  it('keep the newer refresh token instead of deleting it', async () => {
    await storage.refreshTokens!.store('alice', 'spent-refresh-token', ['openid', 'offline_access']);
    const userTokens = createUserTokens({
      cache: createTokenCache(),
      lock: createRefreshLock(),
      refreshTokens: storage.refreshTokens!,
      refresh: async () => {
        // Meanwhile another process rotated the token and stored the new one.
        await storage.refreshTokens!.store('alice', 'rotated-refresh-token', ['openid', 'offline_access']);
        throw new InvalidGrantError();
      },
    });

    await expect(userTokens.getAccessToken('alice')).rejects.toBeInstanceOf(InvalidGrantError);

    expect((await storage.refreshTokens!.get('alice'))?.token).toBe('rotated-refresh-token');
  });
});
