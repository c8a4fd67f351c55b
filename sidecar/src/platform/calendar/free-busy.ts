// Free/busy of attendees for a time range: a VFREEBUSY REQUEST POSTed to the user's scheduling outbox (RFC 6638),
// answered per attendee with their busy periods or the reason there are none.
import ICAL from 'ical.js';
import { randomUUID } from 'node:crypto';
import { InvalidInputError, UpstreamError } from '../../errors.js';
import type { DavAccount } from '../dav/dav-account.js';
import { parseXmlTree } from '../dav/xml-tree.js';
import { calendarPaths } from './calendar-paths.js';
import { formatTime, formatUtcStamp, nowUtc } from './ical-time.js';

export interface BusyPeriod {
  start: string;
  end: string;
  /** BUSY, BUSY-TENTATIVE or BUSY-UNAVAILABLE. */
  type: string;
}

export interface AttendeeAvailability {
  email: string;
  /** Busy periods in the range; absent when the server could not tell (see `problem`). */
  busy?: BusyPeriod[];
  /** Why there is no answer for this attendee (an unknown address), as the server said. */
  problem?: string;
}

export interface FreeBusyRequest {
  start: ICAL.Time;
  end: ICAL.Time;
  /** Where dates and floating times count, and where the answer's times are shown. */
  zone: ICAL.Timezone;
  emails: string[];
}

export async function queryFreeBusy(account: DavAccount, request: FreeBusyRequest): Promise<AttendeeAvailability[]> {
  // The ORGANIZER must be one of the user's own addresses, else Nextcloud refuses the request (403).
  if (!account.email) {
    throw new InvalidInputError('Free/busy needs an email address in your Nextcloud profile; set one there first.');
  }
  const stamp = (time: ICAL.Time) => formatUtcStamp(time, request.zone);
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//nextcloud-mcp//free-busy//EN',
    'METHOD:REQUEST',
    'BEGIN:VFREEBUSY',
    `UID:${randomUUID()}`,
    `DTSTAMP:${stamp(nowUtc())}`,
    `DTSTART:${stamp(request.start)}`,
    `DTEND:${stamp(request.end)}`,
    `ORGANIZER:mailto:${account.email}`,
    ...request.emails.map((email) => `ATTENDEE:mailto:${email}`),
    'END:VFREEBUSY',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const response = await account.client.request(calendarPaths.outbox(account.userId), {
    method: 'POST',
    headers: { 'content-type': 'text/calendar; charset=utf-8', accept: 'application/xml' },
    body: ics,
  });
  return readScheduleResponse(response.text(), request.zone);
}

interface RawResponse {
  recipient?: { href?: unknown };
  'request-status'?: unknown;
  'calendar-data'?: unknown;
}

/** The `schedule-response`: per recipient a request-status ("2.0;Success", "3.7;Could not find principal") and data. */
function readScheduleResponse(xml: string, zone: ICAL.Timezone): AttendeeAvailability[] {
  let document: { 'schedule-response'?: { response?: RawResponse[] } | string };
  try {
    document = parseXmlTree(xml, { asArray: (name) => name === 'response' }) as typeof document;
  } catch (error) {
    throw new UpstreamError('Nextcloud answered the free/busy request with malformed XML.', { cause: error });
  }
  const root = document['schedule-response'];
  if (root === undefined)
    throw new UpstreamError('Nextcloud answered the free/busy request without a schedule-response.');
  const responses = typeof root === 'object' ? (root.response ?? []) : [];
  return responses.map((entry) => {
    const email = String(entry.recipient?.href ?? '').replace(/^mailto:/i, '');
    const status = String(entry['request-status'] ?? '');
    const data = typeof entry['calendar-data'] === 'string' ? entry['calendar-data'] : undefined;
    if (!status.startsWith('2.') || !data) return { email, problem: status.replace(/^[\d.]+;/, '') || 'no answer' };
    return { email, busy: busyPeriods(data, zone) };
  });
}

function busyPeriods(ics: string, zone: ICAL.Timezone): BusyPeriod[] {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  } catch (error) {
    throw new UpstreamError('Nextcloud answered free/busy data that is not iCalendar.', { cause: error });
  }
  const periods: BusyPeriod[] = [];
  for (const freeBusy of calendar.getAllSubcomponents('vfreebusy')) {
    for (const property of freeBusy.getAllProperties('freebusy')) {
      const type = String(property.getParameter('fbtype') ?? 'BUSY').toUpperCase();
      if (type === 'FREE') continue;
      for (const value of property.getValues()) {
        if (!(value instanceof ICAL.Period)) continue;
        periods.push({ start: formatTime(value.start, zone, zone), end: formatTime(value.getEnd(), zone, zone), type });
      }
    }
  }
  return periods.sort((a, b) => a.start.localeCompare(b.start));
}
