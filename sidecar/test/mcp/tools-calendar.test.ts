// The calendar tools end to end: SDK client → sidecar (basic mode) → platform double → Radicale. Tasks and time
// zones have their own files.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavApp, type DavApp } from '../../../test/platform/apps/dav.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';

interface Event {
  id: string;
  calendar_id: string;
  etag: string;
  summary: string;
  start: string;
  end: string;
  time_zone?: string;
  rrule?: string;
  organizer?: string;
  attendees?: string[];
  alarms?: number[];
}

const LOGIN = 'alice@example.com';
let radicale: RunningRadicale;
let dav: DavApp;
let harness: ToolHarness;

beforeAll(async () => {
  radicale = await startRadicale();
  dav = createDavApp(radicale);
  harness = await startToolHarness({
    users: [{ id: 'alice', loginName: LOGIN, displayName: 'Alice', appPasswords: [APP_PASSWORD] }],
    apps: [dav],
  });
});
afterAll(async () => {
  await harness.close();
  await radicale.stop();
});

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const davRequest = (path: string, init: { method: string; body?: string; headers?: Record<string, string> }) =>
  fetch(`${harness.nextcloud.url}${path}`, {
    method: init.method,
    body: init.body,
    headers: { authorization: basicAuth(LOGIN, APP_PASSWORD), ...init.headers },
  });
const createEvent = async (args: Record<string, unknown>) =>
  data<Event>(await call('nc_calendar_create_event', { summary: 'Meeting', start: '2025-05-05T10:00:00Z', ...args }));
const getEvent = async (event: { id: string; calendar_id: string }) =>
  data<Event>(await call('nc_calendar_get_event', { calendar_id: event.calendar_id, event_id: event.id }));
const listEvents = async (args: Record<string, unknown>) =>
  data<{ events: Event[]; next_cursor: string | null; time_zone: string }>(await call('nc_calendar_list_events', args));

describe('calendar tools', () => {
  it('lists the user calendars without the system collections, personal holding events only', async () => {
    const result = await call('nc_calendar_list_calendars');

    const { calendars, time_zone } = data<{ calendars: { id: string; components: string[] }[]; time_zone: string }>(
      result,
    );
    expect(calendars).toEqual([{ id: 'personal', display_name: 'Personal', components: ['VEVENT'] }]);
    expect(time_zone).toBe('UTC');
  });

  it('creates a calendar that then appears in the list', async () => {
    const created = await call('nc_calendar_create_calendar', { display_name: 'Team Events', color: '#ff0000' });

    const list = data<{ calendars: { id: string; display_name: string }[] }>(await call('nc_calendar_list_calendars'));
    expect(data<{ id: string }>(created).id).toBe('team-events');
    expect(list.calendars).toContainEqual(expect.objectContaining({ id: 'team-events', display_name: 'Team Events' }));
  });

  it('refuses a calendar id that is taken', async () => {
    const result = await call('nc_calendar_create_calendar', { display_name: 'Personal', calendar_id: 'personal' });

    expect(errorText(result)).toMatch(/already exists/);
  });

  it('leaves out a deleted calendar, which Nextcloud still lists until it is purged', async () => {
    data(await call('nc_calendar_create_calendar', { display_name: 'Old plans' }));
    await davRequest('/remote.php/dav/calendars/alice/old-plans/', { method: 'DELETE' });

    const list = data<{ calendars: { id: string }[] }>(await call('nc_calendar_list_calendars'));

    expect(list.calendars.map((c) => c.id)).not.toContain('old-plans');
  });

  it('says that a deleted calendar in the trash bin holds the id when creating one with it', async () => {
    data(await call('nc_calendar_create_calendar', { display_name: 'Trashed plans' }));
    await davRequest('/remote.php/dav/calendars/alice/trashed-plans/', { method: 'DELETE' });

    const result = await call('nc_calendar_create_calendar', { display_name: 'Trashed plans' });

    expect(errorText(result)).toContain('A deleted calendar in the trash bin still holds the id');
  });

  it('lists the events of days given as plain dates (CalDAV time ranges go out as UTC date-times)', async () => {
    const event = await createEvent({ summary: 'Plain date', start: '2027-03-07T15:00:00Z' });

    const { events } = await listEvents({ start: '2027-03-07', end: '2027-03-08' });

    expect(events.map((e) => e.id)).toEqual([event.id]);
  });

  it('expands a weekly recurring event into its occurrences within the range', async () => {
    const event = await createEvent({
      calendar_id: 'team-events',
      summary: 'Weekly sync',
      start: '2025-01-06T09:00:00Z',
      end: '2025-01-06T09:30:00Z',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
    });

    const { events } = await listEvents({
      start: '2025-01-08T00:00:00Z',
      end: '2025-02-04T00:00:00+00:00',
      calendar_ids: ['team-events'],
    });

    expect(events.map((e) => e.start)).toEqual([
      '2025-01-13T09:00:00Z',
      '2025-01-20T09:00:00Z',
      '2025-01-27T09:00:00Z',
      '2025-02-03T09:00:00Z',
    ]);
    expect(events.every((e) => e.id === event.id)).toBe(true);
  });

  it('pages through events with a cursor', async () => {
    const range = { start: '2025-01-01', end: '2025-02-01', calendar_ids: ['team-events'], limit: 3 };
    const first = await listEvents(range);

    const second = await listEvents({ ...range, cursor: first.next_cursor });

    expect(first.events.map((e) => e.start.slice(0, 10))).toEqual(['2025-01-06', '2025-01-13', '2025-01-20']);
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(second.events.map((e) => e.start.slice(0, 10))).toEqual(['2025-01-27']);
    expect(second.next_cursor).toBeNull();
  });

  it('keeps an all-day event as VALUE=DATE', async () => {
    const created = await createEvent({ summary: 'Holiday', start: '2027-05-10' });

    const stored = await (
      await davRequest(`/remote.php/dav/calendars/alice/personal/${created.id}.ics`, { method: 'GET' })
    ).text();
    expect(created).toMatchObject({ start: '2027-05-10', end: '2027-05-11' });
    expect(stored).toMatch(/^DTSTART;VALUE=DATE:20270510\r$/m);
  });

  it('round-trips attendees and reminders and sets the user as organizer', async () => {
    const created = await createEvent({
      summary: 'Planning',
      attendees: [{ email: 'bob@example.com', name: 'Bob' }, { email: 'carol@example.com' }],
      alarms: [15, 1440],
    });

    const event = await getEvent(created);

    expect(event.organizer).toBe('alice@example.com');
    expect(event.attendees).toEqual(['Bob <bob@example.com> (NEEDS-ACTION)', 'carol@example.com (NEEDS-ACTION)']);
    expect(event.alarms).toEqual([15, 1440]);
  });

  it('keeps X- and unknown properties written by another client when updating', async () => {
    const path = '/remote.php/dav/calendars/alice/personal/from-other-client.ics';
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Other//EN',
      'BEGIN:VEVENT',
      'UID:other-client-1',
      'DTSTAMP:20250101T000000Z',
      'DTSTART:20250310T100000Z',
      'DTEND:20250310T110000Z',
      'SUMMARY:Original',
      'X-OTHER-APP-FLAG:keep-me',
      'CONFERENCE;VALUE=URI;FEATURE=VIDEO:https://meet.example.com/abc',
      'COLOR:turquoise',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    await davRequest(path, { method: 'PUT', body: ics, headers: { 'content-type': 'text/calendar' } });

    const updated = await call('nc_calendar_update_event', {
      calendar_id: 'personal',
      event_id: 'other-client-1',
      summary: 'Renamed',
      location: 'Room 4',
    });

    const stored = await (await davRequest(path, { method: 'GET' })).text();
    expect(data<Event>(updated).summary).toBe('Renamed');
    expect(stored).toContain('SUMMARY:Renamed');
    expect(stored).toContain('LOCATION:Room 4');
    expect(stored).toContain('X-OTHER-APP-FLAG:keep-me');
    expect(stored).toMatch(/^CONFERENCE;(?=[^:]*FEATURE=VIDEO)[^:]*:https:\/\/meet\.example\.com\/abc\r$/m);
    expect(stored).toContain('COLOR:turquoise');
    expect(stored).toContain('DTSTART:20250310T100000Z');
  });

  it('refuses an update with a stale etag as a conflict', async () => {
    const created = await createEvent({ summary: 'Contested' });
    data<Event>(
      await call('nc_calendar_update_event', { calendar_id: 'personal', event_id: created.id, summary: 'First' }),
    );

    const stale = await call('nc_calendar_update_event', {
      calendar_id: 'personal',
      event_id: created.id,
      etag: created.etag,
      summary: 'Second',
    });

    expect(errorText(stale)).toMatch(/changed/);
    expect((await getEvent(created)).summary).toBe('First');
  });

  it('moves the start of an event and keeps its duration', async () => {
    const created = await createEvent({ start: '2025-06-01T10:00:00Z', end: '2025-06-01T12:00:00Z' });

    const moved = await call('nc_calendar_update_event', {
      calendar_id: 'personal',
      event_id: created.id,
      start: '2025-06-02T08:00:00+02:00',
    });

    expect(data<Event>(moved)).toMatchObject({ start: '2025-06-02T06:00:00Z', end: '2025-06-02T08:00:00Z' });
  });

  it('deletes an event to the trash bin and creates the next one with a new UID', async () => {
    const first = await createEvent({ summary: 'Recreated' });

    const deleted = await call('nc_calendar_delete_event', { calendar_id: 'personal', event_id: first.id });
    const second = await createEvent({ summary: 'Recreated' });

    expect(data<{ id: string }>(deleted).id).toBe(first.id);
    expect(dav.trash.list('alice').map((entry) => entry.objectUid)).toContain(first.id);
    expect(second.id).not.toBe(first.id);
    expect(errorText(await call('nc_calendar_get_event', { calendar_id: 'personal', event_id: first.id }))).toMatch(
      /no event/,
    );
  });

  it('refuses the system calendars', async () => {
    const result = await call('nc_calendar_get_event', { calendar_id: 'inbox', event_id: 'x' });

    expect(errorText(result)).toMatch(/system collection/);
  });

  describe('bad input', () => {
    it('refuses an event that ends before it starts', async () => {
      const result = await call('nc_calendar_create_event', {
        summary: 'Backwards',
        start: '2025-05-05T10:00:00Z',
        end: '2025-05-05T09:00:00Z',
      });

      expect(errorText(result)).toMatch(/end must be after start/);
    });

    it('refuses a list range that ends before it starts or spans more than a year', async () => {
      const backwards = await call('nc_calendar_list_events', { start: '2025-02-01', end: '2025-01-01' });
      const huge = await call('nc_calendar_list_events', { start: '2020-01-01', end: '2025-01-01' });

      expect(errorText(backwards)).toMatch(/end must be after start/);
      expect(errorText(huge)).toMatch(/366 days/);
    });

    it('refuses oversized strings, unknown time zones and bad rules', async () => {
      const long = await call('nc_calendar_create_event', { summary: 'x'.repeat(256), start: '2025-05-05' });
      const zone = await call('nc_calendar_create_event', {
        summary: 'Z',
        start: '2025-05-05T10:00',
        time_zone: 'Mars/Base',
      });
      const badRule = await call('nc_calendar_create_event', {
        summary: 'R',
        start: '2025-05-05',
        rrule: 'FREQ=SOMETIMES',
      });

      expect(errorText(long)).toMatch(/summary/);
      expect(errorText(zone)).toMatch(/IANA time zone/);
      expect(badRule.isError).toBe(true);
    });
  });
});
