// The admin webhook routes against the platform double: an admin registers a preset (the double holds it with header
// auth and an eventFilter), a non-admin is refused, bad input registers nothing, delete removes it at both ends, and
// the double's cron delivers a real file event to our receiver, which authenticates it and wakes the sync.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { createNotesApp } from '../../../test/platform/apps/notes.js';
import {
  createWebhookListenersApp,
  type WebhookListenersDouble,
} from '../../../test/platform/apps/webhook-listeners.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { Router } from 'express';
import { createWebhookRouter } from '../../src/api/webhook-routes.js';
import { guardsFor } from '../support/basic-user-caller.js';
import { createHttpClient, type HttpClient } from '../../src/net/http-client.js';
import type { WakeEvent } from '../../src/knowledge/sync/wake-event.js';
import { presetDefinition, type PresetDefinition } from '../../src/knowledge/webhooks/webhook-presets.js';
import { WEBHOOK_SECRET_HEADER } from '../../src/api/webhook-receiver.js';
import type { WebhookRegistrationStore } from '../../src/knowledge/webhooks/webhook-registrations.js';
import type { WebhookDeliveries } from '../../src/knowledge/webhooks/webhook-deliveries.js';
import { openTestWebhookStore, startReceiverApp } from '../support/webhook-app.js';
import { basicUserCaller } from '../support/basic-user-caller.js';

const KEY = new Uint8Array(32).fill(3);
const basicAuth = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
const ADMIN = { loginName: 'admin', password: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA' };
const ALICE = { loginName: 'alice', password: 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB' };
let double: PlatformDouble;
let hooks: WebhookListenersDouble;
let store: WebhookRegistrationStore;
let deliveries: WebhookDeliveries;
let closeStore: () => Promise<void>;
let http: HttpClient;
const apps: { close(): Promise<void> }[] = [];
let adminUrl: string;
let aliceUrl: string;
let woken: WakeEvent[][] = [];

/** An app like app.ts builds it: the receiver before express.json, the routes as `userId` with `credentials`. */
async function startApp(
  userId: string,
  credentials: typeof ADMIN,
  presets?: (preset: 'files' | 'notes' | 'calendar' | 'tables') => PresetDefinition,
): Promise<string> {
  const app = await startReceiverApp({
    store,
    deliveries,
    onWake: (events) => void woken.push(events),
    routes: (url) =>
      Router().use(
        guardsFor(basicUserCaller(double.url, userId, credentials)),
        createWebhookRouter({
          registrations: store,
          http,
          nextcloudHost: double.url,
          receiverUrl: `${url}/webhooks/nextcloud`,
          presets,
        }),
      ),
  });
  apps.push(app);
  return app.url;
}

beforeAll(async () => {
  hooks = createWebhookListenersApp();
  double = await startPlatformDouble({
    users: [
      { id: 'admin', groups: ['admin'], appPasswords: [ADMIN.password] },
      { id: 'alice', appPasswords: [ALICE.password] },
    ],
    apps: [createFilesApp(), createNotesApp(), hooks],
  });
  ({ store, deliveries, close: closeStore } = await openTestWebhookStore(KEY));
  http = createHttpClient({ verifySsl: true, timeoutMs: 5000, userAgent: 'test' });
  adminUrl = await startApp('admin', ADMIN);
  aliceUrl = await startApp('alice', ALICE);
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await http.close();
  await double.close();
  await closeStore();
});
beforeEach(async () => {
  for (const registration of await store.list())
    await call(adminUrl, `/api/v1/webhooks/${registration.id}`, { method: 'DELETE' });
  await hooks.runWebhookJobs();
  woken = [];
});

const call = (base: string, path: string, init: { method?: string; body?: string; type?: string } = {}) =>
  fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: init.body === undefined ? {} : { 'content-type': init.type ?? 'application/json' },
    body: init.body,
  });
const registerPreset = (preset: unknown, base = adminUrl) =>
  call(base, '/api/v1/webhooks', { method: 'POST', body: JSON.stringify({ preset }) });

describe('webhook routes: registering', () => {
  it('registers every event of a preset at Nextcloud with header auth, a secret and an eventFilter, never a userIdFilter', async () => {
    const response = await registerPreset('files');

    expect(response.status).toBe(201);
    const listeners = hooks.listeners();
    expect(listeners.map((listener) => listener.event)).toContain('OCP\\Files\\Events\\Node\\NodeWrittenEvent');
    for (const listener of listeners) {
      expect(listener.authMethod).toBe('header');
      expect(Object.keys(listener.authData ?? {})).toEqual([WEBHOOK_SECRET_HEADER]);
      expect(Object.keys(listener.eventFilter).length).toBeGreaterThan(0);
      expect(listener.userIdFilter).toBe('');
      expect(listener.uri).toBe(`${adminUrl}/webhooks/nextcloud`);
    }
    expect((await store.list()).map((registration) => registration.nextcloudId).sort()).toEqual(
      listeners.map((l) => l.id).sort(),
    );
  });

  it('lists our webhooks with their Nextcloud id, event, preset and creation time, never a secret', async () => {
    await registerPreset('notes');

    const response = await call(adminUrl, '/api/v1/webhooks');
    const body = (await response.json()) as { webhooks: Record<string, unknown>[] };
    expect(body.webhooks[0]).toMatchObject({
      nextcloud_id: expect.any(Number),
      preset: 'notes',
      created_at: expect.any(String),
    });
    const secrets = hooks.listeners().map((listener) => Object.values(listener.authData ?? {})[0] ?? '');
    for (const secret of secrets) expect(JSON.stringify(body)).not.toContain(secret);
  });

  it('answers 409 for a preset already registered', async () => {
    await registerPreset('files');

    const again = await registerPreset('files');
    expect(again.status).toBe(409);
    expect(hooks.listeners()).toHaveLength((await store.list()).length);
  });

  it('refuses bad input with 400 and registers nothing; Deck says why it is not offered', async () => {
    const answers = await Promise.all([
      registerPreset('deck'),
      registerPreset(7),
      call(adminUrl, '/api/v1/webhooks', { method: 'POST', body: '{"preset":"files","x":1}' }),
      call(adminUrl, '/api/v1/webhooks', { method: 'POST', body: '{' }),
      call(adminUrl, '/api/v1/webhooks', {
        method: 'POST',
        body: 'preset=files',
        type: 'application/x-www-form-urlencoded',
      }),
    ]);

    expect(answers.map((response) => response.status)).toEqual([400, 400, 400, 400, 400]);
    expect(((await answers[0]!.json()) as { message: string }).message).toMatch(/Deck.*not webhook-compatible/);
    expect(hooks.listeners()).toEqual([]);
    expect(await store.list()).toEqual([]);
  });

  it('registers the calendar preset without CalendarObjectRestoredEvent, which Nextcloud never delivers', async () => {
    const response = await registerPreset('calendar');

    expect(response.status).toBe(201);
    expect(hooks.listeners().map((listener) => listener.event.split('\\').pop())).toEqual([
      'CalendarObjectCreatedEvent',
      'CalendarObjectUpdatedEvent',
      'CalendarObjectDeletedEvent',
      'CalendarObjectMovedToTrashEvent',
    ]);
  });

  it('refuses a filter with an operator Nextcloud cannot evaluate with 400, before asking Nextcloud', async () => {
    const withBogusFilter = (preset: 'files' | 'notes' | 'calendar' | 'tables') => {
      const definition = presetDefinition(preset);
      const [first, ...rest] = definition.registrations;
      return { ...definition, registrations: [...rest, { ...first!, eventFilter: { 'user.uid': { $bogus: 1 } } }] };
    };
    const url = await startApp('admin', ADMIN, withBogusFilter);
    const requestsBefore = double.requests.length;

    const response = await registerPreset('files', url);

    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /operator "\$bogus".*silence the other webhooks of that event/,
    );
    expect(double.requests.length).toBe(requestsBefore);
    expect(hooks.listeners()).toEqual([]);
  });

  it('answers 409 for a preset whose app is not enabled (tables), and registers nothing', async () => {
    const response = await registerPreset('tables');

    expect(response.status).toBe(409);
    expect(hooks.listeners()).toEqual([]);
  });

  it('refuses a non-admin with 403 on every route, and nothing is registered', async () => {
    const answers = await Promise.all([
      call(aliceUrl, '/api/v1/apps'),
      call(aliceUrl, '/api/v1/webhooks'),
      registerPreset('files', aliceUrl),
      call(aliceUrl, '/api/v1/webhooks/1', { method: 'DELETE' }),
    ]);

    expect(answers.map((response) => response.status)).toEqual([403, 403, 403, 403]);
    expect(((await answers[0]!.json()) as { message: string }).message).toBe(
      'Only Nextcloud administrators manage webhooks.',
    );
    expect(hooks.listeners()).toEqual([]);
  });

  it('lists the enabled apps and, per preset, whether its app is enabled', async () => {
    const body = (await (await call(adminUrl, '/api/v1/apps')).json()) as {
      apps: string[];
      webhooks_available: boolean;
      presets: { preset: string; app_enabled: boolean }[];
    };

    expect(body.apps).toContain('webhook_listeners');
    expect(body.webhooks_available).toBe(true);
    expect(Object.fromEntries(body.presets.map((p) => [p.preset, p.app_enabled]))).toEqual({
      files: true,
      notes: true,
      calendar: true,
      tables: false,
    });
  });
});

describe('webhook routes: deleting', () => {
  it('deletes at Nextcloud, then locally; an unknown id is 404, a malformed one 400', async () => {
    await registerPreset('files');
    const [first] = await store.list();

    const deleted = await call(adminUrl, `/api/v1/webhooks/${first!.id}`, { method: 'DELETE' });
    const again = await call(adminUrl, `/api/v1/webhooks/${first!.id}`, { method: 'DELETE' });
    const malformed = await call(adminUrl, '/api/v1/webhooks/x', { method: 'DELETE' });

    expect([deleted.status, again.status, malformed.status]).toEqual([200, 404, 400]);
    expect(hooks.listeners().map((listener) => listener.id)).not.toContain(first!.nextcloudId);
    expect(await store.get(first!.id)).toBeUndefined();
  });
});

describe('webhook routes: end to end', () => {
  it("the double's cron delivers a file event to our receiver, which authenticates it and wakes the sync", async () => {
    await registerPreset('files');
    await fetch(`${double.url}/remote.php/dav/files/alice/Documents`, {
      method: 'MKCOL',
      headers: { authorization: basicAuth(ALICE.loginName, ALICE.password) },
    });
    const put = await fetch(`${double.url}/remote.php/dav/files/alice/Documents/plan.md`, {
      method: 'PUT',
      headers: { authorization: basicAuth(ALICE.loginName, ALICE.password) },
      body: '# Plan',
    });

    const deliveries = await hooks.runWebhookJobs();

    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.map((delivery) => delivery.status)).toEqual(deliveries.map(() => 202));
    expect(woken.flat()).toContainEqual({
      userId: 'alice',
      docType: 'file',
      docId: String(Number(put.headers.get('oc-fileid')?.slice(0, 8))),
      filePath: '/Documents/plan.md',
      deleted: false,
    });
  });

  it('after the webhooks are deleted, a call with their old secret is refused', async () => {
    await registerPreset('files');
    const [listener] = hooks.listeners();
    const secret = Object.values(listener?.authData ?? {})[0] ?? '';
    for (const registration of await store.list())
      await call(adminUrl, `/api/v1/webhooks/${registration.id}`, { method: 'DELETE' });

    const response = await fetch(`${adminUrl}/webhooks/nextcloud`, {
      method: 'POST',
      headers: { [WEBHOOK_SECRET_HEADER]: secret },
      body: new Uint8Array(Buffer.from('{}')),
    });
    expect(response.status).toBe(401);
  });
});
