// Dates and times between the tools' ISO 8601 strings and iCalendar: all-day values as dates, date-times kept in
// a named time zone (read without an offset as wall time there), CalDAV filters in UTC.
import ICAL from 'ical.js';
import { InvalidInputError } from '../../errors.js';
import { findTimeZone, isUtcZone } from './time-zones.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Matches what parseTimeInput accepts, for input schemas. */
export const TIME_INPUT_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** The zone of an IANA id given by the caller; InvalidInputError names the argument when it is unknown. */
export function zoneOfInput(id: string, field = 'time_zone'): ICAL.Timezone {
  const zone = findTimeZone(id);
  if (!zone) throw new InvalidInputError(`${field} "${id}" is not an IANA time zone such as Europe/Berlin.`);
  return zone;
}

/**
 * `2025-03-01` becomes an all-day date; a date-time with Z or an offset becomes that instant shown in `zone`; a
 * date-time without one is the wall time in `zone` (so a weekly 09:30 stays 09:30 across daylight saving).
 */
export function parseTimeInput(value: string, field: string, zone: ICAL.Timezone): ICAL.Time {
  const date = DATE.exec(value);
  if (date) {
    const time = ICAL.Time.fromDateString(value);
    if (time.month !== Number(date[2]) || time.day !== Number(date[3])) {
      throw new InvalidInputError(`${field} is not a valid date.`);
    }
    return time;
  }
  const parts = DATE_TIME.exec(value);
  if (!parts) {
    throw new InvalidInputError(
      `${field} must be a date (2025-03-01) or a date-time (2025-03-01T09:00, optionally Z or +01:00).`,
    );
  }
  const [year, month, day, hour, minute, second] = parts.slice(1, 7).map((part) => Number(part ?? 0));
  if (parts[7] !== undefined) {
    const instant = new Date(value);
    if (Number.isNaN(instant.getTime())) throw new InvalidInputError(`${field} is not a valid date-time.`);
    return ICAL.Time.fromJSDate(instant, true).convertToZone(zone);
  }
  const time = ICAL.Time.fromData({ year, month, day, hour, minute, second }, zone);
  if (time.month !== month || time.day !== day || time.hour !== hour) {
    throw new InvalidInputError(`${field} is not a valid date-time.`);
  }
  return time;
}

/**
 * ISO 8601: `YYYY-MM-DD` for dates, else the date-time with its offset, in `zone` when given, otherwise in its own
 * zone. Floating times (no zone) are read as wall time in `floatingZone`.
 */
export function formatTime(time: ICAL.Time, zone?: ICAL.Timezone, floatingZone?: ICAL.Timezone): string {
  if (time.isDate) return time.toString().slice(0, 10);
  const zoned = anchor(time, floatingZone);
  const shown = zone ? zoned.convertToZone(zone) : zoned;
  const offset = shown.utcOffset();
  if (offset === 0 && (!shown.zone || isUtcZone(shown.zone))) return `${shown.toString().slice(0, 19)}Z`;
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / 60;
  return `${shown.toString().slice(0, 19)}${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The TZID of a zoned date-time; undefined for dates, UTC and floating times. */
export function zoneIdOf(time: ICAL.Time): string | undefined {
  const tzid = time.isDate ? undefined : time.zone?.tzid;
  return tzid && tzid !== 'UTC' && tzid !== 'floating' ? tzid : undefined;
}

/**
 * The iCalendar UTC date-time (20250301T090000Z) CalDAV time ranges take: Nextcloud answers 500 to a plain date.
 * A date counts from its midnight in `zone`.
 */
export function formatUtcStamp(time: ICAL.Time, zone: ICAL.Timezone): string {
  const utc = startOf(time, zone).convertToZone(ICAL.Timezone.utcTimezone);
  return `${utc.toICALString().replace(/Z$/, '')}Z`;
}

/** Seconds since the epoch; dates count from their midnight and floating times as wall time in `zone`. */
export function instantOf(time: ICAL.Time, zone: ICAL.Timezone): number {
  return startOf(time, zone).toUnixTime();
}

/** The current moment as a UTC date-time. */
export function nowUtc(): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(), true);
}

function startOf(time: ICAL.Time, zone: ICAL.Timezone): ICAL.Time {
  if (!time.isDate) return anchor(time, zone);
  return ICAL.Time.fromData({ year: time.year, month: time.month, day: time.day, hour: 0, minute: 0, second: 0 }, zone);
}

/** A floating time as the same wall time in `zone`; zoned and UTC times as they are. */
function anchor(time: ICAL.Time, zone: ICAL.Timezone | undefined): ICAL.Time {
  const floating = !time.zone || time.zone.tzid === 'floating' || time.zone === ICAL.Timezone.localTimezone;
  if (!floating || !zone) return time;
  const { year, month, day, hour, minute, second } = time;
  return ICAL.Time.fromData({ year, month, day, hour, minute, second }, zone);
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
