// Events of a user's calendars: list the occurrences in a range, read, create, update and delete one by UID.
// Updates change only the given fields of the stored object and write it back with If-Match.
import type ICAL from 'ical.js';
import { NotFoundError } from '../../errors.js';
import { listCalendars } from './calendar-collections.js';
import { findCalendarObject } from './calendar-objects.js';
import { assertUserCalendar, createCalendarItem, deleteCalendarItem, updateCalendarItem } from './calendar-items.js';
import { queryCalendarObjects } from './calendar-query.js';
import type { DavAccount } from '../dav/dav-account.js';
import { expandOccurrences, isRecurring } from './event-occurrences.js';
import { applyEventChanges, readEvent, type EventChanges, type EventDetails } from './event-model.js';
import { findMaster, parseCalendarDocument, textProperty } from './ical-document.js';
import { formatTime, instantOf } from './ical-time.js';

export interface StoredEvent extends EventDetails {
  calendarId: string;
  etag: string;
}

export interface EventOccurrence {
  uid: string;
  calendarId: string;
  etag: string;
  summary: string;
  start: string;
  end: string;
  allDay: boolean;
  location?: string;
  status?: string;
  recurring: boolean;
  /** The instance's RECURRENCE-ID, for occurrences of recurring events. */
  recurrenceId?: string;
  /** Seconds since the epoch of the start, for ordering. */
  startsAt: number;
}

export interface EventRange {
  start: ICAL.Time;
  end: ICAL.Time;
  /** Only these calendars; every event calendar when absent. */
  calendarIds?: string[];
  /** At most this many occurrences are collected. */
  maxOccurrences: number;
}

/** Occurrences overlapping the range across the chosen calendars, ordered by start, then UID. */
export async function listEvents(account: DavAccount, range: EventRange): Promise<EventOccurrence[]> {
  const calendarIds = range.calendarIds ?? (await eventCalendarIds(account));
  const found: EventOccurrence[] = [];
  for (const calendarId of calendarIds) {
    const objects = await queryCalendarObjects(account, calendarId, {
      component: 'VEVENT',
      timeRange: { start: range.start, end: range.end },
      expand: true,
    });
    for (const object of objects) {
      const document = parseCalendarDocument(object.ics);
      const master = findMaster(document, 'vevent');
      for (const occurrence of expandOccurrences(document, range, range.maxOccurrences - found.length)) {
        found.push({
          uid: String(occurrence.component.getFirstPropertyValue('uid') ?? ''),
          calendarId,
          etag: object.etag,
          summary: textProperty(occurrence.component, 'summary') ?? '',
          start: formatTime(occurrence.start),
          end: formatTime(occurrence.end),
          allDay: occurrence.start.isDate,
          location: textProperty(occurrence.component, 'location'),
          status: textProperty(occurrence.component, 'status'),
          recurring: occurrence.recurrenceId !== undefined || (master ? isRecurring(master) : false),
          recurrenceId: occurrence.recurrenceId && formatTime(occurrence.recurrenceId),
          startsAt: instantOf(occurrence.start),
        });
      }
      if (found.length >= range.maxOccurrences) break;
    }
  }
  return found.sort((a, b) => a.startsAt - b.startsAt || a.uid.localeCompare(b.uid));
}

export async function getEvent(account: DavAccount, calendarId: string, uid: string): Promise<StoredEvent> {
  assertUserCalendar(calendarId);
  const object = await findCalendarObject(account, calendarId, uid, 'VEVENT');
  const master = findMaster(parseCalendarDocument(object.ics), 'vevent');
  if (!master) throw new NotFoundError('There is no event with this UID.');
  return { ...readEvent(master), calendarId, etag: object.etag };
}

/** Creates an event with a new UID; `start` and `summary` are required. */
export async function createEvent(
  account: DavAccount,
  calendarId: string,
  fields: EventChanges & { summary: string; start: ICAL.Time },
): Promise<StoredEvent> {
  const { component, etag } = await createCalendarItem(account, calendarId, 'vevent', (event) =>
    applyEventChanges(event, fields, organizerOf(account)),
  );
  return { ...readEvent(component), calendarId, etag };
}

/** Changes the given fields of the event (its master, for recurring ones); `etag` guards against lost updates. */
export async function updateEvent(
  account: DavAccount,
  calendarId: string,
  uid: string,
  changes: EventChanges,
  etag?: string,
): Promise<StoredEvent> {
  const written = await updateCalendarItem(account, { calendarId, uid, kind: 'vevent', etag }, (master) =>
    applyEventChanges(master, changes, organizerOf(account)),
  );
  return { ...readEvent(written.component), calendarId, etag: written.etag };
}

export function deleteEvent(account: DavAccount, calendarId: string, uid: string, etag?: string): Promise<void> {
  return deleteCalendarItem(account, { calendarId, uid, kind: 'vevent', etag });
}

async function eventCalendarIds(account: DavAccount): Promise<string[]> {
  const calendars = await listCalendars(account);
  return calendars.filter((c) => c.components.length === 0 || c.components.includes('VEVENT')).map((c) => c.id);
}

function organizerOf(account: DavAccount) {
  return account.email ? { email: account.email, name: account.displayName } : undefined;
}
