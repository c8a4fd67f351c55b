// Events of a user's calendars: list the occurrences in a range, read, create, update and delete one by UID.
// Updates change only the given fields of the stored object and write it back with If-Match.
import type ICAL from 'ical.js';
import { InvalidInputError, NotFoundError } from '../../errors.js';
import { listCalendars } from './calendar-collections.js';
import { findCalendarObject } from './calendar-objects.js';
import { assertUserCalendar, createCalendarItem, deleteCalendarItem, updateCalendarItem } from './calendar-items.js';
import { queryCalendarObjects } from './calendar-query.js';
import type { DavAccount } from '../dav/dav-account.js';
import { occurrenceComponent } from './event-instances.js';
import { expandOccurrences, isRecurring } from './event-occurrences.js';
import {
  applyEventChanges,
  describeTimes,
  readEvent,
  type EventChanges,
  type EventDetails,
  type EventTimes,
} from './event-model.js';
import { findMaster, parseCalendarDocument, textProperty } from './ical-document.js';
import { formatTime, instantOf } from './ical-time.js';

export interface StoredEvent extends EventDetails {
  calendarId: string;
  etag: string;
}

export interface EventOccurrence extends EventTimes {
  uid: string;
  calendarId: string;
  etag: string;
  summary: string;
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
  /** The user's time zone: dates count from midnight there, and results show times there too. */
  zone: ICAL.Timezone;
  /** Only these calendars; every event calendar when absent. */
  calendarIds?: string[];
  /** At most this many occurrences are collected. */
  maxOccurrences: number;
  /** Only occurrences whose summary contains this text, ignoring case. */
  query?: string;
}

/** Occurrences overlapping the range across the chosen calendars, ordered by start, then UID. */
export async function listEvents(account: DavAccount, range: EventRange): Promise<EventOccurrence[]> {
  const calendarIds = range.calendarIds ?? (await eventCalendarIds(account));
  const found: EventOccurrence[] = [];
  for (const calendarId of calendarIds) {
    const objects = await queryCalendarObjects(account, calendarId, {
      component: 'VEVENT',
      timeRange: { start: range.start, end: range.end, zone: range.zone },
      summaryContains: range.query,
    });
    const needle = range.query?.toLowerCase();
    for (const object of objects) {
      const document = parseCalendarDocument(object.ics);
      const master = findMaster(document, 'vevent');
      for (const occurrence of expandOccurrences(document, range, range.maxOccurrences - found.length)) {
        // A moved or renamed occurrence may no longer hold the text the server matched on the object.
        const summary = textProperty(occurrence.component, 'summary') ?? '';
        if (needle && !summary.toLowerCase().includes(needle)) continue;
        found.push({
          uid: String(occurrence.component.getFirstPropertyValue('uid') ?? ''),
          calendarId,
          etag: object.etag,
          summary,
          ...describeTimes(occurrence.start, occurrence.end, range.zone),
          location: textProperty(occurrence.component, 'location'),
          status: textProperty(occurrence.component, 'status'),
          recurring: occurrence.recurrenceId !== undefined || (master ? isRecurring(master) : false),
          recurrenceId: occurrence.recurrenceId && formatTime(occurrence.recurrenceId, undefined, range.zone),
          startsAt: instantOf(occurrence.start, range.zone),
        });
      }
      if (found.length >= range.maxOccurrences) break;
    }
  }
  return found.sort((a, b) => a.startsAt - b.startsAt || a.uid.localeCompare(b.uid));
}

/** Where an event is: its calendar and UID, and the user's zone to show its times in as well. */
export interface EventRef {
  calendarId: string;
  uid: string;
  userZone: ICAL.Timezone;
}

export async function getEvent(account: DavAccount, ref: EventRef): Promise<StoredEvent> {
  assertUserCalendar(ref.calendarId);
  const object = await findCalendarObject(account, ref.calendarId, ref.uid, 'VEVENT');
  const master = findMaster(parseCalendarDocument(object.ics), 'vevent');
  if (!master) throw new NotFoundError('There is no event with this event_id.');
  return { ...readEvent(master, ref.userZone), calendarId: ref.calendarId, etag: object.etag };
}

/** Creates an event with a new UID; `start` and `summary` are required. */
export async function createEvent(
  account: DavAccount,
  target: { calendarId: string; userZone: ICAL.Timezone },
  fields: EventChanges & { summary: string; start: ICAL.Time },
): Promise<StoredEvent> {
  const { component, etag } = await createCalendarItem(account, target.calendarId, 'vevent', (event) =>
    applyEventChanges(event, fields, organizerOf(account)),
  );
  return { ...readEvent(component, target.userZone), calendarId: target.calendarId, etag };
}

/**
 * Changes the given fields of the event (its master, for recurring ones, or the one occurrence that originally
 * started at `recurrenceId`); `etag` guards against lost updates.
 */
export async function updateEvent(
  account: DavAccount,
  ref: EventRef & { etag?: string; recurrenceId?: ICAL.Time },
  /** The changes, or a function of the stored master that gives them (to read times in the event's own zone). */
  changes: EventChanges | ((master: ICAL.Component) => EventChanges),
): Promise<StoredEvent> {
  const { calendarId, uid, etag } = ref;
  const written = await updateCalendarItem(account, { calendarId, uid, kind: 'vevent', etag }, (master, document) => {
    const target = ref.recurrenceId ? occurrenceComponent(document, master, ref.recurrenceId, ref.userZone) : master;
    applyEventChanges(target, typeof changes === 'function' ? changes(master) : changes, organizerOf(account));
    return target;
  });
  return { ...readEvent(written.component, ref.userZone), calendarId, etag: written.etag };
}

/**
 * Answers an invitation: sets the PARTSTAT of the user's own ATTENDEE entry (found by the account's email) on the
 * series or on one occurrence. Nextcloud then tells the organizer (an iTIP REPLY).
 */
// unverified: an attendee's PUT that changes only their PARTSTAT is sent to the organizer as an iTIP REPLY, by mail
// for an external organizer (source: sabre/dav lib/CalDAV/Schedule/Plugin.php calendarObjectChange → iTip\Broker
// parseEvent, apps/dav/lib/CalDAV/Schedule/IMipPlugin.php schedule).
export async function respondToEvent(
  account: DavAccount,
  ref: EventRef & { etag?: string; recurrenceId?: ICAL.Time },
  partstat: 'ACCEPTED' | 'DECLINED' | 'TENTATIVE',
): Promise<StoredEvent> {
  const { calendarId, uid, etag } = ref;
  const own = account.email?.toLowerCase();
  const item = { calendarId, uid, kind: 'vevent' as const, etag };
  const written = await updateCalendarItem(
    account,
    item,
    (master, document) => {
      const target = ref.recurrenceId ? occurrenceComponent(document, master, ref.recurrenceId, ref.userZone) : master;
      const attendee = target.getAllProperties('attendee').find(
        (property) =>
          String(property.getFirstValue())
            .replace(/^mailto:/i, '')
            .toLowerCase() === own,
      );
      if (!own || !attendee) {
        throw new InvalidInputError('You are not among the attendees of this event, so there is nothing to answer.');
      }
      attendee.setParameter('partstat', partstat);
      attendee.removeParameter('rsvp');
      return target;
    },
    { reply: true },
  );
  return { ...readEvent(written.component, ref.userZone), calendarId, etag: written.etag };
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
