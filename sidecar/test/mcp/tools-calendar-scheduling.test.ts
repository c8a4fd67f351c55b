// Free/busy and invitation answers end to end: SDK client → sidecar → platform double (scheduling outbox) → Radicale,
// with a second user whose calendar is busy and who invites the first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavApp } from '../../../test/platform/apps/dav.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';

interface Availability {
  email: string;
  busy?: { start: string; end: string; type: string }[];
  problem?: string;
}

let radicale: RunningRadicale;
let harness: ToolHarness;

beforeAll(async () => {
  radicale = await startRadicale();
  const users: Record<string, string> = { 'bob@example.com': 'bob' };
  harness = await startToolHarness({
    users: [
      { id: 'alice', displayName: 'Alice', appPasswords: [APP_PASSWORD] },
      { id: 'bob', displayName: 'Bob', appPasswords: [APP_PASSWORD] },
    ],
    apps: [createDavApp(radicale, { userIdByEmail: (email) => users[email] })],
  });
});
afterAll(async () => {
  await harness.close();
  await radicale.stop();
});

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const putIcs = (user: string, fileName: string, lines: string[]) =>
  fetch(`${harness.nextcloud.url}/remote.php/dav/calendars/${user}/personal/${fileName}`, {
    method: 'PUT',
    body: ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n'),
    headers: { authorization: basicAuth(user, APP_PASSWORD), 'content-type': 'text/calendar' },
  });
const getIcs = async (user: string, fileName: string) =>
  (
    await fetch(`${harness.nextcloud.url}/remote.php/dav/calendars/${user}/personal/${fileName}`, {
      headers: { authorization: basicAuth(user, APP_PASSWORD) },
    })
  ).text();
const invitation = (uid: string, extra: string[] = []) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20270101T000000Z',
  'DTSTART:20270310T090000Z',
  'DTEND:20270310T100000Z',
  'SUMMARY:Planning',
  'SEQUENCE:2',
  'ORGANIZER;CN=Bob:mailto:bob@example.com',
  'ATTENDEE;PARTSTAT=ACCEPTED:mailto:bob@example.com',
  'ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:alice@example.com',
  ...extra,
  'END:VEVENT',
];

describe('free/busy', () => {
  it('lists the busy times of another user and says which addresses are unknown', async () => {
    const busyEvent = ['DTSTAMP:20270101T000000Z', 'DTSTART:20270305T100000Z', 'DTEND:20270305T110000Z'];
    expect(
      (await putIcs('bob', 'busy.ics', ['BEGIN:VEVENT', 'UID:busy', ...busyEvent, 'SUMMARY:Busy', 'END:VEVENT']))
        .status,
    ).toBe(201);
    const freeEvent = ['UID:free', 'DTSTAMP:20270101T000000Z', 'DTSTART:20270305T140000Z', 'DTEND:20270305T150000Z'];
    await putIcs('bob', 'free.ics', ['BEGIN:VEVENT', ...freeEvent, 'TRANSP:TRANSPARENT', 'END:VEVENT']);

    const result = await call('nc_calendar_get_free_busy', {
      start: '2027-03-05T00:00:00Z',
      end: '2027-03-06T00:00:00Z',
      emails: ['bob@example.com', 'nobody@example.com'],
    });

    const { attendees } = data<{ attendees: Availability[] }>(result);
    expect(attendees).toEqual([
      {
        email: 'bob@example.com',
        busy: [{ start: '2027-03-05T10:00:00Z', end: '2027-03-05T11:00:00Z', type: 'BUSY' }],
      },
      { email: 'nobody@example.com', problem: 'Could not find principal' },
    ]);
  });

  it('refuses a range that ends before it starts', async () => {
    const result = await call('nc_calendar_get_free_busy', {
      start: '2027-03-06',
      end: '2027-03-05',
      emails: ['bob@example.com'],
    });

    expect(errorText(result)).toMatch(/end must be after start/);
  });
});

describe('answering an invitation', () => {
  it('sets the user’s PARTSTAT and keeps SEQUENCE, which only the organizer raises', async () => {
    await putIcs('alice', 'invite-1.ics', invitation('invite-1'));

    const result = await call('nc_calendar_respond_to_event', {
      calendar_id: 'personal',
      event_id: 'invite-1',
      response: 'ACCEPTED',
    });

    expect(data<{ id: string }>(result).id).toBe('invite-1');
    const event = data<{ attendees: string[] }>(
      await call('nc_calendar_get_event', { calendar_id: 'personal', event_id: 'invite-1' }),
    );
    expect(event.attendees).toEqual(['bob@example.com (ACCEPTED)', 'alice@example.com (ACCEPTED)']);
    const ics = await getIcs('alice', 'invite-1.ics');
    expect(ics).toMatch(/SEQUENCE:2\r?\n/);
    expect(ics).not.toMatch(/RSVP/);
  });

  it('declines one occurrence of a recurring invitation and leaves the series as it was', async () => {
    await putIcs('alice', 'invite-2.ics', invitation('invite-2', ['RRULE:FREQ=DAILY;COUNT=3']));

    const result = await call('nc_calendar_respond_to_event', {
      calendar_id: 'personal',
      event_id: 'invite-2',
      response: 'DECLINED',
      recurrence_id: '2027-03-11T09:00:00Z',
    });

    expect(result.isError).toBeFalsy();
    const ics = await getIcs('alice', 'invite-2.ics');
    expect(ics).toMatch(/RECURRENCE-ID:20270311T090000Z/);
    expect(ics.match(/PARTSTAT=DECLINED/g)).toHaveLength(1);
    expect(ics.match(/PARTSTAT=NEEDS-ACTION/g)).toHaveLength(1);
  });

  it('refuses to answer an event the user is not invited to', async () => {
    await putIcs('alice', 'own.ics', [
      'BEGIN:VEVENT',
      'UID:own',
      'DTSTAMP:20270101T000000Z',
      'DTSTART:20270310T090000Z',
      'SUMMARY:Own',
      'END:VEVENT',
    ]);

    const result = await call('nc_calendar_respond_to_event', {
      calendar_id: 'personal',
      event_id: 'own',
      response: 'TENTATIVE',
    });

    expect(errorText(result)).toMatch(/not among the attendees/);
  });
});
