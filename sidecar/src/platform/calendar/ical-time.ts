// Dates and times between the tools' ISO 8601 strings and iCalendar: dates for all-day values, UTC otherwise.
import ICAL from 'ical.js';
import { InvalidInputError } from '../../errors.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Matches what parseTimeInput accepts, for input schemas. */
export const TIME_INPUT_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * `2025-03-01` becomes an all-day date, `2025-03-01T09:00:00+01:00` (or `…Z`) a UTC date-time. Date-times without
 * an offset are refused: their meaning depends on a time zone the caller did not name.
 */
export function parseTimeInput(value: string, field: string): ICAL.Time {
  const date = DATE.exec(value);
  if (date) {
    const time = ICAL.Time.fromDateString(value);
    if (time.month !== Number(date[2]) || time.day !== Number(date[3])) {
      throw new InvalidInputError(`${field} is not a valid date.`);
    }
    return time;
  }
  if (!DATE_TIME.test(value)) {
    throw new InvalidInputError(
      `${field} must be a date (2025-03-01) or a date-time with an offset (2025-03-01T09:00:00+01:00 or …Z).`,
    );
  }
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new InvalidInputError(`${field} is not a valid date-time.`);
  return ICAL.Time.fromJSDate(instant, true);
}

/** `YYYY-MM-DD` for dates, UTC `…Z` for date-times in a known zone, no offset for floating times. */
export function formatTime(time: ICAL.Time): string {
  if (time.isDate) return time.toString().slice(0, 10);
  const tzid = time.zone?.tzid;
  if (!tzid || tzid === 'floating') return time.toString().slice(0, 19);
  const utc = tzid === 'UTC' ? time : time.convertToZone(ICAL.Timezone.utcTimezone);
  return `${utc.toString().slice(0, 19)}Z`;
}

/** The iCalendar UTC form (20250301T090000Z) used in CalDAV time-range filters. */
export function formatUtcStamp(time: ICAL.Time): string {
  const utc = time.isDate ? time : time.convertToZone(ICAL.Timezone.utcTimezone);
  return utc.toICALString().replace(/Z?$/, utc.isDate ? '' : 'Z');
}

/** The current moment as a UTC date-time. */
export function nowUtc(): ICAL.Time {
  return ICAL.Time.fromJSDate(new Date(), true);
}

/** Seconds since the epoch, reading floating and date values as UTC (good enough for ordering and ranges). */
export function instantOf(time: ICAL.Time): number {
  return time.toUnixTime();
}
