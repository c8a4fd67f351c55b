// The calendar tools end to end: SDK client → sidecar (basic mode) → platform double → Radicale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavApp, type DavApp } from '../../../test/platform/apps/dav.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';

interface Event {
  uid: string;
  etag: string;
  summary: string;
  start: string;
  end: string;
  rrule?: string;
  description?: string;
  organizer?: { email: string };
  attendees: { email: string; name?: string; role?: string; status?: string; rsvp?: boolean }[];
  alarms: { action: string; minutes_before?: number }[];
}
interface Occurrence {
  uid: string;
  summary: string;
  start: string;
  recurring: boolean;
}
interface Task {
  uid: string;
  etag: string;
  summary: string;
  status: string;
  priority?: number;
  due?: string;
  completed?: string;
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

describe('calendar tools', () => {
  it('lists the user calendars without the system collections', async () => {
    const result = await call('nc_calendar_list_calendars');

    const ids = data<{ calendars: { id: string; components: string[] }[] }>(result).calendars.map((c) => c.id);
    expect(ids).toContain('personal');
    expect(ids).not.toEqual(expect.arrayContaining(['inbox']));
    for (const system of ['contact_birthdays', 'inbox', 'outbox', 'trashbin']) expect(ids).not.toContain(system);
  });

  it('creates a calendar that then appears in the list', async () => {
    const created = await call('nc_calendar_create_calendar', { display_name: 'Team Events', color: '#ff0000' });

    const list = data<{ calendars: { id: string; display_name: string }[] }>(await call('nc_calendar_list_calendars'));
    expect(data<{ id: string }>(created).id).toBe('team-events');
    expect(list.calendars).toContainEqual(expect.objectContaining({ id: 'team-events', display_name: 'Team Events' }));
  });

  it('refuses a calendar id that is taken', async () => {
    const result = await call('nc_calendar_create_calendar', { display_name: 'Personal', id: 'personal' });

    expect(errorText(result)).toMatch(/already exists/);
  });

  it('expands a weekly recurring event into its occurrences within the range', async () => {
    const event = await createEvent({
      calendar: 'team-events',
      summary: 'Weekly sync',
      start: '2025-01-06T09:00:00Z',
      end: '2025-01-06T09:30:00Z',
      rrule: 'FREQ=WEEKLY;BYDAY=MO',
    });

    const result = await call('nc_calendar_list_events', {
      start: '2025-01-08T00:00:00Z',
      end: '2025-02-04T00:00:00+00:00',
      calendars: ['team-events'],
    });

    const { events } = data<{ events: Occurrence[] }>(result);
    expect(events.map((e) => e.start)).toEqual([
      '2025-01-13T09:00:00Z',
      '2025-01-20T09:00:00Z',
      '2025-01-27T09:00:00Z',
      '2025-02-03T09:00:00Z',
    ]);
    expect(events.every((e) => e.uid === event.uid && e.recurring)).toBe(true);
  });

  it('pages through events with a cursor', async () => {
    const first = data<{ events: Occurrence[]; next_cursor: string | null }>(
      await call('nc_calendar_list_events', {
        start: '2025-01-01T00:00:00Z',
        end: '2025-02-01T00:00:00Z',
        calendars: ['team-events'],
        limit: 3,
      }),
    );

    const second = data<{ events: Occurrence[]; next_cursor: string | null }>(
      await call('nc_calendar_list_events', {
        start: '2025-01-01T00:00:00Z',
        end: '2025-02-01T00:00:00Z',
        calendars: ['team-events'],
        limit: 3,
        cursor: first.next_cursor,
      }),
    );

    expect(first.events.map((e) => e.start.slice(0, 10))).toEqual(['2025-01-06', '2025-01-13', '2025-01-20']);
    expect(first.next_cursor).toEqual(expect.any(String));
    expect(second.events.map((e) => e.start.slice(0, 10))).toEqual(['2025-01-27']);
    expect(second.next_cursor).toBeNull();
  });

  it('round-trips attendees and alarms and sets the user as organizer', async () => {
    const created = await createEvent({
      summary: 'Planning',
      attendees: [
        { email: 'bob@example.com', name: 'Bob' },
        { email: 'carol@example.com', role: 'OPT-PARTICIPANT', rsvp: false },
      ],
      alarms: [{ minutes_before: 15 }, { minutes_before: 1440, action: 'EMAIL' }],
    });

    const event = data<Event>(await call('nc_calendar_get_event', { calendar: 'personal', uid: created.uid }));

    expect(event.organizer?.email).toBe('alice@example.com');
    expect(event.attendees).toEqual([
      { email: 'bob@example.com', name: 'Bob', role: 'REQ-PARTICIPANT', status: 'NEEDS-ACTION', rsvp: true },
      { email: 'carol@example.com', role: 'OPT-PARTICIPANT', status: 'NEEDS-ACTION', rsvp: false },
    ]);
    expect(event.alarms.map((a) => [a.action, a.minutes_before])).toEqual([
      ['DISPLAY', 15],
      ['EMAIL', 1440],
    ]);
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
      calendar: 'personal',
      uid: 'other-client-1',
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
    data<Event>(await call('nc_calendar_update_event', { calendar: 'personal', uid: created.uid, summary: 'First' }));

    const stale = await call('nc_calendar_update_event', {
      calendar: 'personal',
      uid: created.uid,
      etag: created.etag,
      summary: 'Second',
    });

    expect(errorText(stale)).toMatch(/changed/);
    const event = data<Event>(await call('nc_calendar_get_event', { calendar: 'personal', uid: created.uid }));
    expect(event.summary).toBe('First');
  });

  it('moves the start of an event and keeps its duration', async () => {
    const created = await createEvent({ start: '2025-06-01T10:00:00Z', end: '2025-06-01T12:00:00Z' });

    const moved = await call('nc_calendar_update_event', {
      calendar: 'personal',
      uid: created.uid,
      start: '2025-06-02T08:00:00+02:00',
    });

    expect(data<Event>(moved)).toMatchObject({ start: '2025-06-02T06:00:00Z', end: '2025-06-02T08:00:00Z' });
  });

  it('deletes an event to the trash bin and creates the next one with a new UID', async () => {
    const first = await createEvent({ summary: 'Recreated' });

    const deleted = await call('nc_calendar_delete_event', { calendar: 'personal', uid: first.uid });
    const second = await call('nc_calendar_create_event', { summary: 'Recreated', start: '2025-05-05T10:00:00Z' });

    expect(data<{ deleted: boolean }>(deleted).deleted).toBe(true);
    expect(dav.trash.list('alice').map((entry) => entry.objectUid)).toContain(first.uid);
    expect(data<Event>(second).uid).not.toBe(first.uid);
    expect(errorText(await call('nc_calendar_get_event', { calendar: 'personal', uid: first.uid }))).toMatch(
      /no event/,
    );
  });

  it('refuses the system calendars', async () => {
    const result = await call('nc_calendar_get_event', { calendar: 'inbox', uid: 'x' });

    expect(errorText(result)).toMatch(/system collection/);
  });

  it('creates, lists, updates, completes and deletes a task', async () => {
    const created = data<Task>(
      await call('nc_calendar_create_task', { summary: 'Write report', due: '2025-07-01', priority: 5 }),
    );
    const updated = data<Task>(
      await call('nc_calendar_update_task', { calendar: 'personal', uid: created.uid, priority: 1 }),
    );
    const openBefore = data<{ tasks: Task[] }>(await call('nc_calendar_list_tasks')).tasks;

    const completed = data<Task>(await call('nc_calendar_complete_task', { calendar: 'personal', uid: created.uid }));

    const openAfter = data<{ tasks: Task[] }>(await call('nc_calendar_list_tasks')).tasks;
    const all = data<{ tasks: Task[] }>(await call('nc_calendar_list_tasks', { include_completed: true })).tasks;
    const deleted = await call('nc_calendar_delete_task', { calendar: 'personal', uid: created.uid });
    const afterDelete = data<{ tasks: Task[] }>(await call('nc_calendar_list_tasks', { include_completed: true }));
    expect(updated).toMatchObject({ summary: 'Write report', priority: 1, due: '2025-07-01' });
    expect(openBefore.map((t) => t.uid)).toContain(created.uid);
    expect(completed.status).toBe('COMPLETED');
    expect(completed.completed).toMatch(/Z$/);
    expect(openAfter.map((t) => t.uid)).not.toContain(created.uid);
    expect(all.map((t) => t.uid)).toContain(created.uid);
    expect(deleted.isError).toBeFalsy();
    expect(afterDelete.tasks.map((t) => t.uid)).not.toContain(created.uid);
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

    it('refuses oversized strings and date-times without an offset', async () => {
      const long = await call('nc_calendar_create_event', { summary: 'x'.repeat(256), start: '2025-05-05' });
      const floating = await call('nc_calendar_create_event', { summary: 'Local', start: '2025-05-05T10:00:00' });
      const badRule = await call('nc_calendar_create_event', {
        summary: 'Bad rule',
        start: '2025-05-05',
        rrule: 'FREQ=SOMETIMES',
      });

      expect(errorText(long)).toMatch(/summary/);
      expect(errorText(floating)).toMatch(/start/);
      expect(badRule.isError).toBe(true);
    });
  });
});
