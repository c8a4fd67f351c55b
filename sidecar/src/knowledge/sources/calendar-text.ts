// An iCalendar object (event or task) as searchable text: summary, times or due date, place, status, categories,
// recurrence in words and the description. Invalid iCalendar is a DocumentParseError.
import ICAL from 'ical.js';
import { findMaster, parseCalendarDocument } from '../../platform/calendar/ical-document.js';
import { readEvent } from '../../platform/calendar/event-model.js';
import { readTask } from '../../platform/calendar/task-model.js';
import { DocumentParseError } from '../sync/sync-source.js';

export interface CalendarItemText {
  component: 'VEVENT' | 'VTODO';
  title: string;
  /** Lines of text, the description last. */
  text: string;
  /** Unix seconds of LAST-MODIFIED (or DTSTAMP), when present. */
  modifiedAt?: number;
}

/** The text of the object's event or task; undefined when it holds neither (a journal entry). */
export function renderCalendarItem(ics: string): CalendarItemText | undefined {
  let calendar: ICAL.Component;
  try {
    calendar = parseCalendarDocument(ics);
  } catch {
    throw new DocumentParseError('The calendar object is not valid iCalendar.');
  }
  const event = findMaster(calendar, 'vevent');
  const task = event ? undefined : findMaster(calendar, 'vtodo');
  const component = event ?? task;
  if (!component) return undefined;
  try {
    const lines = event ? describeEvent(event) : describeTask(component);
    const modified = component.getFirstPropertyValue('last-modified') ?? component.getFirstPropertyValue('dtstamp');
    return {
      component: event ? 'VEVENT' : 'VTODO',
      title: lines.title,
      text: lines.body.filter((line) => line !== '').join('\n'),
      modifiedAt: modified instanceof ICAL.Time ? modified.toUnixTime() : undefined,
    };
  } catch (error) {
    if (error instanceof DocumentParseError) throw error;
    throw new DocumentParseError('The calendar object could not be read (a date or rule is malformed).');
  }
}

const UTC = ICAL.Timezone.utcTimezone;

function describeEvent(component: ICAL.Component): { title: string; body: string[] } {
  if (!component.hasProperty('dtstart')) throw new DocumentParseError('The event has no start (DTSTART).');
  const event = readEvent(component, UTC);
  const title = event.summary.trim() || 'Untitled event';
  const when = event.allDay ? `${event.start} to ${event.end} (all day)` : `${event.start} to ${event.end}`;
  return {
    title,
    body: [
      title,
      `When: ${when}${event.timeZone ? ` (${event.timeZone})` : ''}`,
      event.rrule ? `Repeats: ${describeRecurrence(event.rrule)}` : '',
      event.location ? `Where: ${event.location}` : '',
      event.status ? `Status: ${event.status.toLowerCase()}` : '',
      event.categories.length > 0 ? `Categories: ${event.categories.join(', ')}` : '',
      event.description ?? '',
    ],
  };
}

function describeTask(component: ICAL.Component): { title: string; body: string[] } {
  const task = readTask(component, UTC);
  const title = task.summary.trim() || 'Untitled task';
  const rule = component.getFirstPropertyValue('rrule');
  return {
    title,
    body: [
      title,
      task.start ? `Starts: ${task.start}` : '',
      task.due ? `Due: ${task.due}` : '',
      rule ? `Repeats: ${describeRecurrence(rule.toString())}` : '',
      `Status: ${task.status.toLowerCase()}${task.percentComplete ? ` (${task.percentComplete}% done)` : ''}`,
      task.priority ? `Priority: ${task.priority}` : '',
      task.categories.length > 0 ? `Categories: ${task.categories.join(', ')}` : '',
      task.description ?? '',
    ],
  };
}

const FREQUENCIES: Record<string, [string, string]> = {
  SECONDLY: ['every second', 'seconds'],
  MINUTELY: ['every minute', 'minutes'],
  HOURLY: ['hourly', 'hours'],
  DAILY: ['daily', 'days'],
  WEEKLY: ['weekly', 'weeks'],
  MONTHLY: ['monthly', 'months'],
  YEARLY: ['yearly', 'years'],
};
const DAYS: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

/** FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=5 → "every 2 weeks on Monday, Wednesday, 5 times". */
export function describeRecurrence(rule: string): string {
  const parts = new Map(
    rule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((part) => part.split('=') as [string, string | undefined])
      .map(([key, value]) => [key.toUpperCase(), value ?? ''] as const),
  );
  const frequency = FREQUENCIES[parts.get('FREQ') ?? ''];
  if (!frequency) return rule;
  const interval = Number(parts.get('INTERVAL') ?? 1);
  const words = [interval > 1 ? `every ${interval} ${frequency[1]}` : frequency[0]];
  const days = (parts.get('BYDAY') ?? '')
    .split(',')
    .filter(Boolean)
    .map((day) => {
      const name = DAYS[day.slice(-2)] ?? day;
      const ordinal = day.slice(0, -2);
      return ordinal ? `${ordinal} ${name}` : name;
    });
  if (days.length > 0) words.push(`on ${days.join(', ')}`);
  if (parts.get('BYMONTHDAY')) words.push(`on day ${parts.get('BYMONTHDAY')}`);
  if (parts.get('COUNT')) words.push(`${parts.get('COUNT')} times`);
  const until = parts.get('UNTIL');
  if (until) words.push(`until ${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}`);
  return words.join(', ');
}
