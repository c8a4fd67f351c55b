// The occurrences of the events in a calendar document that overlap a time range: recurring events expanded with
// ical.js in their own time zone (so a weekly 09:30 in Berlin stays 09:30 in summer), overrides applied.
import ICAL from 'ical.js';
import { instantOf } from './ical-time.js';

export interface Occurrence {
  /** The component describing this occurrence: the master, or the override of this instance. */
  component: ICAL.Component;
  start: ICAL.Time;
  end: ICAL.Time;
  /** Set for instances of a recurring event. */
  recurrenceId?: ICAL.Time;
}

export interface TimeRange {
  start: ICAL.Time;
  end: ICAL.Time;
  /** Where dates and floating times are placed on the time line (the user's time zone). */
  zone: ICAL.Timezone;
}

/** Stops runaway rules (a minutely event since 1970) from eating the process. */
const MAX_ITERATIONS_PER_EVENT = 50_000;

/** Occurrences overlapping `range`, at most `limit` of them, in no particular order. */
export function expandOccurrences(calendar: ICAL.Component, range: TimeRange, limit: number): Occurrence[] {
  const occurrences: Occurrence[] = [];
  const byUid = new Map<string, ICAL.Component[]>();
  for (const component of calendar.getAllSubcomponents('vevent')) {
    const uid = String(component.getFirstPropertyValue('uid') ?? '');
    byUid.set(uid, [...(byUid.get(uid) ?? []), component]);
  }
  for (const components of byUid.values()) {
    const master = components.find((component) => !component.hasProperty('recurrence-id'));
    const overrides = components.filter((component) => component !== master);
    if (master && isRecurring(master)) {
      occurrences.push(...expandRecurring(master, overrides, range, limit - occurrences.length));
    } else {
      for (const component of components) {
        const occurrence = singleOccurrence(component);
        if (overlaps(occurrence, range)) occurrences.push(occurrence);
      }
    }
    if (occurrences.length >= limit) return occurrences.slice(0, limit);
  }
  return occurrences;
}

export function isRecurring(component: ICAL.Component): boolean {
  return component.hasProperty('rrule') || component.hasProperty('rdate');
}

function expandRecurring(
  master: ICAL.Component,
  overrides: ICAL.Component[],
  range: TimeRange,
  limit: number,
): Occurrence[] {
  const event = new ICAL.Event(master, { exceptions: overrides, strictExceptions: false });
  const iterator = event.iterator();
  const found: Occurrence[] = [];
  const rangeEnd = instantOf(range.end, range.zone);
  for (let i = 0; i < MAX_ITERATIONS_PER_EVENT && found.length < limit; i++) {
    const next = iterator.next();
    if (!next) break;
    const details = event.getOccurrenceDetails(next);
    const occurrence = {
      component: details.item.component,
      start: details.startDate,
      end: details.endDate,
      recurrenceId: details.recurrenceId,
    };
    // Overrides may move an instance into the range from after it, so only stop on the original start.
    if (instantOf(next, range.zone) >= rangeEnd && instantOf(occurrence.start, range.zone) >= rangeEnd) break;
    if (overlaps(occurrence, range)) found.push(occurrence);
  }
  return found;
}

function singleOccurrence(component: ICAL.Component): Occurrence {
  const event = new ICAL.Event(component);
  const recurrenceId = component.getFirstPropertyValue('recurrence-id');
  return {
    component,
    start: event.startDate,
    end: event.endDate,
    recurrenceId: recurrenceId instanceof ICAL.Time ? recurrenceId : undefined,
  };
}

/** Overlap as CalDAV defines it: starts before the range ends and ends after it starts (instants count at start). */
function overlaps(occurrence: Occurrence, range: TimeRange): boolean {
  const start = instantOf(occurrence.start, range.zone);
  const end = Math.max(instantOf(occurrence.end, range.zone), start);
  const rangeStart = instantOf(range.start, range.zone);
  const rangeEnd = instantOf(range.end, range.zone);
  return start < rangeEnd && (end > rangeStart || (end === start && start >= rangeStart));
}
