// An event (VEVENT) as the tools see it: the fields read from a component, and changes applied to a component
// in place, so that every property the tools do not know stays as it was.
import ICAL from 'ical.js';
import { InvalidInputError } from '../../errors.js';
import { readAlarms, replaceAlarms, type Alarm, type AlarmInput } from './event-alarms.js';
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
import { formatTime } from './ical-time.js';

export type EventStatus = 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED';

export interface EventDetails {
  uid: string;
  summary: string;
  description?: string;
  location?: string;
  /** `YYYY-MM-DD` for all-day events, else a UTC date-time (or a floating one without offset). */
  start: string;
  /** Exclusive end in the same form as start. */
  end: string;
  allDay: boolean;
  /** The TZID the event was written in, when it has one. */
  timezone?: string;
  rrule?: string;
  status?: string;
  categories: string[];
  url?: string;
  organizer?: Organizer;
  attendees: Attendee[];
  alarms: Alarm[];
}

/** What to change; absent fields stay, null removes. */
export interface EventChanges {
  summary?: string;
  description?: string | null;
  location?: string | null;
  start?: ICAL.Time;
  end?: ICAL.Time;
  rrule?: string | null;
  status?: EventStatus | null;
  categories?: string[];
  url?: string | null;
  attendees?: AttendeeInput[];
  alarms?: AlarmInput[];
}

export function readEvent(component: ICAL.Component): EventDetails {
  const event = new ICAL.Event(component);
  const start = event.startDate;
  return {
    uid: event.uid,
    summary: event.summary ?? '',
    description: textProperty(component, 'description'),
    location: textProperty(component, 'location'),
    start: formatTime(start),
    end: formatTime(event.endDate),
    allDay: start.isDate,
    timezone: stringParameter(component.getFirstProperty('dtstart'), 'tzid'),
    rrule: component.getFirstPropertyValue('rrule')?.toString(),
    status: textProperty(component, 'status'),
    categories: readCategories(component),
    url: textProperty(component, 'url'),
    organizer: readOrganizer(component),
    attendees: readAttendees(component),
    alarms: readAlarms(component),
  };
}

/** Applies the changes; `organizer` is set when attendees are added to an event without one. */
export function applyEventChanges(component: ICAL.Component, changes: EventChanges, organizer?: Organizer): void {
  if (changes.summary !== undefined) setTextProperty(component, 'summary', changes.summary);
  if (changes.description !== undefined) setTextProperty(component, 'description', changes.description);
  if (changes.location !== undefined) setTextProperty(component, 'location', changes.location);
  if (changes.status !== undefined) setTextProperty(component, 'status', changes.status);
  if (changes.url !== undefined) setTextProperty(component, 'url', changes.url);
  if (changes.categories !== undefined) writeCategories(component, changes.categories);
  if (changes.start !== undefined || changes.end !== undefined) applyTimes(component, changes.start, changes.end);
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

/**
 * Moves the start and/or end. A new start without a new end keeps the duration; the end must come after the start,
 * and both must be dates or both date-times.
 */
function applyTimes(component: ICAL.Component, start: ICAL.Time | undefined, end: ICAL.Time | undefined): void {
  const event = new ICAL.Event(component);
  const oldStart = component.hasProperty('dtstart') ? event.startDate : undefined;
  const newStart = start ?? oldStart;
  if (!newStart) throw new InvalidInputError('The event has no start; give start as well.');
  const newEnd = end ?? endKeepingDuration(newStart, oldStart && event.duration, oldStart?.isDate);
  if (newStart.isDate !== newEnd.isDate) {
    throw new InvalidInputError('start and end must both be dates (all-day) or both be date-times.');
  }
  if (newEnd.compare(newStart) <= 0) throw new InvalidInputError('end must be after start.');
  if (start) setTimeProperty(component, 'dtstart', start);
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

/** Writes a time with a TZID parameter only for zoned times (UTC, floating and dates carry none). */
function setTimeProperty(component: ICAL.Component, name: string, time: ICAL.Time): void {
  const tzid = time.isDate ? undefined : time.zone?.tzid;
  component.updatePropertyWithValue(name, time);
  const property = component.getFirstProperty(name);
  if (!tzid || tzid === 'UTC' || tzid === 'floating') property?.removeParameter('tzid');
  else property?.setParameter('tzid', tzid);
}

function applyRecurrence(component: ICAL.Component, rule: string | null): void {
  component.removeAllProperties('rrule');
  if (rule !== null && rule !== '') component.addPropertyWithValue('rrule', parseRecurrenceRule(rule));
}

function stringParameter(property: ICAL.Property | null, name: string): string | undefined {
  const value = property?.getParameter(name);
  return typeof value === 'string' && value !== '' ? value : undefined;
}
