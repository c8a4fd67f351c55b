// CalDAV's `<c:expand start end>` as Nextcloud answers it (Radicale ignores it): each occurrence in the range
// becomes a VEVENT with RECURRENCE-ID and without RRULE, in the one calendar-data of its object.
import ICAL from 'ical.js';
import { escapeXml, unescapeXml } from '../../xml-escape.js';

/** The expand range of a calendar-query body, if it asks for one (values already checked as date-times). */
export function readExpandRange(body: string): { start: ICAL.Time; end: ICAL.Time } | undefined {
  const element = /<(?:[\w-]+:)?expand\b([^>]*)>/.exec(body)?.[1];
  if (element === undefined) return undefined;
  const start = /\bstart\s*=\s*"([^"]*)"/.exec(element)?.[1];
  const end = /\bend\s*=\s*"([^"]*)"/.exec(element)?.[1];
  if (!start || !end) return undefined;
  return { start: ICAL.Time.fromDateTimeString(basicToIso(start)), end: ICAL.Time.fromDateTimeString(basicToIso(end)) };
}

/** Rewrites every calendar-data of a multistatus to its expanded form. */
export function expandMultistatus(xml: string, range: { start: ICAL.Time; end: ICAL.Time }): string {
  return xml.replace(
    /(<((?:[\w-]+:)?)calendar-data\b[^>]*>)([\s\S]*?)(<\/\2calendar-data>)/g,
    (_all, open: string, _prefix: string, data: string, close: string) =>
      `${open}${escapeXml(expandCalendar(unescapeXml(data), range))}${close}`,
  );
}

/** Each occurrence in the range as a VEVENT in UTC with RECURRENCE-ID, without RRULE and without VTIMEZONE. */
function expandCalendar(ics: string, range: { start: ICAL.Time; end: ICAL.Time }): string {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent');
  const master = events.find((event) => !event.hasProperty('recurrence-id'));
  if (!master || !(master.hasProperty('rrule') || master.hasProperty('rdate'))) return ics;
  const expanded = new ICAL.Component('vcalendar');
  for (const property of calendar.getAllProperties())
    expanded.addProperty(ICAL.Property.fromString(property.toICALString()));
  const event = new ICAL.Event(master, { exceptions: events.filter((e) => e !== master), strictExceptions: false });
  const iterator = event.iterator();
  for (let next = iterator.next(), count = 0; next && count < 5000; next = iterator.next(), count++) {
    const details = event.getOccurrenceDetails(next);
    if (details.startDate.compare(range.end) >= 0) break;
    if (details.endDate.compare(range.start) <= 0) continue;
    const instance = new ICAL.Component(ICAL.parse(details.item.component.toString()) as unknown[]);
    for (const name of ['rrule', 'rdate', 'exdate', 'recurrence-id', 'dtstart', 'dtend', 'duration']) {
      instance.removeAllProperties(name);
    }
    const utc = (time: ICAL.Time) => time.convertToZone(ICAL.Timezone.utcTimezone);
    instance.addPropertyWithValue('dtstart', details.startDate.isDate ? details.startDate : utc(details.startDate));
    instance.addPropertyWithValue('dtend', details.endDate.isDate ? details.endDate : utc(details.endDate));
    instance.addPropertyWithValue(
      'recurrence-id',
      details.recurrenceId.isDate ? details.recurrenceId : utc(details.recurrenceId),
    );
    expanded.addSubcomponent(instance);
  }
  return `${expanded.toString()}\r\n`;
}

function basicToIso(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(Z?)$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${m[7]}` : value;
}
