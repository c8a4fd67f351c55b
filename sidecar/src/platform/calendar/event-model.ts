// An event (VEVENT) as the tools see it: the fields read from a component, and changes applied to a component
// in place, so that every property the tools do not know stays as it was.
import ICAL from 'ical.js';
import { InvalidInputError } from '../../errors.js';
import { readAlarms, replaceAlarms } from './event-alarms.js';
import {
  ensureOrganizer,
  readAttendees,
  readOrganizer,
  replaceAttendees,
  type Attendee,
  type AttendeeInput,
  type Organizer,
} from './event-attendees.js';
import { readCategories, setTextProperty, textProperty, writeCategories } from './ical-document.js';
import { formatTime, zoneIdOf } from './ical-time.js';
import { isUtcZone } from './time-zones.js';

export type EventStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

/** Start and end as the tools show them: in the event's own zone, and in the user's when that differs. */
export interface EventTimes {
  /** `YYYY-MM-DD` for all-day events, else ISO 8601 with the offset of the event's time zone. */
  start: string;
  /** Exclusive end in the same form as start. */
  end: string;
  allDay: boolean;
  /** The event's TZID; undefined for UTC, floating and all-day events. */
  timeZone?: string;
  /** Start and end in the user's time zone, only when they read differently there. */
  userStart?: string;
  userEnd?: string;
}

export interface EventDetails extends EventTimes {
  uid: string;
  summary: string;
  description?: string;
  location?: string;
  rrule?: string;
  status?: string;
  categories: string[];
  url?: string;
  organizer?: Organizer;
  attendees: Attendee[];
  /** Reminders in minutes before the start (those relative to the start only). */
  alarms: number[];
}

/** What to change; absent fields stay, null removes. */
export interface EventChanges {
  summary?: string;
  description?: string | null;
  location?: string | null;
  start?: ICAL.Time;
  end?: ICAL.Time;
  /** Shows the kept start and end in this zone (same instants) when no new ones are given. */
  timeZone?: ICAL.Timezone;
  rrule?: string | null;
  status?: EventStatus | null;
  categories?: string[];
  url?: string | null;
  attendees?: AttendeeInput[];
  /** Minutes before the start; replaces every reminder. */
  alarms?: number[];
}

export function readEvent(component: ICAL.Component, userZone: ICAL.Timezone): EventDetails {
  const event = new ICAL.Event(component);
  return {
    uid: event.uid,
    summary: event.summary ?? '',
    description: textProperty(component, 'description'),
    location: textProperty(component, 'location'),
    ...describeTimes(event.startDate, event.endDate, userZone),
    rrule: component.getFirstPropertyValue('rrule')?.toString(),
    status: textProperty(component, 'status'),
    categories: readCategories(component),
    url: textProperty(component, 'url'),
    organizer: readOrganizer(component),
    attendees: readAttendees(component),
    alarms: readAlarms(component).flatMap((alarm) => (alarm.minutesBefore === undefined ? [] : [alarm.minutesBefore])),
  };
}

/** The times of an event or occurrence as the tools show them. */
export function describeTimes(start: ICAL.Time, end: ICAL.Time, userZone: ICAL.Timezone): EventTimes {
  const times: EventTimes = {
    start: formatTime(start, undefined, userZone),
    end: formatTime(end, undefined, userZone),
    allDay: start.isDate,
    timeZone: zoneIdOf(start),
  };
  if (start.isDate) return times;
  const userStart = formatTime(start, userZone, userZone);
  const userEnd = formatTime(end, userZone, userZone);
  return userStart === times.start && userEnd === times.end ? times : { ...times, userStart, userEnd };
}

/** Applies the changes; `organizer` is set when attendees are added to an event without one. */
export function applyEventChanges(component: ICAL.Component, changes: EventChanges, organizer?: Organizer): void {
  if (changes.summary !== undefined) setTextProperty(component, 'summary', changes.summary);
  if (changes.description !== undefined) setTextProperty(component, 'description', changes.description);
  if (changes.location !== undefined) setTextProperty(component, 'location', changes.location);
  if (changes.status !== undefined) setTextProperty(component, 'status', changes.status);
  if (changes.url !== undefined) setTextProperty(component, 'url', changes.url);
  if (changes.categories !== undefined) writeCategories(component, changes.categories);
  if (changes.start !== undefined || changes.end !== undefined || changes.timeZone !== undefined) {
    applyTimes(component, changes);
  }
  if (changes.rrule !== undefined) applyRecurrence(component, changes.rrule);
  if (changes.attendees !== undefined) {
    replaceAttendees(component, changes.attendees);
    if (changes.attendees.length > 0 && organizer) ensureOrganizer(component, organizer);
  }
  if (changes.alarms !== undefined) {
    replaceAlarms(component, changes.alarms, String(component.getFirstPropertyValue('summary') ?? 'Reminder'));
  }
}

/** Parses an RRULE value (FREQ=WEEKLY;BYDAY=MO), refusing what iCalendar would not accept. */
export function parseRecurrenceRule(rule: string): ICAL.Recur {
  let recur: ICAL.Recur;
  try {
    recur = ICAL.Recur.fromString(rule.replace(/^RRULE:/i, ''));
  } catch (error) {
    throw new InvalidInputError(`rrule is not a valid recurrence rule: ${(error as Error).message}`);
  }
  if (!recur.freq) throw new InvalidInputError('rrule needs a FREQ, e.g. FREQ=WEEKLY;BYDAY=MO.');
  return recur;
}

/** The TZID zone an event is kept in (of its start), if it has one. */
export function eventZoneOf(component: ICAL.Component): ICAL.Timezone | undefined {
  const start = component.getFirstPropertyValue('dtstart');
  return start instanceof ICAL.Time && zoneIdOf(start) ? start.zone : undefined;
}

/**
 * Moves the start and/or end. A new start without a new end keeps the duration; the end must come after the start,
 * and both must be dates or both date-times. A zone alone re-expresses the kept times there.
 */
function applyTimes(component: ICAL.Component, changes: EventChanges): void {
  const event = new ICAL.Event(component);
  const oldStart = component.hasProperty('dtstart') ? event.startDate : undefined;
  const zone = changes.timeZone;
  const inZone = (time: ICAL.Time) => (zone && !time.isDate ? time.convertToZone(zone) : time);
  const newStart = changes.start ?? (oldStart && inZone(oldStart));
  if (!newStart) throw new InvalidInputError('The event has no start; give start as well.');
  const newEnd =
    changes.end ??
    (changes.start
      ? endKeepingDuration(newStart, oldStart && event.duration, oldStart?.isDate)
      : inZone(event.endDate));
  if (newStart.isDate !== newEnd.isDate) {
    throw new InvalidInputError('start and end must both be dates (all-day) or both be date-times.');
  }
  if (newEnd.compare(newStart) <= 0) throw new InvalidInputError('end must be after start.');
  setTimeProperty(component, 'dtstart', newStart);
  component.removeAllProperties('duration');
  setTimeProperty(component, 'dtend', newEnd);
}

function endKeepingDuration(start: ICAL.Time, duration?: ICAL.Duration, wasDate?: boolean): ICAL.Time {
  const end = start.clone();
  if (duration && wasDate === start.isDate) end.addDuration(duration);
  else if (start.isDate) end.adjust(1, 0, 0, 0);
  else end.adjust(0, 1, 0, 0);
  return end;
}

/** Writes a time with a TZID parameter for zoned times; UTC (Z), floating and dates (VALUE=DATE) carry none. */
export function setTimeProperty(component: ICAL.Component, name: string, time: ICAL.Time): void {
  component.removeAllProperties(name);
  const property = component.addPropertyWithValue(name, time);
  const tzid = zoneIdOf(time);
  if (tzid && time.zone && !isUtcZone(time.zone)) property.setParameter('tzid', tzid);
}

function applyRecurrence(component: ICAL.Component, rule: string | null): void {
  component.removeAllProperties('rrule');
  if (rule !== null && rule !== '') component.addPropertyWithValue('rrule', parseRecurrenceRule(rule));
}
