// What Nextcloud's CalDAV and CardDAV refuse or answer differently from Radicale: calendar-query REPORTs without
// Depth 1 or with time ranges that are not iCalendar date-times, objects of a component the calendar does not hold,
// UIDs still in the trash bin or already used, and the content types of objects.
import { readIcsUid, type CalendarTrash } from './calendar-trash.js';
import type { DavKind } from './dav-paths.js';
import { readCollectionProps, type Call, type DavBackend } from './radicale-forward.js';
import { sabreError, type Answer } from './sabre-answers.js';

/** iCalendar basic date-time, UTC or floating (20270307T000000Z, 20270307T000000). */
const ICAL_DATE_TIME = /^\d{8}T\d{6}Z?$/;

/** The refusal of a calendar-query REPORT on a calendar, if Nextcloud would refuse it. */
export function refuseCalendarQuery(call: Call, body: string): Answer | undefined {
  if (!/calendar-query\b/.test(body)) return undefined;
  const depth = call.req.headers.depth;
  if (typeof depth !== 'string' || depth.trim() === '0') {
    return sabreError(
      400,
      'Sabre\\DAV\\Exception\\BadRequest',
      'A calendar-query REPORT on a calendar with a Depth: 0 is undefined. Set Depth to 1',
    );
  }
  for (const element of body.matchAll(/<(?:[\w-]+:)?(?:time-range|expand)\b([^>]*)>/g)) {
    for (const attribute of (element[1] ?? '').matchAll(/\b(start|end)\s*=\s*"([^"]*)"/g)) {
      const value = attribute[2] ?? '';
      if (!ICAL_DATE_TIME.test(value)) {
        return sabreError(
          500,
          'Sabre\\VObject\\InvalidDataException',
          `The supplied iCalendar datetime value is incorrect: ${value}`,
        );
      }
    }
  }
  return undefined;
}

/** Floating time-range values read as UTC, as sabre reads them (Radicale refuses them). */
export function floatingRangesAsUtc(body: string): string {
  return body.replace(/<(?:[\w-]+:)?(?:time-range|expand)\b[^>]*>/g, (element) =>
    element.replace(/\b((?:start|end)\s*=\s*")(\d{8}T\d{6})"/g, '$1$2Z"'),
  );
}

/** The refusal of a PUT of a calendar object, if Nextcloud would refuse it. */
export async function refuseCalendarObject(
  backend: DavBackend,
  call: Call,
  trash: CalendarTrash,
): Promise<Answer | undefined> {
  const ics = call.body.toString('utf8');
  const supported = await supportedComponents(backend, call);
  const found = /^BEGIN:(VEVENT|VTODO|VJOURNAL)\r?$/m.exec(ics)?.[1];
  if (!found || !supported.includes(found)) {
    return sabreError(
      403,
      'Sabre\\CalDAV\\Exception\\InvalidComponentType',
      `iCalendar objects must at least have a component of type ${supported.join(', ')}`,
    );
  }
  const uid = readIcsUid(ics);
  if (uid && trash.holdsUid(call.target.userId, call.target.collection, uid)) {
    return sabreError(
      500,
      'OC\\DB\\Exceptions\\DbalException',
      'An exception occurred while executing a query: SQLSTATE[23000]: Integrity constraint violation: ' +
        'UNIQUE constraint failed: oc_calendarobjects.calendarid, oc_calendarobjects.calendartype, oc_calendarobjects.uid',
    );
  }
  return undefined;
}

/** Radicale's 409 no-uid-conflict becomes Nextcloud's 400 with its message. */
export function explainUidConflict(answer: Answer, kind: DavKind): Answer {
  if (answer.status !== 409 || !/no-uid-conflict/.test(answer.body)) return answer;
  return sabreError(
    400,
    'Sabre\\DAV\\Exception\\BadRequest',
    kind === 'calendar'
      ? 'Calendar object with uid already exists in this calendar collection.'
      : 'VCard object with uid already exists in this addressbook collection.',
  );
}

/** Nextcloud's Content-Type of a stored object: `component=` names the first component of calendar data. */
export function objectContentType(kind: DavKind, body: string): string {
  if (kind === 'addressbook') return 'text/vcard; charset=utf-8';
  const component = /^BEGIN:(VEVENT|VTODO|VJOURNAL)\r?$/m.exec(body)?.[1] ?? 'VEVENT';
  return `text/calendar; charset=utf-8; component=${component.toLowerCase()}`;
}

async function supportedComponents(backend: DavBackend, call: Call): Promise<string[]> {
  const xml = await readCollectionProps(backend, call, '<c:supported-calendar-component-set/>');
  const names = [...xml.matchAll(/<(?:[\w-]+:)?comp\s+name="([^"]+)"/g)].map((m) => (m[1] ?? '').toUpperCase());
  const order = ['VEVENT', 'VTODO', 'VJOURNAL'];
  return names.length === 0 ? order : order.filter((name) => names.includes(name));
}
