// POST /webhooks/nextcloud: 401 and nothing else without our secret, each payload shape of docs/nextcloud-behaviour.md
// turned into the right WakeEvents, a size cap, and a fuzz of bodies and headers that never gets a 5xx or a wake before
// auth.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WakeEvent } from '../../../src/knowledge/sync/wake-event.js';
import { MAX_WEBHOOK_BODY_BYTES, WEBHOOK_SECRET_HEADER } from '../../../src/api/webhook-receiver.js';
import { generateWebhookSecret } from '../../../src/knowledge/webhooks/webhook-registrations.js';
import type { WebhookPreset } from '../../../src/knowledge/webhooks/webhook-presets.js';
import { openTestWebhookStore, startReceiverApp } from '../../support/webhook-app.js';

const KEY = new Uint8Array(32).fill(7);
const NODE = 'OCP\\Files\\Events\\Node\\';
const CAL = 'OCP\\Calendar\\Events\\';
const secrets: Record<WebhookPreset, string> = {
  files: generateWebhookSecret(),
  notes: generateWebhookSecret(),
  calendar: generateWebhookSecret(),
  tables: generateWebhookSecret(),
};
let closeStore: () => Promise<void>;
let closeApp: () => Promise<void>;
let url: string;
let woken: WakeEvent[][] = [];

beforeAll(async () => {
  const { store, deliveries, close } = await openTestWebhookStore(KEY);
  closeStore = close;
  let nextcloudId = 1;
  for (const [preset, secret] of Object.entries(secrets) as [WebhookPreset, string][]) {
    await store.add({
      nextcloudId: nextcloudId++,
      event: `${NODE}NodeWrittenEvent`,
      preset,
      uri: 'http://x/',
      eventFilter: {},
      registeredBy: 'admin',
      secret,
    });
  }
  const app = await startReceiverApp({ store, deliveries, onWake: (events) => void woken.push(events) });
  closeApp = app.close;
  url = `${app.url}/webhooks/nextcloud`;
});
afterAll(async () => {
  await closeApp();
  await closeStore();
});
beforeEach(() => {
  woken = [];
});

/** As Nextcloud sends it: no Content-Type. */
/** `secret` null: no secret header at all. */
const send = (body: unknown, secret: string | null = secrets.files, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: {
      ...(secret === null ? {} : { [WEBHOOK_SECRET_HEADER]: secret }),
      'user-agent': 'Nextcloud Server Crawler',
      ...headers,
    },
    body: new Uint8Array(Buffer.from(typeof body === 'string' ? body : JSON.stringify(body))),
  });
/** Each payload stamped a second later than the one before: no two are the same delivery. */
let stamp = Math.floor(Date.now() / 1000) - 600;
const payload = (event: Record<string, unknown>) => ({
  event,
  user: { uid: 'alice', displayName: 'Alice' },
  time: (stamp += 1),
});
const wakes = async (response: Response) => {
  expect(response.status).toBe(202);
  return woken.flat();
};

describe('webhook receiver: replays', () => {
  const written = (time: unknown) => ({
    event: { node: { id: 77, path: '/alice/files/replayed.md' }, class: `${NODE}NodeWrittenEvent` },
    user: { uid: 'alice', displayName: 'Alice' },
    time,
  });
  const now = () => Math.floor(Date.now() / 1000);

  it('ignores a delivery older than the window, one stamped far ahead, and one without a time', async () => {
    const answers = await Promise.all([send(written(now() - 3601)), send(written(now() + 600)), send(written(null))]);

    const bodies = await Promise.all(answers.map((answer) => answer.json()));

    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202]);
    expect(bodies).toEqual([
      { accepted: 0, ignored: 'older than the webhook window' },
      { accepted: 0, ignored: 'stamped in the future' },
      { accepted: 0, ignored: 'no time stamp' },
    ]);
    expect(woken).toEqual([]);
  });

  it('acts on a delivery once: the same body sent again is a replay and wakes nothing', async () => {
    const delivery = written(now() - 30);

    const first = await wakes(await send(delivery));
    const again = await send(delivery);

    expect(first).toHaveLength(1);
    expect(await again.json()).toEqual({ accepted: 0, ignored: 'delivered before' });
    expect(woken.flat()).toHaveLength(1);
  });
});

describe('webhook receiver: authentication', () => {
  const event = payload({ node: { id: 5, path: '/alice/files/a.md' }, class: `${NODE}NodeWrittenEvent` });

  it('answers 401 without the secret header, with a wrong one, and with one that is almost right; nothing is woken', async () => {
    const answers = await Promise.all([
      send(event, null),
      send(event, 'wrong'),
      send(event, `${secrets.files}x`),
      send(event, secrets.files.slice(0, -1)),
      send(event, ''),
    ]);

    expect(answers.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(((await answers[0]!.json()) as { error: string }).error).toBe('unauthenticated');
    expect(woken).toEqual([]);
  });

  it('does not even parse the body before authenticating: malformed JSON without the secret is 401, not 400', async () => {
    const response = await send('{not json', 'wrong');

    expect(response.status).toBe(401);
  });

  it('with a good secret, malformed JSON is 400 and a body that is no event is 400', async () => {
    expect((await send('{not json')).status).toBe(400);
    expect((await send([1, 2])).status).toBe(400);
    expect((await send({ event: { node: {} } })).status).toBe(400);
    expect(woken).toEqual([]);
  });

  it('refuses a body over 2 MiB with 413, after authentication', async () => {
    const big = JSON.stringify(payload({ class: `${NODE}NodeWrittenEvent`, pad: 'x'.repeat(MAX_WEBHOOK_BODY_BYTES) }));

    expect((await send(big)).status).toBe(413);
    expect((await send(big, 'wrong')).status).toBe(401);
  });

  it('accepts a JSON Content-Type too', async () => {
    const response = await send(event, secrets.files, { 'content-type': 'application/json' });

    expect(await wakes(response)).toHaveLength(1);
  });
});

describe('webhook receiver: payloads', () => {
  it('NodeWrittenEvent / NodeCreatedEvent: an upsert of the file, path translated from /{uid}/files/…, id kept', async () => {
    const response = await send(
      payload({ node: { id: 3628, path: '/alice/files/vt-hook/new.txt' }, class: `${NODE}NodeCreatedEvent` }),
    );

    expect(await wakes(response)).toEqual([
      { userId: 'alice', docType: 'file', docId: '3628', filePath: '/vt-hook/new.txt', deleted: false },
    ]);
    expect(await response.json()).toEqual({ accepted: 1 });
  });

  it('NodeDeletedEvent (no id) and BeforeNodeDeletedEvent (with id): deletions', async () => {
    await send(payload({ node: { path: '/alice/files/gone.txt' }, class: `${NODE}NodeDeletedEvent` }));
    await send(payload({ node: { id: 9, path: '/alice/files/gone.txt' }, class: `${NODE}BeforeNodeDeletedEvent` }));

    expect(woken.flat()).toEqual([
      { userId: 'alice', docType: 'file', filePath: '/gone.txt', deleted: true },
      { userId: 'alice', docType: 'file', docId: '9', filePath: '/gone.txt', deleted: true },
    ]);
  });

  it('NodeRenamedEvent: a deletion of the source path and an upsert of the target', async () => {
    const response = await send(
      payload({
        source: { path: '/bob/files/a.md' },
        target: { id: 12, path: '/bob/files/b/a.md' },
        class: `${NODE}NodeRenamedEvent`,
      }),
    );

    expect(await wakes(response)).toEqual([
      { userId: 'bob', docType: 'file', filePath: '/a.md', deleted: true },
      { userId: 'bob', docType: 'file', docId: '12', filePath: '/b/a.md', deleted: false },
    ]);
  });

  it('the uid of the path is the user woken, and paths outside /{uid}/files/ are ignored', async () => {
    const response = await send(
      payload({ node: { id: 1, path: '/bob/files_trashbin/files/x.d1' }, class: `${NODE}NodeWrittenEvent` }),
    );
    await send(payload({ node: { id: 1, path: '/appdata_x/preview/1' }, class: `${NODE}NodeWrittenEvent` }));
    await send(payload({ node: { id: 1, path: '/../files/x' }, class: `${NODE}NodeWrittenEvent` }));

    expect(await wakes(response)).toEqual([]);
    expect(await response.json()).toEqual({ accepted: 0 });
  });

  it('a call of the notes preset wakes the note, whose id is the file id', async () => {
    const response = await send(
      payload({ node: { id: 77, path: '/alice/files/Notes/Todo.md' }, class: `${NODE}NodeWrittenEvent` }),
      secrets.notes,
    );

    expect(await wakes(response)).toEqual([
      { userId: 'alice', docType: 'note', docId: '77', filePath: '/Notes/Todo.md', deleted: false },
    ]);
  });

  const calendarEvent = (verb: string, objectUri = 'ev-1.ics') =>
    payload({
      calendarId: 75,
      calendarData: {
        id: 75,
        uri: 'personal',
        principaluri: 'principals/users/alice',
        '{DAV:}displayname': 'Personal',
      },
      shares: [],
      objectData: { id: 1, uri: objectUri, uid: 'ev-1', calendardata: 'BEGIN:VCALENDAR…', component: 'vevent' },
      class: `${CAL}CalendarObject${verb}Event`,
    });

  it('calendar object events: the user from principaluri, the document {calendar}/{object}, deleted for MovedToTrash', async () => {
    for (const verb of ['Created', 'Updated', 'MovedToTrash', 'Restored'])
      await send(calendarEvent(verb), secrets.calendar);

    expect(woken.flat().map((e) => e.deleted)).toEqual([false, false, true, false]);
    expect(woken[0]).toEqual([
      { userId: 'alice', docType: 'calendar_item', docId: 'personal/ev-1.ics', deleted: false },
    ]);
  });

  it('a purged trash entry ({name}-deleted.ics) has the document {calendar}/{name}.ics read again, not removed', async () => {
    const response = await send(calendarEvent('Deleted', 'ev-1-deleted.ics'), secrets.calendar);

    expect(await wakes(response)).toEqual([
      { userId: 'alice', docType: 'calendar_item', docId: 'personal/ev-1.ics', deleted: false },
      { userId: 'alice', docType: 'calendar_item', docId: 'personal/ev-1-deleted.ics', deleted: false },
    ]);
  });

  it('Tables row events and unknown classes are accepted and wake nothing', async () => {
    const row = await send(
      payload({ tableId: 1, rowId: 2, previousValues: null, values: [], class: 'OCA\\Tables\\Event\\RowAddedEvent' }),
      secrets.tables,
    );
    const other = await send(payload({ class: 'OCP\\SystemTag\\MapperEvent' }));

    expect([row.status, other.status]).toEqual([202, 202]);
    expect(woken).toEqual([]);
  });
});

describe('webhook receiver: fuzz', () => {
  it('never answers 5xx and never wakes before authentication, whatever the body and headers', async () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
    const bodies = [
      '',
      'null',
      '[]',
      '{}',
      '{"event":null}',
      '{"event":{"class":5}}',
      `{"event":{"class":"${NODE.replace(/\\/g, '\\\\')}NodeWrittenEvent","node":{"id":"x","path":7}}}`,
      `{"event":{"class":"${NODE.replace(/\\/g, '\\\\')}NodeRenamedEvent","source":[],"target":"x"}}`,
      `{"event":{"class":"${CAL.replace(/\\/g, '\\\\')}CalendarObjectCreatedEvent","calendarData":{"principaluri":"principals/users/../x","uri":"a"},"objectData":{"uri":"/"}}}`,
      '\u0000\u00ff\ud800',
      '{"a":'.repeat(500),
    ];
    for (let i = 0; i < 120; i++) {
      const body =
        random() < 0.3
          ? Buffer.from(Array.from({ length: Math.floor(random() * 300) }, () => Math.floor(random() * 256))).toString(
              'latin1',
            )
          : pick(bodies);
      const authed = random() < 0.5;
      const headers = pick<Record<string, string>>([
        {},
        { 'content-type': 'application/json' },
        { 'content-type': 'text/plain' },
        { 'content-encoding': 'gzip' },
        { 'content-type': 'application/x-www-form-urlencoded' },
      ]);
      woken = [];
      const response = await send(
        body,
        authed ? pick(Object.values(secrets)) : pick([null, 'x', secrets.files.toUpperCase()]),
        headers,
      );

      expect(response.status).toBeLessThan(500);
      if (!authed) {
        expect(response.status).toBe(401);
        expect(woken).toEqual([]);
      }
    }
  });
});
