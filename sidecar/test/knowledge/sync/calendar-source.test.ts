// The calendar_item source against the platform double's CalDAV (a real Radicale behind Nextcloud's paths): sync
// tokens make an unchanged scan one request, sync-collection names what changed, an expired token or a vanished
// calendar is handled, objects become text with their calendar and a link into the Calendar app, and a scan's changed
// objects are read in one calendar-multiget so that their fetches ask nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCalendarItem } from '../../../src/knowledge/sources/calendar-text.js';
import { createCalendarSource } from '../../../src/knowledge/sources/calendar-source.js';
import { DocumentParseError, type SyncContext } from '../../../src/knowledge/sync/sync-source.js';
import { asChanges, changedIds, startSourceDouble, type SourceDouble } from '../../support/source-scans.js';

const HOME = '/remote.php/dav/calendars/alice/';
const source = createCalendarSource();
let env: SourceDouble;
let alice: SyncContext;

beforeAll(async () => {
  env = await startSourceDouble({
    users: { alice: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA', bert: 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB' },
    dav: true,
  });
  alice = env.contextFor('alice');
});
afterAll(() => env.close());

const dav = (path: string, init: { method: string; body?: string; headers?: Record<string, string> }) =>
  env.request(`${HOME}${path}`, init);
const put = (path: string, body: string) =>
  dav(path, { method: 'PUT', body, headers: { 'content-type': 'text/calendar; charset=utf-8' } });

function ics(uid: string, component: 'VEVENT' | 'VTODO', lines: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', `BEGIN:${component}`, `UID:${uid}`]
    .concat('DTSTAMP:20250101T000000Z', lines, `END:${component}`, 'END:VCALENDAR', '')
    .join('\r\n');
}

const standup = (summary: string) =>
  ics('standup-1', 'VEVENT', [
    'DTSTART:20250106T090000Z',
    'DTEND:20250106T093000Z',
    'RRULE:FREQ=WEEKLY;BYDAY=MO',
    `SUMMARY:${summary}`,
    'LOCATION:Room 4',
    'CATEGORIES:Work,Team',
    'DESCRIPTION:Walk the board',
  ]);

describe('calendar source: scans', () => {
  let cursor: string;

  it('lists every event and task of the user calendars on the first scan, and no system collection', async () => {
    await dav('tasks/', {
      method: 'MKCALENDAR',
      body:
        '<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>' +
        '<d:displayname>Tasks</d:displayname><c:supported-calendar-component-set><c:comp name="VTODO"/>' +
        '</c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>',
    });
    expect((await put('personal/standup.ics', standup('Standup'))).status).toBe(201);
    expect(
      (await put('tasks/tax.ics', ics('tax-1', 'VTODO', ['SUMMARY:File taxes', 'DUE:20250430T000000Z']))).status,
    ).toBe(201);

    const result = asChanges(await source.scan(alice, undefined));

    expect(result.complete).toBe(true);
    expect(changedIds(result)).toEqual(['personal/example-event.ics', 'personal/standup.ics', 'tasks/tax.ics']);
    expect(result.changed.every((document) => document.version.length > 0)).toBe(true);
    expect(result.changed.find((d) => d.docId === 'tasks/tax.ics')?.hint).toBe('Tasks');
    cursor = result.cursor;
  });

  it('answers unchanged with exactly one request when nothing changed', async () => {
    const { result, requests } = await env.requestsDuring(() => source.scan(alice, cursor));

    expect(result).toEqual({ kind: 'unchanged' });
    expect(requests).toEqual([`PROPFIND ${HOME}`]);
  });

  it('names a changed, an added and a deleted event, asking only the changed calendar', async () => {
    await put('personal/standup.ics', standup('Standup (moved)'));
    await put('personal/retro.ics', ics('retro-1', 'VEVENT', ['DTSTART:20250110T150000Z', 'SUMMARY:Retro']));
    await dav('personal/example-event.ics', { method: 'DELETE' });

    const { result, requests } = await env.requestsDuring(() => source.scan(alice, cursor));
    const changes = asChanges(result);

    expect(changes.complete).toBe(false);
    expect(changedIds(changes)).toEqual(['personal/retro.ics', 'personal/standup.ics']);
    expect(changes.removed).toEqual(['personal/example-event.ics']);
    // The sync-collection REPORT, then one calendar-multiget of the two changed objects.
    expect(requests).toEqual([`PROPFIND ${HOME}`, `REPORT ${HOME}personal/`, `REPORT ${HOME}personal/`]);
    cursor = changes.cursor;
    expect(await source.scan(alice, cursor)).toEqual({ kind: 'unchanged' });
  });

  it('lists a calendar in full when the server no longer knows its token, and removes what is gone', async () => {
    const stale = JSON.parse(cursor) as { collections: Record<string, { token: string; names?: string[] }> };
    stale.collections.personal = { token: `http://radicale.org/ns/sync/${'0'.repeat(64)}`, names: ['old.ics'] };

    const changes = asChanges(await source.scan(alice, JSON.stringify(stale)));

    expect(changedIds(changes)).toEqual(['personal/retro.ics', 'personal/standup.ics']);
    expect(changes.removed).toEqual(['personal/old.ics']);
    expect(changes.complete).toBe(false);
  });

  it('removes every item of a calendar that was deleted (Nextcloud keeps it listed as deleted)', async () => {
    expect((await dav('tasks/', { method: 'DELETE' })).status).toBe(204);

    const changes = asChanges(await source.scan(alice, cursor));

    expect(changes.changed).toEqual([]);
    expect(changes.removed).toEqual(['tasks/tax.ics']);
    cursor = changes.cursor;
  });

  it('falls back to a complete scan when a vanished calendar had too many items to remember', async () => {
    const remembered = JSON.parse(cursor) as { collections: Record<string, { token: string; names?: string[] }> };
    remembered.collections.huge = { token: 'http://radicale.org/ns/sync/x' };

    const changes = asChanges(await source.scan(alice, JSON.stringify(remembered)));

    expect(changes.complete).toBe(true);
    expect(changedIds(changes)).toEqual(['personal/retro.ics', 'personal/standup.ics']);
  });

  it('lists a calendar re-created under the same URI in full, although its token counter started again', async () => {
    const event = (uid: string) => ics(uid, 'VEVENT', ['DTSTART:20250110T150000Z', `SUMMARY:${uid}`]);
    expect((await dav('again/', { method: 'MKCALENDAR' })).status).toBe(201);
    for (const uid of ['a', 'b', 'c']) {
      expect((await put(`again/${uid}.ics`, event(uid))).status).toBe(201);
      // Nextcloud counts every change; the double numbers the states it shows, so it is shown each one.
      const body = '<d:propfind xmlns:d="DAV:"><d:prop><d:sync-token/></d:prop></d:propfind>';
      await dav('', { method: 'PROPFIND', headers: { depth: '1' }, body });
    }
    const before = asChanges(await source.scan(alice, undefined)).cursor;
    const purge = { method: 'DELETE', headers: { 'x-nc-caldav-no-trashbin': '1' } };
    expect((await dav('again/', purge)).status).toBe(204);
    expect((await dav('again/', { method: 'MKCALENDAR' })).status).toBe(201);
    expect((await put('again/new.ics', event('new'))).status).toBe(201);

    const changes = asChanges(await source.scan(alice, before));

    expect(changedIds(changes)).toEqual(['again/new.ics']);
    expect(changes.removed.sort()).toEqual(['again/a.ics', 'again/b.ics', 'again/c.ics']);
  });

  it('treats a cursor it cannot read as a first scan', async () => {
    const changes = asChanges(await source.scan(alice, '{not json'));

    expect(changes.complete).toBe(true);
    expect(changedIds(changes)).toEqual(expect.arrayContaining(['personal/retro.ics', 'personal/standup.ics']));
  });
});

describe('calendar source: fetch', () => {
  it('reads an event as text with its calendar, component and a link into the Calendar app', async () => {
    const document = await source.read(alice, { docId: 'personal/standup.ics', version: 'x', hint: 'Personal' });

    expect(document).toMatchObject({
      docType: 'calendar_item',
      docId: 'personal/standup.ics',
      title: 'Standup (moved)',
      mimeType: 'text/calendar',
      extra: { calendar: 'Personal', component: 'VEVENT' },
    });
    const text = document!.pages.join('\n');
    expect(text).toContain('When: 2025-01-06T09:00:00Z to 2025-01-06T09:30:00Z');
    expect(text).toContain('Repeats: weekly, on Monday');
    expect(text).toContain('Where: Room 4');
    expect(text).toContain('Categories: Work, Team');
    expect(text).toContain('Walk the board');
    const link = document!.link!;
    expect(link).toMatch(/^\/index\.php\/apps\/calendar\/edit\//);
    expect(Buffer.from(link.split('/').slice(5).join('/'), 'base64').toString()).toBe(
      '/remote.php/dav/calendars/alice/personal/standup.ics',
    );
    expect(document!.version).toMatch(/^"/);
  });

  it('reads a task with its due date and finds the calendar name without a hint', async () => {
    await dav('chores/', {
      method: 'MKCALENDAR',
      body:
        '<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>' +
        '<d:displayname>Chores</d:displayname></d:prop></d:set></c:mkcalendar>',
    });
    await put('chores/bins.ics', ics('bins-1', 'VTODO', ['SUMMARY:Put out the bins', 'DUE:20250107T070000Z']));

    const document = await source.read(alice, { docId: 'chores/bins.ics', version: 'x' });

    expect(document?.title).toBe('Put out the bins');
    expect(document?.pages[0]).toContain('Due: 2025-01-07T07:00:00Z');
    expect(document?.extra).toEqual({ calendar: 'Chores', component: 'VTODO' });
    expect(document?.link).toBe('/index.php/apps/calendar');
  });

  it('answers null for an object that is gone', async () => {
    expect(await source.read(alice, { docId: 'personal/example-event.ics', version: 'x' })).toBeNull();
    expect(await source.read(alice, { docId: 'no-slash', version: 'x' })).toBeNull();
  });

  it('turns invalid iCalendar into a DocumentParseError', () => {
    expect(() => renderCalendarItem('BEGIN:VCALENDAR\r\nBROKEN\r\nEND:VCALENDAR\r\n')).toThrow(DocumentParseError);
    expect(() => renderCalendarItem(ics('a', 'VEVENT', ['SUMMARY:No start']))).toThrow(DocumentParseError);
    expect(() => renderCalendarItem(ics('b', 'VEVENT', ['DTSTART:20250106T090000Z', 'DURATION:PXYZ']))).toThrow(
      DocumentParseError,
    );
  });
});

describe('calendar source: changed objects read together', () => {
  const BERT = '/remote.php/dav/calendars/bert/personal/';
  const putBert = (name: string, body: string) =>
    env.request(`${BERT}${name}`, {
      method: 'PUT',
      body,
      headers: { 'content-type': 'text/calendar; charset=utf-8' },
      user: 'bert',
    });

  it('reads a scan’s changed events in one multiget, and their fetches ask nothing more', async () => {
    const bert = env.contextFor('bert');
    // The first scan makes Nextcloud's default calendar (with its example event).
    const first = asChanges(await source.scan(bert, undefined));
    for (const n of [1, 2, 3]) {
      const event = ics(`review-${n}`, 'VEVENT', ['DTSTART:20250110T100000Z', `SUMMARY:Design review ${n}`]);
      expect((await putBert(`review-${n}.ics`, event)).status).toBe(201);
    }

    const scanned = await env.requestsDuring(() => source.scan(bert, first.cursor));
    const changes = asChanges(scanned.result);
    const fetched = await env.requestsDuring(() =>
      Promise.all(changes.changed.map((document) => source.read(bert, document))),
    );

    expect(scanned.requests.filter((line) => line === `REPORT ${BERT}`)).toHaveLength(2);
    expect(fetched.requests).toEqual([]);
    expect(fetched.result.map((document) => document?.title).sort()).toEqual([
      'Design review 1',
      'Design review 2',
      'Design review 3',
    ]);
    expect(fetched.result.map((document) => document?.version)).toEqual(changes.changed.map((d) => d.version));
  });

  it('reads an object queued at a version it did not keep on its own', async () => {
    const bert = env.contextFor('bert');
    const changes = asChanges(await source.scan(bert, undefined));
    const review = changes.changed.find((document) => document.docId === 'personal/review-1.ics')!;

    const { result, requests } = await env.requestsDuring(() =>
      source.read(bert, { ...review, version: 'an-older-version' }),
    );

    expect(requests).toEqual([`GET ${BERT}review-1.ics`]);
    expect(result?.title).toBe('Design review 1');
  });
});
