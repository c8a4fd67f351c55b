// Pending browser sign-ins on both engines: single use (also when two replicas take at once), expiry, and a bounded
// table (expired rows first, then the oldest).
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createOAuthSessionStore, type OAuthSessionStore, type PendingSignIn } from '../../src/store/oauth-sessions.js';
import { createSecretBox } from '../../src/store/secret-box.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import { describeOnEngines } from '../support/sql-engines.js';

const KEY = new Uint8Array(32).fill(5);

describeOnEngines('pending sign-ins', (engine) => {
  let storage: Store;
  let now: number;
  const clock = () => new Date(now);
  beforeEach(async () => {
    storage = await openStore({ ...(await engine.fresh()) });
    now = Date.UTC(2026, 10, 23, 8);
  });
  afterEach(() => storage.close());

  const storeWith = async (maxPending?: number): Promise<OAuthSessionStore> =>
    createOAuthSessionStore(storage.db, await createSecretBox(KEY), { clock, maxPending });
  const pending = (sessionId: string, lifetimeMs = 600_000): PendingSignIn => ({
    sessionId,
    state: `state-${sessionId}`,
    codeVerifier: `verifier-${sessionId}`,
    redirectUri: 'https://mcp.example.com/oauth/callback',
    expiresAt: new Date(now + lifetimeMs),
  });
  const ids = async () =>
    (await storage.db.all<{ session_id: string }>('SELECT session_id FROM oauth_sessions ORDER BY session_id')).map(
      (row) => row.session_id,
    );

  it('are taken once, and not after they expire', async () => {
    const store = await storeWith();
    await store.save(pending('a'));
    await store.save(pending('b', 1000));

    const first = await store.take('a', clock());
    const again = await store.take('a', clock());
    const expired = await store.take('b', new Date(now + 1000));

    expect(first).toMatchObject({ state: 'state-a', codeVerifier: 'verifier-a' });
    expect(again).toBeUndefined();
    expect(expired).toBeUndefined();
  });

  it('are taken by exactly one of many concurrent callers', async () => {
    const store = await storeWith();
    await store.save(pending('raced'));

    const taken = await Promise.all(Array.from({ length: 10 }, () => store.take('raced', clock())));

    expect(taken.filter((entry) => entry !== undefined)).toHaveLength(1);
  });

  it('stay within the cap under a flood: expired rows go first, then the oldest pending ones', async () => {
    const store = await storeWith(3);
    await store.save(pending('expiring', 1000));
    now += 1;
    await store.save(pending('oldest'));
    now += 1;
    await store.save(pending('middle'));
    now += 1000;

    for (const id of ['new-1', 'new-2', 'new-3', 'new-4']) {
      await store.save(pending(id));
      now += 1;
    }

    expect(await store.count()).toBe(3);
    expect(await ids()).toEqual(['new-2', 'new-3', 'new-4']);
  });

  it('drop an expired row before a pending one when the table is full', async () => {
    const store = await storeWith(2);
    await store.save(pending('kept'));
    now += 1;
    await store.save(pending('expiring', 10));
    now += 10;

    await store.save(pending('new'));

    expect(await ids()).toEqual(['kept', 'new']);
  });
});
