// The webhook_listeners double answers and delivers as docs/nextcloud-behaviour.md ("Webhooks") says, one test per
// fact: the admin-only OCS API with its refusals, delivery as background jobs with Nextcloud's headers and payloads,
// filters.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDavApp, type DavApp } from '../../../test/platform/apps/dav.js';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { createTablesDouble, type TablesDouble } from '../../../test/platform/apps/tables.js';
import {
  createWebhookListenersApp,
  type WebhookListenersDouble,
} from '../../../test/platform/apps/webhook-listeners.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';

const basicAuth = (login: string, password: string) =>
  `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
/** A VCALENDAR with one event. */
const ics = (uid: string, start = 'DTSTART:20250106T090000Z') =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20250101T000000Z']
    .concat(start, 'SUMMARY:Standup', 'END:VEVENT', 'END:VCALENDAR', '')
    .join('\r\n');
const ADMIN = basicAuth('admin', 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA');
const ALICE = basicAuth('alice', 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB');
const BOB = basicAuth('bob', 'CCCCC-CCCCC-CCCCC-CCCCC-CCCCC');
const NODE = 'OCP\\Files\\Events\\Node\\';
const SECRET = 'the-shared-secret-of-this-test';

interface Received {
  headers: IncomingHttpHeaders;
  text: string;
  body: {
    event: Record<string, unknown> & { class: string };
    user: { uid: string; displayName: string } | null;
    time: number;
  };
}

let double: PlatformDouble;
let hooks: WebhookListenersDouble;
let tables: TablesDouble;
let davApp: DavApp;
let radicale: RunningRadicale;
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
let answerStatus = 200;

beforeAll(async () => {
  radicale = await startRadicale();
  hooks = createWebhookListenersApp();
  tables = createTablesDouble({
    tables: [{ title: 'Books', owner: 'alice', columns: [{ title: 'Title', type: 'text' }], rows: [] }],
  });
  double = await startPlatformDouble({
    users: [
      { id: 'admin', groups: ['admin', 'users'], appPasswords: ['AAAAA-AAAAA-AAAAA-AAAAA-AAAAA'] },
      { id: 'alice', displayName: 'Alice A.', appPasswords: ['BBBBB-BBBBB-BBBBB-BBBBB-BBBBB'] },
      { id: 'bob', appPasswords: ['CCCCC-CCCCC-CCCCC-CCCCC-CCCCC'] },
    ],
    apps: [createFilesApp(), (davApp = createDavApp(radicale)), tables, hooks],
  });
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, text, body: JSON.parse(text) as Received['body'] });
      res.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  await double.close();
  await new Promise((resolve) => receiver.close(resolve));
  await radicale.stop();
});
beforeEach(async () => {
  for (const listener of hooks.listeners()) await api(`/${listener.id}`, { method: 'DELETE' });
  await hooks.runWebhookJobs();
  received = [];
  answerStatus = 200;
});

const api = (path = '', init: { method?: string; body?: unknown; auth?: string; query?: string } = {}) =>
  fetch(`${double.url}/ocs/v2.php/apps/webhook_listeners/api/v1/webhooks${path}?format=json${init.query ?? ''}`, {
    method: init.method ?? 'GET',
    headers: { authorization: init.auth ?? ADMIN, 'ocs-apirequest': 'true', 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const data = async (response: Response) => ((await response.json()) as { ocs: { data: unknown } }).ocs.data;
const message = async (response: Response) =>
  ((await response.json()) as { ocs: { meta: { message: string } } }).ocs.meta.message;

const registration = (event: string, extra: Record<string, unknown> = {}) => ({
  httpMethod: 'POST',
  uri: receiverUrl,
  event,
  authMethod: 'header',
  authData: { 'X-Webhook-Secret': SECRET },
  ...extra,
});
const register = async (event: string, extra: Record<string, unknown> = {}) => {
  const response = await api('', { method: 'POST', body: registration(event, extra) });
  expect(response.status).toBe(200);
  return (await data(response)) as { id: number };
};
const dav = (
  path: string,
  method: string,
  init: { body?: string; headers?: Record<string, string>; auth?: string } = {},
) =>
  fetch(`${double.url}/remote.php/dav/files/${path}`, {
    method,
    headers: { authorization: init.auth ?? ALICE, ...init.headers },
    body: init.body,
  });
const deliver = async () => {
  await hooks.runWebhookJobs();
  return received.map((call) => call.body.event);
};

describe('webhook_listeners double: the OCS API', () => {
  it('is admin only: a non-admin gets 403 for every route', async () => {
    const answers = await Promise.all([
      api('', { auth: ALICE }),
      api('', { auth: ALICE, method: 'POST', body: registration(`${NODE}NodeWrittenEvent`) }),
      api('/1', { auth: ALICE, method: 'DELETE' }),
    ]);

    expect(answers.map((r) => r.status)).toEqual([403, 403, 403]);
    expect(hooks.listeners()).toEqual([]);
  });

  it("refuses a non-admin with Nextcloud's message", async () => {
    const response = await api('', { auth: ALICE });

    expect(await message(response)).toBe(
      'Logged in account must be an admin, a sub admin or gotten special right to access this setting',
    );
  });

  it('answers authData as an encrypted blob of the form hex|hex|hex|3', async () => {
    const { authData } = (await register(`${NODE}NodeWrittenEvent`)) as { id: number; authData: string };

    expect(authData).toMatch(/^[0-9a-f]+\|[0-9a-f]+\|[0-9a-f]+\|3$/);
  });

  it('registers and answers every field, authData as an encrypted blob, never the secret', async () => {
    const response = await api('', {
      method: 'POST',
      body: registration(`${NODE}NodeWrittenEvent`, { eventFilter: { 'user.uid': 'alice' }, headers: { 'X-A': 'b' } }),
    });

    const body = (await data(response)) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      [
        'appId',
        'authData',
        'authMethod',
        'event',
        'eventFilter',
        'headers',
        'httpMethod',
        'id',
        'uri',
        'userId',
        'userIdFilter',
      ].sort(),
    );
    expect(body).toMatchObject({ userId: 'admin', authMethod: 'header', eventFilter: { 'user.uid': 'alice' } });
    expect(typeof body.authData).toBe('string');
    expect(JSON.stringify(body)).not.toContain(SECRET);
  });

  it('lists registrations, and ?uri= filters exactly', async () => {
    await register(`${NODE}NodeWrittenEvent`);
    await register(`${NODE}NodeWrittenEvent`, { uri: `${receiverUrl}/other` });

    const all = (await data(await api())) as { uri: string }[];
    const exact = (await data(await api('', { query: `&uri=${encodeURIComponent(receiverUrl)}` }))) as {
      uri: string;
    }[];
    const prefix = (await data(
      await api('', { query: `&uri=${encodeURIComponent(receiverUrl.slice(0, -1))}` }),
    )) as unknown[];

    expect(all).toHaveLength(2);
    expect(exact.map((w) => w.uri)).toEqual([receiverUrl]);
    expect(prefix).toEqual([]);
  });

  it('answers GET /{id}, and 404 for an unknown id', async () => {
    const { id } = await register(`${NODE}NodeWrittenEvent`);

    expect(await data(await api(`/${id}`))).toMatchObject({ id, event: `${NODE}NodeWrittenEvent` });
    expect((await api('/99999')).status).toBe(404);
  });

  it('refuses a class that is not webhook-compatible with 400, Deck card events included', async () => {
    for (const event of ['OCA\\Deck\\Event\\CardCreatedEvent', 'OCP\\Files\\Nothing']) {
      const response = await api('', { method: 'POST', body: registration(event) });

      expect(response.status).toBe(400);
      expect(await message(response)).toBe(`${event} is not an event class compatible with webhooks`);
    }
  });

  it('refuses header auth without authData and an unknown authMethod with 400', async () => {
    const noData = await api('', { method: 'POST', body: registration(`${NODE}NodeWrittenEvent`, { authData: null }) });
    const unknown = await api('', {
      method: 'POST',
      body: registration(`${NODE}NodeWrittenEvent`, { authMethod: 'x' }),
    });

    expect([noData.status, unknown.status]).toEqual([400, 400]);
    expect(hooks.listeners()).toEqual([]);
  });

  it('words the refusal of header auth without authData as Nextcloud does', async () => {
    const response = await api('', {
      method: 'POST',
      body: registration(`${NODE}NodeWrittenEvent`, { authData: null }),
    });

    expect(await message(response)).toBe('Header auth method needs an associative array of headers as auth data');
  });

  it('answers a registration without uri with 500 "Internal Server Error\\n"', async () => {
    const { uri: _uri, ...withoutUri } = registration(`${NODE}NodeWrittenEvent`);

    const response = await api('', { method: 'POST', body: withoutUri });

    expect(response.status).toBe(500);
    expect(await message(response)).toBe('Internal Server Error\n');
  });

  it('does not validate the HTTP method', async () => {
    const response = await api('', {
      method: 'POST',
      body: registration(`${NODE}NodeWrittenEvent`, { httpMethod: 'BREW' }),
    });

    expect(response.status).toBe(200);
  });

  it('updates with POST /{id} only given the full body: a partial one is 500', async () => {
    const { id } = await register(`${NODE}NodeWrittenEvent`);

    const partial = await api(`/${id}`, { method: 'POST', body: { uri: `${receiverUrl}/new` } });
    const full = await api(`/${id}`, {
      method: 'POST',
      body: registration(`${NODE}NodeWrittenEvent`, { uri: `${receiverUrl}/new` }),
    });

    expect(partial.status).toBe(500);
    expect(await message(partial)).toBe('Internal Server Error\n');
    expect(full.status).toBe(200);
    expect(hooks.listeners()[0]?.uri).toBe(`${receiverUrl}/new`);
  });

  it('deletes with DELETE /{id}: data true, and false for an unknown id', async () => {
    const { id } = await register(`${NODE}NodeWrittenEvent`);

    expect(await data(await api(`/${id}`, { method: 'DELETE' }))).toBe(true);
    expect(await data(await api(`/${id}`, { method: 'DELETE' }))).toBe(false);
  });
});

describe('webhook_listeners double: delivery', () => {
  it('queues calls as background jobs: nothing is sent before the cron runs, then each call once, never retried', async () => {
    await register(`${NODE}NodeWrittenEvent`);
    answerStatus = 500;
    await dav('alice/queued.txt', 'PUT', { body: 'x' });

    expect(received).toEqual([]);
    expect(hooks.pendingJobs()).toBe(1);
    await hooks.runWebhookJobs();
    await hooks.runWebhookJobs();
    expect(received).toHaveLength(1);
  });

  it("sends Nextcloud's headers, the static headers and the auth headers, and no Content-Type", async () => {
    await register(`${NODE}NodeWrittenEvent`, { headers: { 'X-Static': 'yes' } });
    await dav('alice/headers.txt', 'PUT', { body: 'x' });
    await hooks.runWebhookJobs();

    const headers = received[0]?.headers ?? {};
    expect(headers['user-agent']).toBe('Nextcloud Server Crawler');
    expect(headers['accept-encoding']).toBe('gzip');
    expect(headers['x-static']).toBe('yes');
    expect(headers['x-webhook-secret']).toBe(SECRET);
    expect(headers['content-length']).toBeDefined();
    expect(headers['content-type']).toBeUndefined();
  });

  it('sends {event:{node:{id, path /{uid}/files/…}, class}, user:{uid, displayName}, time}', async () => {
    await register(`${NODE}NodeCreatedEvent`);
    const before = Math.floor(Date.now() / 1000);
    const put = await dav('alice/body.txt', 'PUT', { body: 'x' });
    await hooks.runWebhookJobs();

    const body = received[0]?.body;
    expect(body?.event).toEqual({
      node: { id: Number(put.headers.get('oc-fileid')?.slice(0, 8)), path: '/alice/files/body.txt' },
      class: `${NODE}NodeCreatedEvent`,
    });
    expect(body?.user).toEqual({ uid: 'alice', displayName: 'Alice A.' });
    expect(body?.time).toBeGreaterThanOrEqual(before);
  });

  it('fires created and written for a new file, written only for an overwrite', async () => {
    await register(`${NODE}NodeCreatedEvent`);
    await register(`${NODE}NodeWrittenEvent`);
    await dav('alice/twice.txt', 'PUT', { body: 'one' });
    const first = (await deliver()).map((event) => event.class);
    received = [];
    await dav('alice/twice.txt', 'PUT', { body: 'two' });
    const second = (await deliver()).map((event) => event.class);

    expect(first.sort()).toEqual([`${NODE}NodeCreatedEvent`, `${NODE}NodeWrittenEvent`]);
    expect(second).toEqual([`${NODE}NodeWrittenEvent`]);
  });

  it('fires created and written for MKCOL', async () => {
    await register(`${NODE}NodeCreatedEvent`);
    await register(`${NODE}NodeWrittenEvent`);
    await dav('alice/folder', 'MKCOL');

    const events = await deliver();
    expect(events.map((event) => event.class).sort()).toEqual([`${NODE}NodeCreatedEvent`, `${NODE}NodeWrittenEvent`]);
    expect(events[0]?.node).toMatchObject({ path: '/alice/files/folder' });
  });

  it('DELETE: BeforeNodeDeletedEvent carries the id, NodeDeletedEvent does not', async () => {
    await register(`${NODE}BeforeNodeDeletedEvent`);
    await register(`${NODE}NodeDeletedEvent`);
    await dav('alice/gone.txt', 'PUT', { body: 'x' });
    await dav('alice/gone.txt', 'DELETE');

    const events = await deliver();
    const before = events.find((event) => event.class === `${NODE}BeforeNodeDeletedEvent`);
    const after = events.find((event) => event.class === `${NODE}NodeDeletedEvent`);
    expect(before?.node).toEqual({ id: expect.any(Number), path: '/alice/files/gone.txt' });
    expect(after?.node).toEqual({ path: '/alice/files/gone.txt' });
  });

  it('MOVE: NodeRenamedEvent with a source without id and a target with it', async () => {
    await register(`${NODE}NodeRenamedEvent`);
    await dav('alice/old.txt', 'PUT', { body: 'x' });
    await dav('alice/old.txt', 'MOVE', {
      headers: { destination: `${double.url}/remote.php/dav/files/alice/new.txt` },
    });

    const [event] = await deliver();
    expect(event).toEqual({
      source: { path: '/alice/files/old.txt' },
      target: { id: expect.any(Number), path: '/alice/files/new.txt' },
      class: `${NODE}NodeRenamedEvent`,
    });
  });

  it('sends the body as PHP encodes JSON: with / escaped as \\/', async () => {
    await register(`${NODE}NodeWrittenEvent`);
    await dav('alice/escaped.txt', 'PUT', { body: 'x' });
    await hooks.runWebhookJobs();

    expect(received[0]?.text).toContain('"path":"\\/alice\\/files\\/escaped.txt"');
  });

  it('evaluates eventFilter on the body: user.uid equality and a /regex/ on the path', async () => {
    await register(`${NODE}NodeWrittenEvent`, {
      eventFilter: { 'user.uid': 'alice', 'event.node.path': '/^\\/alice\\/files\\/Notes\\//' },
    });
    await dav('alice/Notes', 'MKCOL');
    await dav('alice/Notes/a.md', 'PUT', { body: 'x' });
    await dav('alice/b.md', 'PUT', { body: 'x' });
    await dav('bob/Notes', 'MKCOL', { auth: BOB });
    await dav('bob/Notes/c.md', 'PUT', { body: 'x', auth: BOB });

    const events = await deliver();
    expect(events.map((event) => (event.node as { path: string }).path)).toEqual(['/alice/files/Notes/a.md']);
  });

  it('evaluates $in, $ne, $exists and $or', async () => {
    await register(`${NODE}NodeWrittenEvent`, { eventFilter: { 'user.uid': { $in: ['bob', 'alice'] } } });
    await register(`${NODE}NodeWrittenEvent`, { eventFilter: { 'user.uid': { $ne: 'alice' } } });
    await register(`${NODE}NodeWrittenEvent`, { eventFilter: { 'event.node.id': { $exists: true } } });
    await register(`${NODE}NodeWrittenEvent`, {
      eventFilter: { $or: [{ 'user.uid': 'nobody' }, { 'event.node.path': '/ors\\.txt$/' }] },
    });
    await dav('alice/ors.txt', 'PUT', { body: 'x' });

    await hooks.runWebhookJobs();

    expect(received).toHaveLength(3);
  });

  it('lets an unknown filter operator silence the webhooks of that class after it, and the request succeed', async () => {
    await register(`${NODE}NodeWrittenEvent`, { eventFilter: { 'user.uid': { $bogus: 1 } } });
    await register(`${NODE}NodeWrittenEvent`, { uri: `${receiverUrl}/innocent` });
    await register(`${NODE}NodeCreatedEvent`, { uri: `${receiverUrl}/other-class` });

    const put = await dav('alice/silenced.txt', 'PUT', { body: 'x' });
    const events = await deliver();

    expect(put.status).toBe(201);
    expect(events.map((event) => event.class)).toEqual([`${NODE}NodeCreatedEvent`]);
  });

  it('a webhook with only userIdFilter never fires, unless the class has a webhook without one', async () => {
    await register(`${NODE}NodeWrittenEvent`, { userIdFilter: 'alice' });
    await dav('alice/lonely.txt', 'PUT', { body: 'x' });
    const alone = await deliver();
    await register(`${NODE}NodeWrittenEvent`, { uri: `${receiverUrl}/all` });
    await dav('alice/together.txt', 'PUT', { body: 'x' });
    await hooks.runWebhookJobs();

    expect(alone).toEqual([]);
    expect(received).toHaveLength(2);
  });

  it('sends calendar object events from CalDAV: created, updated, moved to trash', async () => {
    const classes = ['Created', 'Updated', 'MovedToTrash'].map(
      (verb) => `OCP\\Calendar\\Events\\CalendarObject${verb}Event`,
    );
    for (const event of classes) await register(event);
    const path = `${double.url}/remote.php/dav/calendars/alice/personal/hook-1.ics`;
    const headers = { authorization: ALICE, 'content-type': 'text/calendar; charset=utf-8' };
    await fetch(path, { method: 'PUT', headers, body: ics('hook-1') });
    await fetch(path, { method: 'PUT', headers, body: ics('hook-1', 'DTSTART:20250107T090000Z') });
    await fetch(path, { method: 'DELETE', headers: { authorization: ALICE } });

    const events = await deliver();
    expect(events.map((event) => event.class)).toEqual(classes);
    expect(events[0]).toMatchObject({
      calendarId: expect.any(Number),
      calendarData: { uri: 'personal', principaluri: 'principals/users/alice' },
      shares: [],
      objectData: { uri: 'hook-1.ics', uid: 'hook-1', calendardata: expect.stringContaining('BEGIN:VEVENT') },
    });
  });

  it('sends CalendarObjectDeletedEvent when a trash entry is purged, with the trash uri {name}-deleted.ics', async () => {
    await register('OCP\\Calendar\\Events\\CalendarObjectDeletedEvent');
    const path = `${double.url}/remote.php/dav/calendars/alice/personal/purge-1.ics`;
    await fetch(path, {
      method: 'PUT',
      headers: { authorization: ALICE, 'content-type': 'text/calendar; charset=utf-8' },
      body: ics('purge-1'),
    });
    await fetch(path, { method: 'DELETE', headers: { authorization: ALICE } });
    const entry = davApp.trash.list('alice').find((candidate) => candidate.objectUid === 'purge-1');

    const purge = await fetch(`${double.url}/remote.php/dav/calendars/alice/trashbin/objects/${entry?.name}`, {
      method: 'DELETE',
      headers: { authorization: ALICE },
    });
    const [event] = await deliver();

    expect(purge.status).toBe(204);
    expect(event).toMatchObject({
      calendarData: { uri: 'personal' },
      objectData: { uri: 'purge-1-deleted.ics', uid: 'purge-1', '{http://nextcloud.com/ns}deleted-at': null },
      class: 'OCP\\Calendar\\Events\\CalendarObjectDeletedEvent',
    });
  });

  it('sends Tables row events with tableId, rowId, previousValues and values', async () => {
    await register('OCA\\Tables\\Event\\RowAddedEvent');
    await fetch(`${double.url}/index.php/apps/tables/api/1/tables/${tables.tableId('Books')}/rows`, {
      method: 'POST',
      headers: { authorization: ALICE, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { 1: 'Dune' } }),
    });

    const [event] = await deliver();
    expect(event).toMatchObject({
      tableId: tables.tableId('Books'),
      rowId: expect.any(Number),
      values: [{ value: 'Dune' }],
    });
  });
});
