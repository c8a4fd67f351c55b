// One occurrence of a recurring event as a component of its own (RFC 5545 RECURRENCE-ID): the override already
// stored for it, or a new one made from the series, so that changing it leaves the other occurrences alone.
import ICAL from 'ical.js';
import { InvalidInputError } from '../../errors.js';
import { isRecurring } from './event-occurrences.js';
import { setTimeProperty } from './event-model.js';
import { instantOf } from './ical-time.js';

/** Properties of the series that an occurrence does not repeat. */
const SERIES_ONLY = new Set(['rrule', 'rdate', 'exdate', 'exrule', 'dtstart', 'dtend', 'duration', 'recurrence-id']);
/** Stops runaway rules, as the listing does. */
const MAX_ITERATIONS = 50_000;

/**
 * The component for the occurrence that originally started at `recurrenceId` (compared as an instant; floating
 * times and dates count in `zone`). Refuses an instant that is not an occurrence of the series.
 */
export function occurrenceComponent(
  document: ICAL.Component,
  master: ICAL.Component,
  recurrenceId: ICAL.Time,
  zone: ICAL.Timezone,
): ICAL.Component {
  if (!isRecurring(master)) throw new InvalidInputError('The event does not repeat; leave out recurrence_id.');
  const wanted = instantOf(recurrenceId, zone);
  const uid = master.getFirstPropertyValue('uid');
  const stored = document.getAllSubcomponents('vevent').find((component) => {
    const id = component.getFirstPropertyValue('recurrence-id');
    return component.getFirstPropertyValue('uid') === uid && id instanceof ICAL.Time && instantOf(id, zone) === wanted;
  });
  if (stored) return stored;
  const series = new ICAL.Event(master);
  const start = originalStart(series, wanted, zone);
  const override = new ICAL.Component('vevent');
  for (const property of master.getAllProperties()) {
    if (!SERIES_ONLY.has(property.name)) override.addProperty(ICAL.Property.fromString(property.toICALString()));
  }
  for (const alarm of master.getAllSubcomponents('valarm')) {
    override.addSubcomponent(new ICAL.Component(ICAL.helpers.clone(alarm.toJSON(), true) as unknown[]));
  }
  setTimeProperty(override, 'recurrence-id', start);
  setTimeProperty(override, 'dtstart', start);
  const end = start.clone();
  end.addDuration(series.duration);
  setTimeProperty(override, 'dtend', end);
  document.addSubcomponent(override);
  return override;
}

function originalStart(series: ICAL.Event, wanted: number, zone: ICAL.Timezone): ICAL.Time {
  const iterator = series.iterator();
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const next = iterator.next();
    if (!next) break;
    const at = instantOf(next, zone);
    if (at === wanted) return next;
    if (at > wanted) break;
  }
  throw new InvalidInputError(
    'recurrence_id is not an occurrence of this event; take it from nc_calendar_list_events.',
  );
}
