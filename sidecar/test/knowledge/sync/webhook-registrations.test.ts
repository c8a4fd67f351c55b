// The webhook registration store on both engines: bounded, audited, secrets matched in constant time, and what one
// replica registers or deletes is seen by another sharing the database.
import { afterEach, expect, it } from 'vitest';
import { generateWebhookSecret, SECRETS_MAX_AGE_MS } from '../../../src/knowledge/webhooks/webhook-registrations.js';
import type { NewWebhookRegistration } from '../../../src/knowledge/webhooks/webhook-registrations.js';
import { describeOnEngines } from '../../support/sql-engines.js';
import { openTestWebhookStore } from '../../support/webhook-app.js';

const KEY = new Uint8Array(32).fill(7);

const registration = (nextcloudId: number, secret: string): NewWebhookRegistration => ({
  nextcloudId,
  event: 'OCP\\Files\\Events\\Node\\NodeWrittenEvent',
  preset: 'files',
  uri: 'http://sidecar/webhooks/nextcloud',
  eventFilter: { 'event.node.path': { $regex: '/^\\/[^/]+\\/files\\//' } },
  registeredBy: 'admin',
  secret,
});

describeOnEngines('webhook registrations', (engine) => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  const open = async (where: { path: string; databaseUrl?: string }, clock?: () => Date) => {
    const { store, close } = await openTestWebhookStore(KEY, where, clock);
    closers.push(close);
    return store;
  };

  it('adds, lists, gets and deletes registrations, matching only a registered secret', async () => {
    const store = await open(await engine.fresh());
    const secret = generateWebhookSecret();
    const added = await store.add(registration(11, secret), 'req-1');
    expect(added).toMatchObject({ nextcloudId: 11, preset: 'files', registeredBy: 'admin' });
    expect(added.eventFilter).toEqual(registration(11, secret).eventFilter);
    expect(await store.list()).toEqual([added]);
    expect(await store.get(added.id)).toEqual(added);
    expect(await store.count()).toBe(1);
    expect(await store.match(secret)).toEqual({ preset: 'files' });
    expect(await store.match(generateWebhookSecret())).toBeUndefined();
    expect(await store.delete(added.id, 'admin', 'req-2')).toBe(true);
    expect(await store.delete(added.id, 'admin', 'req-3')).toBe(false);
    expect(await store.match(secret)).toBeUndefined();
    expect(await store.list()).toEqual([]);
  });

  it('refuses more than the maximum and stores nothing for the refused one', async () => {
    const store = await open(await engine.fresh());
    for (let i = 1; i <= 40; i++) await store.add(registration(i, generateWebhookSecret()));
    await expect(store.add(registration(41, generateWebhookSecret()))).rejects.toThrow(/At most 40/);
    expect(await store.count()).toBe(40);
  });

  it('matches at once a secret another replica registered, and stops matching one it deleted', async () => {
    const where = await engine.fresh();
    let now = 1_000_000;
    const clock = () => new Date(now);
    const first = await open(where, clock);
    const second = await open(where, clock);
    const secret = generateWebhookSecret();
    expect(await second.match(secret)).toBeUndefined();

    now += 1000;
    const added = await first.add(registration(5, secret));
    // Nextcloud may deliver to the other replica straight away: a miss there reads the database again.
    expect(await second.match(secret)).toEqual({ preset: 'files' });

    await first.delete(added.id, 'admin');
    now += SECRETS_MAX_AGE_MS + 1;
    expect(await second.match(secret)).toBeUndefined();
  });
});
