// The scheduling outbox of the DAV double, as sabre answers it (docs/nextcloud-behaviour.md, "Renaming, scheduling
// and answers", not verified). Facts, one test each: a VFREEBUSY REQUEST → 200 schedule-response with busy periods in
// UTC and 3.7 for an unknown address · an ORGANIZER that is not the user → 403 · another METHOD → 501.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDARS, startDavDouble, type DavDouble } from './dav-double-client.js';

let double: DavDouble;

beforeAll(async () => {
  double = await startDavDouble({ userIdByEmail: (email) => (email === 'bob@example.com' ? 'bob' : undefined) });
});
afterAll(() => double.close());

const freeBusyRequest = (organizer: string, method = 'REQUEST') =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    `METHOD:${method}`,
    'BEGIN:VFREEBUSY',
    'UID:fb-1',
    'DTSTAMP:20270101T000000Z',
    'DTSTART:20270301T000000Z',
    'DTEND:20270302T000000Z',
    `ORGANIZER:mailto:${organizer}`,
    'ATTENDEE:mailto:alice@example.com',
    'ATTENDEE:mailto:nobody@example.com',
    'END:VFREEBUSY',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
const post = (body: string) =>
  double.request(`${CALENDARS}outbox/`, { method: 'POST', headers: { 'content-type': 'text/calendar' }, body });

describe('DAV double: free/busy through the outbox', () => {
  it('answers a schedule-response with the busy periods in UTC and 3.7 for an unknown address', async () => {
    await double.put(
      `${CALENDARS}personal/busy.ics`,
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VTIMEZONE',
        'TZID:Test/Plus-One',
        'BEGIN:STANDARD',
        'DTSTART:19700101T000000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0100',
        'END:STANDARD',
        'END:VTIMEZONE',
        'BEGIN:VEVENT',
        'UID:busy',
        'DTSTAMP:20270101T000000Z',
        'DTSTART;TZID=Test/Plus-One:20270301T090000',
        'DTEND;TZID=Test/Plus-One:20270301T100000',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );

    const response = await post(freeBusyRequest('alice@example.com'));

    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).toContain('<cal:request-status>2.0;Success</cal:request-status>');
    expect(body).toContain('FREEBUSY;FBTYPE=BUSY:20270301T080000Z/20270301T090000Z');
    expect(body).toContain('<cal:request-status>3.7;Could not find principal</cal:request-status>');
  });

  it('refuses an ORGANIZER that is not one of the user’s addresses with 403', async () => {
    const response = await post(freeBusyRequest('mallory@example.com'));

    expect(response.status).toBe(403);
    expect(await response.text()).toContain('did not match any of the addresses');
  });

  it('answers 501 to anything but a VFREEBUSY REQUEST', async () => {
    const response = await post(freeBusyRequest('alice@example.com', 'PUBLISH'));

    expect(response.status).toBe(501);
  });
});
