// Time zones in the calendar tools: events keep their TZID (with its VTIMEZONE), times without an offset are read
// in the given zone or the user's, and results show both the event's and the user's time. The user's zone comes
// from Nextcloud (here: the personal calendar's calendar-timezone, set the way CalDAV clients set it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavApp } from '../../../test/platform/apps/dav.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import { startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';

interface Event {
  id: string;
  start: string;
  end: string;
  time_zone?: string;
  user_start?: string;
  user_end?: string;
}

const PERSONAL = '/remote.php/dav/calendars/berlin/personal/';
const BERLIN = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//EN',
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
  'END:VCALENDAR',
].join('\r\n');

let radicale: RunningRadicale;
let harness: ToolHarness;
const dav = (path: string, init: { method: string; body?: string; headers?: Record<string, string> }) =>
  fetch(`${harness.nextcloud.url}${path}`, {
    ...init,
    headers: { authorization: basicAuth('berlin', APP_PASSWORD), ...init.headers },
  });

beforeAll(async () => {
  radicale = await startRadicale();
  harness = await startToolHarness({
    users: [{ id: 'berlin', appPasswords: [APP_PASSWORD] }],
    apps: [createDavApp(radicale)],
  });
  await dav(PERSONAL, {
    method: 'PROPPATCH',
    headers: { 'content-type': 'application/xml' },
    body:
      '<?xml version="1.0"?><d:propertyupdate xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>' +
      `<c:calendar-timezone>${BERLIN}</c:calendar-timezone></d:prop></d:set></d:propertyupdate>`,
  });
});
afterAll(async () => {
  await harness.close();
  await radicale.stop();
});

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);

describe('time zones in the calendar tools', () => {
  it("tells the user's time zone in nc_core_whoami and nc_calendar_list_calendars", async () => {
    const whoami = data<{ time_zone: string }>(await call('nc_core_whoami'));
    const calendars = data<{ time_zone: string }>(await call('nc_calendar_list_calendars'));

    expect(whoami.time_zone).toBe('Europe/Berlin');
    expect(calendars.time_zone).toBe('Europe/Berlin');
  });

  it('lists a weekly 09:30 Europe/Berlin event created in winter at 09:30 local in summer', async () => {
    const created = data<Event>(
      await call('nc_calendar_create_event', {
        summary: 'Standup',
        start: '2027-01-04T09:30',
        end: '2027-01-04T10:00',
        time_zone: 'Europe/Berlin',
        rrule: 'FREQ=WEEKLY',
      }),
    );

    const summer = data<{ events: Event[] }>(
      await call('nc_calendar_list_events', { start: '2027-07-05', end: '2027-07-06' }),
    ).events;

    const stored = await (await dav(`${PERSONAL}${created.id}.ics`, { method: 'GET' })).text();
    expect(created).toMatchObject({ start: '2027-01-04T09:30:00+01:00', time_zone: 'Europe/Berlin' });
    expect(summer).toEqual([
      expect.objectContaining({ id: created.id, start: '2027-07-05T09:30:00+02:00', end: '2027-07-05T10:00:00+02:00' }),
    ]);
    expect(stored).toMatch(/^DTSTART;TZID=Europe\/Berlin:20270104T093000\r$/m);
    expect(stored).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin');
  });

  it("reads a date-time without offset in the user's time zone", async () => {
    const created = data<Event>(
      await call('nc_calendar_create_event', { summary: 'Lunch', start: '2027-07-01T12:00' }),
    );

    expect(created).toMatchObject({ start: '2027-07-01T12:00:00+02:00', time_zone: 'Europe/Berlin' });
    expect(created.user_start).toBeUndefined();
  });

  it("shows an event of another zone in its own time and in the user's", async () => {
    const created = data<Event>(
      await call('nc_calendar_create_event', {
        summary: 'NY call',
        start: '2027-07-01T09:00',
        time_zone: 'America/New_York',
      }),
    );

    const read = data<Event>(await call('nc_calendar_get_event', { calendar_id: 'personal', event_id: created.id }));

    expect(read).toMatchObject({
      start: '2027-07-01T09:00:00-04:00',
      end: '2027-07-01T10:00:00-04:00',
      time_zone: 'America/New_York',
      user_start: '2027-07-01T15:00:00+02:00',
      user_end: '2027-07-01T16:00:00+02:00',
    });
  });

  it("moves an event's time in its own zone when no offset is given", async () => {
    const created = data<Event>(
      await call('nc_calendar_create_event', { summary: 'Tokyo', start: '2027-07-02T09:00', time_zone: 'Asia/Tokyo' }),
    );

    const moved = data<Event>(
      await call('nc_calendar_update_event', {
        calendar_id: 'personal',
        event_id: created.id,
        start: '2027-07-02T11:00',
      }),
    );

    expect(moved).toMatchObject({ start: '2027-07-02T11:00:00+09:00', time_zone: 'Asia/Tokyo' });
  });
});

describe("the user's time zone setting", () => {
  it('comes from cloud/user when the user set one, without asking the calendar', async () => {
    const own = await startToolHarness({
      users: [{ id: 'nyc', timeZone: 'America/New_York', appPasswords: [APP_PASSWORD] }],
      apps: [createDavApp(radicale)],
    });
    const before = own.nextcloud.requests.length;

    const whoami = data<{ time_zone: string }>(await own.call('nc_core_whoami'));

    const davRequests = own.nextcloud.requests.slice(before).filter((r) => r.path.includes('/remote.php/dav'));
    await own.close();
    expect(whoami.time_zone).toBe('America/New_York');
    expect(davRequests).toEqual([]);
  });
});

describe("the personal calendar's time zone", () => {
  it('is asked once and then remembered, so whoami makes one request to Nextcloud', async () => {
    await call('nc_core_whoami');
    const before = harness.nextcloud.requests.length;

    await call('nc_core_whoami');

    const paths = harness.nextcloud.requests.slice(before).map((request) => request.path.split('?')[0]);
    expect(paths).toEqual(['/ocs/v2.php/cloud/user']);
  });
});
