// The platform double's CalDAV: Nextcloud's paths and quirks over a real Radicale, one test per fact of
// docs/nextcloud-behaviour.md ("Calendar and tasks (CalDAV)"); the trash bin and CardDAV have their own files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicAuth } from '../support/sidecar.js';
import {
  BOB_PASSWORD,
  CALENDARS,
  calendarQuery as query,
  hrefs,
  ics,
  NS,
  responseOf,
  startDavDouble,
  syncCollectionBody,
  type DavDouble,
} from './dav-double-client.js';

let double: DavDouble;
beforeAll(async () => {
  double = await startDavDouble({ deckBoards: (userId) => (userId === 'alice' ? [{ id: 7, title: 'Roadmap' }] : []) });
});
afterAll(() => double.close());

const dav = (...args: Parameters<DavDouble['request']>) => double.request(...args);
const propfind = (path: string, depth?: string) => double.propfind(path, depth);
const report = (path: string, body: string, headers?: Record<string, string>) => double.report(path, body, headers);
const put = (path: string, body: string, headers?: Record<string, string>) => double.put(path, body, headers);
const mkcalendar = (name: string, body?: string) => dav(`${CALENDARS}${name}/`, { method: 'MKCALENDAR', body });
const listWithTokens = () =>
  dav(CALENDARS, {
    method: 'PROPFIND',
    headers: { depth: '1' },
    body: `<d:propfind ${NS}><d:prop><d:resourcetype/><d:sync-token/><c:supported-calendar-component-set/></d:prop></d:propfind>`,
  });
const syncReport = (token: string) => report(`${CALENDARS}personal/`, syncCollectionBody(token), { depth: '0' });
const tokenOf = (xml: string) => /sync-token>([^<]*)</.exec(xml)?.[1] ?? '';

describe('DAV app of the platform double: access', () => {
  it('answers 401 with a Basic challenge without credentials', async () => {
    const response = await fetch(`${double.nextcloud.url}${CALENDARS}`, { method: 'PROPFIND' });

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it("answers 404 for another user's calendar home", async () => {
    const response = await propfind('/remote.php/dav/calendars/bob/');

    expect(response.status).toBe(404);
  });

  it('keeps the calendars of users apart', async () => {
    await put(`${CALENDARS}personal/private-1.ics`, ics('private-1'));

    const bobs = await fetch(`${double.nextcloud.url}/remote.php/dav/calendars/bob/personal/`, {
      method: 'PROPFIND',
      headers: { authorization: basicAuth('bob', BOB_PASSWORD), depth: '1' },
    });

    expect(bobs.status).toBe(207);
    expect(await bobs.text()).not.toContain('private-1');
  });

  it('redirects /.well-known/caldav and /.well-known/carddav to the absolute {server}/remote.php/dav/ with 301, also for PROPFIND', async () => {
    const caldav = await fetch(`${double.nextcloud.url}/.well-known/caldav`, { redirect: 'manual' });
    const carddav = await fetch(`${double.nextcloud.url}/.well-known/carddav`, {
      method: 'PROPFIND',
      redirect: 'manual',
    });

    expect(caldav.status).toBe(301);
    expect(caldav.headers.get('location')).toBe(`${double.nextcloud.url}/remote.php/dav/`);
    expect(carddav.status).toBe(301);
    expect(carddav.headers.get('location')).toBe(`${double.nextcloud.url}/remote.php/dav/`);
  });
});

describe('DAV app of the platform double: calendars', () => {
  it('lists personal, contact_birthdays, inbox, outbox, trashbin and a Deck board’s calendar in the home', async () => {
    const body = await (await propfind(CALENDARS)).text();

    expect(
      hrefs(body)
        .filter((h) => h !== CALENDARS)
        .sort(),
    ).toEqual(
      ['app-generated--deck--board-7/', 'contact_birthdays/', 'inbox/', 'outbox/', 'personal/', 'trashbin/'].map(
        (n) => `${CALENDARS}${n}`,
      ),
    );
    expect(body).toMatch(/schedule-inbox/);
    expect(body).toMatch(/<nc:trash-bin xmlns:nc="http:\/\/nextcloud.com\/ns"\/>/);
  });

  it('lists a Deck board as a VTODO calendar without a sync token', async () => {
    const body = await (await listWithTokens()).text();

    const deck = responseOf(body, `${CALENDARS}app-generated--deck--board-7/`);
    expect(deck).toMatch(/<c:calendar /);
    expect([...deck.matchAll(/comp name="(\w+)"/g)].map((m) => m[1])).toEqual(['VTODO']);
    expect(deck).not.toContain('sync-token>');
  });

  it('gives personal and contact_birthdays a sync token of the form http://sabre.io/ns/sync/{n}', async () => {
    const body = await (await listWithTokens()).text();

    for (const name of ['personal', 'contact_birthdays']) {
      expect(responseOf(body, `${CALENDARS}${name}/`)).toMatch(/sync-token>http:\/\/sabre\.io\/ns\/sync\/\d+</);
    }
  });

  it('lists contact_birthdays as a calendar of events', async () => {
    const body = await (await propfind(`${CALENDARS}contact_birthdays/`, '0')).text();

    expect(body).toMatch(/<c:calendar /);
    expect(body).toMatch(/<c:comp name="VEVENT"\/><\/c:supported-calendar-component-set>/);
  });

  it('gives a new account the "Example event - open me!" in personal', async () => {
    const body = await (await report(`${CALENDARS}personal/`, query(''))).text();

    expect(body).toContain('SUMMARY:Example event - open me!');
  });

  it('refuses a VTODO in personal with 403: it accepts only VEVENT', async () => {
    const response = await put(`${CALENDARS}personal/task-1.ics`, ics('task-1', 'VTODO', []));

    expect(response.status).toBe(403);
    expect(await response.text()).toContain('iCalendar objects must at least have a component of type VEVENT');
  });

  it('creates a calendar with MKCALENDAR and the component set it names (201)', async () => {
    const created = await mkcalendar(
      'tasks',
      `<?xml version="1.0"?><c:mkcalendar ${NS}><d:set><d:prop><d:displayname>Tasks</d:displayname>` +
        '<c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>',
    );

    const body = await (await propfind(`${CALENDARS}tasks/`, '0')).text();
    expect(created.status).toBe(201);
    expect(body).toContain('Tasks');
    expect([...body.matchAll(/comp name="(\w+)"/g)].map((m) => m[1])).toEqual(['VTODO']);
  });

  it('creates a calendar for VEVENT, VTODO and VJOURNAL with MKCALENDAR without a body', async () => {
    const created = await mkcalendar('everything');

    const body = await (await propfind(`${CALENDARS}everything/`, '0')).text();
    expect(created.status).toBe(201);
    expect([...body.matchAll(/comp name="(\w+)"/g)].map((m) => m[1]).sort()).toEqual(['VEVENT', 'VJOURNAL', 'VTODO']);
  });

  it('keeps the calendar-timezone a client sets on a calendar with PROPPATCH', async () => {
    const zone =
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nEND:VTIMEZONE\r\nEND:VCALENDAR';
    const set = await dav(`${CALENDARS}personal/`, {
      method: 'PROPPATCH',
      headers: { 'content-type': 'application/xml' },
      body: `<d:propertyupdate ${NS}><d:set><d:prop><c:calendar-timezone>${zone}</c:calendar-timezone></d:prop></d:set></d:propertyupdate>`,
    });

    const read = await dav(`${CALENDARS}personal/`, {
      method: 'PROPFIND',
      headers: { depth: '0' },
      body: `<d:propfind ${NS}><d:prop><c:calendar-timezone/></d:prop></d:propfind>`,
    });

    expect(set.status).toBe(207);
    expect(await read.text()).toContain('TZID:Europe/Berlin');
  });

  it('answers 405 to MKCALENDAR on a name that is taken', async () => {
    const response = await mkcalendar('personal');

    expect(response.status).toBe(405);
  });
});

describe('DAV app of the platform double: calendar objects', () => {
  it('stores a new object with 201 and an ETag, an update with 204 and an ETag', async () => {
    const path = `${CALENDARS}personal/stored-1.ics`;
    const created = await put(path, ics('stored-1'));

    const updated = await put(path, ics('stored-1').replace('Standup', 'Retro'));

    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toMatch(/^"/);
    expect(updated.status).toBe(204);
    expect(updated.headers.get('etag')).toMatch(/^"/);
  });

  it('sends the ETag also as OC-ETag on a stored object', async () => {
    const path = `${CALENDARS}personal/oc-etag-1.ics`;
    const created = await put(path, ics('oc-etag-1'));

    const updated = await put(path, ics('oc-etag-1').replace('Standup', 'Retro'));

    expect(created.headers.get('oc-etag')).toBe(created.headers.get('etag'));
    expect(updated.headers.get('oc-etag')).toBe(updated.headers.get('etag'));
  });

  it('answers 412 to If-None-Match: * on an existing object', async () => {
    await put(`${CALENDARS}personal/inm-1.ics`, ics('inm-1'));

    const response = await put(`${CALENDARS}personal/inm-1.ics`, ics('inm-1'), { 'if-none-match': '*' });

    expect(response.status).toBe(412);
  });

  it('answers 412 to a stale If-Match', async () => {
    await put(`${CALENDARS}personal/im-1.ics`, ics('im-1'));

    const response = await put(`${CALENDARS}personal/im-1.ics`, ics('im-1'), { 'if-match': '"stale"' });

    const current = await dav(`${CALENDARS}personal/im-1.ics`, { method: 'GET' });
    expect(response.status).toBe(412);
    expect(response.headers.get('etag')).toBe(current.headers.get('etag'));
  });

  it('answers 400 to a second object with the same UID in the same calendar', async () => {
    await put(`${CALENDARS}personal/uid-1.ics`, ics('uid-1'));

    const response = await put(`${CALENDARS}personal/uid-1-copy.ics`, ics('uid-1'));

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Calendar object with uid already exists in this calendar collection.');
  });

  it('serves an object as text/calendar; charset=utf-8; component=vevent under its Nextcloud path', async () => {
    const path = `${CALENDARS}personal/read-1.ics`;
    await put(path, ics('read-1'));

    const read = await dav(path, { method: 'GET' });

    expect(read.headers.get('content-type')).toBe('text/calendar; charset=utf-8; component=vevent');
    expect(await read.text()).toContain('UID:read-1');
    expect(hrefs(await (await propfind(`${CALENDARS}personal/`)).text())).toContain(path);
  });

  it('deletes an object with 204, after which GET answers 404', async () => {
    const path = `${CALENDARS}personal/gone-1.ics`;
    await put(path, ics('gone-1'));

    const deleted = await dav(path, { method: 'DELETE' });

    expect(deleted.status).toBe(204);
    expect((await dav(path, { method: 'GET' })).status).toBe(404);
  });

  it('rewrites the Destination of a MOVE to the backend', async () => {
    const source = `${CALENDARS}personal/moving-1.ics`;
    await put(source, ics('moving-1'));

    const moved = await dav(source, {
      method: 'MOVE',
      headers: { destination: `${double.nextcloud.url}${CALENDARS}personal/moved-1.ics` },
    });

    expect(moved.status).toBe(201);
    expect((await dav(`${CALENDARS}personal/moved-1.ics`, { method: 'GET' })).status).toBe(200);
  });
});

describe('DAV app of the platform double: calendar-query', () => {
  const weekly = ['DTSTART:20270104T093000Z', 'DTEND:20270104T100000Z', 'RRULE:FREQ=WEEKLY'];
  beforeAll(async () => {
    await put(`${CALENDARS}personal/weekly-1.ics`, ics('weekly-1', 'VEVENT', weekly));
  });

  it('answers 400 to a calendar-query without Depth: 1', async () => {
    const response = await report(`${CALENDARS}personal/`, query(''), {});

    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Depth: 0 is undefined. Set Depth to 1');
  });

  it('answers 500 to a time-range with a plain date or an ISO value', async () => {
    const date = await report(`${CALENDARS}personal/`, query('<c:time-range start="20270307" end="20270308"/>'));
    const iso = await report(
      `${CALENDARS}personal/`,
      query('<c:time-range start="2027-03-07T00:00:00Z" end="2027-03-08T00:00:00Z"/>'),
    );

    expect(date.status).toBe(500);
    expect(await date.text()).toContain('The supplied iCalendar datetime value is incorrect');
    expect(iso.status).toBe(500);
  });

  it('matches any occurrence of a recurring event with a UTC or floating time-range', async () => {
    const utc = await report(
      `${CALENDARS}personal/`,
      query('<c:time-range start="20270705T000000Z" end="20270706T000000Z"/>'),
    );
    const floating = await report(
      `${CALENDARS}personal/`,
      query('<c:time-range start="20270705T000000" end="20270706T000000"/>'),
    );

    expect(utc.status).toBe(207);
    expect(await utc.text()).toContain('UID:weekly-1');
    expect(floating.status).toBe(207);
  });

  it('expands a recurring event into VEVENTs with RECURRENCE-ID and no RRULE with c:expand', async () => {
    const range = 'start="20270705T000000Z" end="20270713T000000Z"';

    const response = await report(`${CALENDARS}personal/`, query(`<c:time-range ${range}/>`, `<c:expand ${range}/>`));

    const body = await response.text();
    expect(body.split('UID:weekly-1').length - 1).toBe(2);
    expect(body).toContain('RECURRENCE-ID:20270705T093000Z');
    expect(body).toContain('RECURRENCE-ID:20270712T093000Z');
    expect(body).not.toContain('RRULE');
  });
});

describe('DAV app of the platform double: sync-collection', () => {
  it('lists every object and the current token for an empty token, and the changes since an older one', async () => {
    await put(`${CALENDARS}personal/unsynced-1.ics`, ics('unsynced-1'));
    const first = await (await syncReport('')).text();
    await put(`${CALENDARS}personal/synced-1.ics`, ics('synced-1'));
    await dav(`${CALENDARS}personal/unsynced-1.ics`, { method: 'DELETE' });

    const changes = await syncReport(tokenOf(first));

    const body = await changes.text();
    expect(tokenOf(first)).toMatch(/^http:\/\/sabre\.io\/ns\/sync\/\d+$/);
    expect(changes.status).toBe(207);
    expect(hrefs(body).sort()).toEqual([`${CALENDARS}personal/synced-1.ics`, `${CALENDARS}personal/unsynced-1.ics`]);
    expect(responseOf(body, `${CALENDARS}personal/unsynced-1.ics`)).toContain('404');
    expect(tokenOf(body)).not.toBe(tokenOf(first));
  });

  it('answers a well-formed token newer than the collection’s with 207, no changes and the current token', async () => {
    const current = tokenOf(await (await syncReport('')).text());

    const response = await syncReport('http://sabre.io/ns/sync/999');

    const body = await response.text();
    expect(response.status).toBe(207);
    expect(hrefs(body)).toEqual([]);
    expect(tokenOf(body)).toBe(current);
  });

  it('answers a malformed token with 403 valid-sync-token', async () => {
    const response = await syncReport('not-a-token');

    const body = await response.text();
    expect(response.status).toBe(403);
    expect(body).toContain('valid-sync-token');
    expect(body).toContain('Sabre\\DAV\\Exception\\InvalidSyncToken');
  });
});
