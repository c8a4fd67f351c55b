// The scheduling outbox of the DAV double: a VFREEBUSY REQUEST POSTed there is answered with a schedule-response
// holding each attendee's busy periods, computed from their calendars in Radicale (which has no scheduling).
// unverified: all of this file (source: sabre/dav lib/CalDAV/Schedule/Plugin.php outboxRequest,
// handleFreeBusyRequest and getFreeBusyForEmail, which Nextcloud's apps/dav/lib/CalDAV/Schedule/Plugin.php extends).
import ICAL from 'ical.js';
import { escapeXml } from '../../xml-escape.js';
import type { DavBackend } from './radicale-forward.js';
import { sabreError, type Answer } from './sabre-answers.js';

export interface FreeBusyContext {
  backend: DavBackend;
  /** The requesting user's email: the only ORGANIZER the outbox accepts. */
  ownerEmail: string;
  /** The user whose address this is, if any (sabre searches principals by email). */
  userIdByEmail: (email: string) => string | undefined;
  /** Makes sure the user's default calendars exist before they are read. */
  provision: (userId: string) => Promise<void>;
}

const CALDAV_NS = 'urn:ietf:params:xml:ns:caldav';

export async function answerFreeBusy(context: FreeBusyContext, body: string): Promise<Answer> {
  let request: ICAL.Component;
  try {
    request = new ICAL.Component(ICAL.parse(body) as unknown[]);
  } catch (error) {
    return sabreError(
      400,
      'Sabre\\DAV\\Exception\\BadRequest',
      `The request body must be a valid iCalendar object. Parse error: ${(error as Error).message}`,
    );
  }
  const freeBusy = request.getFirstSubcomponent('vfreebusy');
  const method = String(request.getFirstPropertyValue('method') ?? '').toUpperCase();
  if (!freeBusy || method !== 'REQUEST') {
    return sabreError(
      501,
      'Sabre\\DAV\\Exception\\NotImplemented',
      'We only support VFREEBUSY (REQUEST) on this endpoint',
    );
  }
  const organizer = String(freeBusy.getFirstPropertyValue('organizer') ?? '');
  if (organizer.toLowerCase() !== `mailto:${context.ownerEmail}`.toLowerCase()) {
    return sabreError(
      403,
      'Sabre\\DAV\\Exception\\Forbidden',
      'The organizer in the request did not match any of the addresses for the owner of this inbox',
    );
  }
  const attendees = freeBusy.getAllProperties('attendee').map((p) => String(p.getFirstValue()));
  if (attendees.length === 0) {
    return sabreError(400, 'Sabre\\DAV\\Exception\\BadRequest', 'You must at least specify 1 attendee');
  }
  const start = freeBusy.getFirstPropertyValue('dtstart');
  const end = freeBusy.getFirstPropertyValue('dtend');
  if (!(start instanceof ICAL.Time) || !(end instanceof ICAL.Time)) {
    return sabreError(400, 'Sabre\\DAV\\Exception\\BadRequest', 'DTSTART and DTEND must both be specified');
  }
  const uid = String(freeBusy.getFirstPropertyValue('uid') ?? '');
  const responses: string[] = [];
  for (const attendee of attendees) {
    const email = attendee.replace(/^mailto:/i, '');
    const userId = context.userIdByEmail(email);
    let inner = `<cal:request-status>3.7;Could not find principal</cal:request-status>`;
    if (userId !== undefined) {
      await context.provision(userId);
      const busy = await busyPeriods(context.backend, userId, start, end);
      const data = replyCalendar({ email, uid, organizer, start, end, busy });
      inner =
        '<cal:request-status>2.0;Success</cal:request-status>' +
        `<cal:calendar-data>${escapeXml(data)}</cal:calendar-data>`;
    }
    responses.push(
      `<cal:response><cal:recipient><d:href>mailto:${escapeXml(email)}</d:href></cal:recipient>${inner}</cal:response>`,
    );
  }
  return {
    status: 200,
    headers: { 'content-type': 'application/xml' },
    body:
      `<?xml version="1.0" encoding="utf-8"?>\n<cal:schedule-response xmlns:d="DAV:" xmlns:cal="${CALDAV_NS}">` +
      `${responses.join('')}</cal:schedule-response>`,
  };
}

interface Busy {
  start: ICAL.Time;
  end: ICAL.Time;
  type: string;
}

/** Opaque, not cancelled events of every calendar of the user that overlap the range, in UTC. */
async function busyPeriods(backend: DavBackend, userId: string, start: ICAL.Time, end: ICAL.Time): Promise<Busy[]> {
  const headers = { 'x-remote-user': userId, depth: '1', 'content-type': 'application/xml' };
  const home = `${backend.url}/${encodeURIComponent(userId)}/`;
  const listing = await (await fetch(home, { method: 'PROPFIND', headers })).text();
  const calendars = [...listing.matchAll(/<[^>]*href>([^<]*\/calendar--[^<]*)<\//g)].map((m) => m[1]!);
  const utcStart = start.convertToZone(ICAL.Timezone.utcTimezone);
  const utcEnd = end.convertToZone(ICAL.Timezone.utcTimezone);
  const found: Busy[] = [];
  for (const href of calendars) {
    const report = await fetch(new URL(href, backend.url), {
      method: 'REPORT',
      headers,
      body:
        `<?xml version="1.0"?><c:calendar-query xmlns:d="DAV:" xmlns:c="${CALDAV_NS}"><d:prop><c:calendar-data/>` +
        '</d:prop><c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">' +
        `<c:time-range start="${utcStart.toICALString()}" end="${utcEnd.toICALString()}"/>` +
        '</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>',
    });
    const xml = await report.text();
    for (const match of xml.matchAll(/<[^>]*calendar-data[^>]*>([\s\S]*?)<\/[^>]*calendar-data>/g)) {
      found.push(...occurrencesOf(unescapeXml(match[1]!), utcStart, utcEnd));
    }
  }
  return found.sort((a, b) => a.start.compare(b.start));
}

function occurrencesOf(ics: string, start: ICAL.Time, end: ICAL.Time): Busy[] {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const components = calendar.getAllSubcomponents('vevent');
  const master = components.find((c) => !c.hasProperty('recurrence-id'));
  if (!master) return [];
  const event = new ICAL.Event(master, {
    exceptions: components.filter((c) => c !== master),
    strictExceptions: false,
  });
  const found: Busy[] = [];
  const add = (component: ICAL.Component, from: ICAL.Time, to: ICAL.Time) => {
    const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
    const transparent = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase() === 'TRANSPARENT';
    if (status === 'CANCELLED' || transparent) return;
    const utcFrom = from.convertToZone(ICAL.Timezone.utcTimezone);
    const utcTo = to.convertToZone(ICAL.Timezone.utcTimezone);
    if (utcFrom.compare(end) >= 0 || utcTo.compare(start) <= 0) return;
    found.push({ start: utcFrom, end: utcTo, type: status === 'TENTATIVE' ? 'BUSY-TENTATIVE' : 'BUSY' });
  };
  if (!event.isRecurring()) {
    add(master, event.startDate, event.endDate);
    return found;
  }
  const iterator = event.iterator();
  for (let i = 0; i < 10_000; i++) {
    const next = iterator.next();
    if (!next || next.convertToZone(ICAL.Timezone.utcTimezone).compare(end) >= 0) break;
    const details = event.getOccurrenceDetails(next);
    add(details.item.component, details.startDate, details.endDate);
  }
  return found;
}

function replyCalendar(reply: {
  email: string;
  uid: string;
  organizer: string;
  start: ICAL.Time;
  end: ICAL.Time;
  busy: Busy[];
}): string {
  const utc = (time: ICAL.Time) => time.convertToZone(ICAL.Timezone.utcTimezone).toICALString();
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sabre//Sabre VObject 4.5.6//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:REPLY',
    'BEGIN:VFREEBUSY',
    `DTSTART:${utc(reply.start)}`,
    `DTEND:${utc(reply.end)}`,
    ...reply.busy.map((b) => `FREEBUSY;FBTYPE=${b.type}:${utc(b.start)}/${utc(b.end)}`),
    `ATTENDEE:mailto:${reply.email}`,
    `UID:${reply.uid}`,
    `ORGANIZER:${reply.organizer}`,
    'END:VFREEBUSY',
    'END:VCALENDAR',
    '',
  ].join('\n');
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#13;/g, '\r')
    .replace(/&amp;/g, '&');
}
