// Tools for events: list the occurrences in a time range, read, create, update and delete one event.
import type ICAL from 'ical.js';
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import {
  createEvent,
  deleteEvent,
  getEvent,
  listEvents,
  updateEvent,
} from '../../../platform/calendar/calendar-events.js';
import { eventZoneOf, parseRecurrenceRule, type EventChanges } from '../../../platform/calendar/event-model.js';
import { instantOf, parseTimeInput, zoneOfInput } from '../../../platform/calendar/ical-time.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { defineTool } from '../../tool-definition.js';
import { openCalendarContext } from './calendar-context.js';
import {
  limitInput,
  calendarIdInput,
  deletedOutput,
  etagInput,
  eventOutput,
  occurrenceOutput,
  toWrittenEventOutput,
  writtenEventOutput,
  segment,
  timeInput,
  timeZoneInput,
  toEventOutput,
  toTimesOutput,
  words,
} from './calendar-schemas.js';
import { pageOf } from './page-cursor.js';
import { ADDITIVE, DESTRUCTIVE, DESTRUCTIVE_IDEMPOTENT, READ_ONLY, boundedText } from '../tool-shapes.js';

const MAX_RANGE_DAYS = 366;
const MAX_OCCURRENCES = 2000;

const eventIdInput = segment('event_id');
const eventFields = {
  summary: words(255),
  start: timeInput,
  end: timeInput.optional().describe('Default start + 1 hour (or day)'),
  time_zone: timeZoneInput.optional(),
  description: boundedText(10_000).optional(),
  location: boundedText(500).optional(),
  rrule: boundedText(500).optional().describe('e.g. FREQ=WEEKLY;BYDAY=MO'),
  attendees: z
    .array(z.object({ email: boundedText(254).refine(isEmail, 'an email address'), name: words(200).optional() }))
    .optional(),
  alarms: z
    .array(
      z
        .number()
        .int()
        .refine((m) => Math.abs(m) <= 40_320, 'at most 4 weeks'),
    )
    .optional()
    .describe('Reminders, minutes before start'),
};

export const listEventsTool = defineTool({
  name: 'nc_calendar_list_events',
  app: 'calendar',
  title: 'List events',
  description:
    'Lists event occurrences from start to end, recurring ones expanded. Times without offset are in the user time zone.',
  input: z.object({
    start: timeInput,
    end: timeInput,
    calendar_ids: z.array(calendarIdInput).optional(),
    query: boundedText(200).optional(),
    limit: limitInput,
    cursor: boundedText(200).optional(),
  }),
  output: z.object({
    events: z.array(occurrenceOutput),
    time_zone: z.string(),
    next_cursor: z.string().nullable(),
  }),
  annotations: READ_ONLY,
  async run({ start, end, calendar_ids, query, limit, cursor }, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    const zone = userTimeZone.zone;
    const range = parseRange(start, end, zone, MAX_RANGE_DAYS);
    const occurrences = await listEvents(account, {
      ...range,
      zone,
      calendarIds: calendar_ids,
      maxOccurrences: MAX_OCCURRENCES,
      query: query?.trim() || undefined,
    });
    const page = pageOf(occurrences, limit, { start, end, calendar_ids, query }, cursor);
    return {
      events: page.items.map((o) => ({
        id: o.uid,
        calendar_id: o.calendarId,
        summary: o.summary,
        ...toTimesOutput(o),
        location: o.location,
        status: o.status,
        recurrence_id: o.recurrenceId,
      })),
      time_zone: userTimeZone.id,
      next_cursor: page.nextCursor,
    };
  },
  summarize: ({ events, next_cursor, time_zone }) =>
    events.length === 0
      ? 'No events in this range.'
      : `${events.length} events${next_cursor ? ' (more on the next page)' : ''}, times in ${time_zone}: ${events
          .slice(0, 10)
          .map((e) => `${e.user_start ?? e.start} ${e.summary}`)
          .join('. ')}${events.length > 10 ? ' ...' : '.'}`,
});

export const getEventTool = defineTool({
  name: 'nc_calendar_get_event',
  app: 'calendar',
  title: 'Get an event',
  description: 'Returns one event with all its details.',
  input: z.object({ calendar_id: calendarIdInput, event_id: eventIdInput }),
  output: eventOutput,
  annotations: READ_ONLY,
  async run({ calendar_id, event_id }, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    return toEventOutput(
      await getEvent(account, { calendarId: calendar_id, uid: event_id, userZone: userTimeZone.zone }),
    );
  },
  summarize: (event) =>
    `${event.summary}: ${event.start} to ${event.end}${event.rrule ? `, repeats ${event.rrule}` : ''}.`,
});

export const createEventTool = defineTool({
  name: 'nc_calendar_create_event',
  app: 'calendar',
  title: 'Create an event',
  description:
    "Creates an event (Nextcloud may email attendees). Times: YYYY-MM-DD (all-day) or ISO 8601, without offset in time_zone (IANA, default the user's).",
  input: z.object({ calendar_id: calendarIdInput.default('personal'), ...eventFields }),
  output: writtenEventOutput,
  annotations: { ...ADDITIVE, openWorldHint: true },
  async run({ calendar_id, ...fields }, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    const zone = fields.time_zone ? zoneOfInput(fields.time_zone) : userTimeZone.zone;
    const changes = toEventChanges(fields, zone);
    const event = await createEvent(
      account,
      { calendarId: calendar_id, userZone: userTimeZone.zone },
      { ...changes, summary: fields.summary, start: changes.start! },
    );
    return toWrittenEventOutput(event);
  },
  summarize: (event) => `Created ${event.summary} (${event.id}) on ${event.start}.`,
});

export const updateEventTool = defineTool({
  name: 'nc_calendar_update_event',
  app: 'calendar',
  title: 'Update an event',
  description:
    'Changes the given fields of an event (all occurrences, or the one at recurrence_id). "" removes a boundedText field. Times as in nc_calendar_create_event, time_zone default the event\'s.',
  input: z.object({
    calendar_id: calendarIdInput,
    event_id: eventIdInput,
    recurrence_id: timeInput.optional().describe('From nc_calendar_list_events'),
    etag: etagInput.optional(),
    ...eventFields,
    summary: eventFields.summary.optional(),
    start: eventFields.start.optional(),
    status: z.enum(['TENTATIVE', 'CONFIRMED', 'CANCELLED', '']).optional(),
  }),
  output: writtenEventOutput,
  annotations: { ...DESTRUCTIVE, openWorldHint: true },
  async run({ calendar_id, event_id, recurrence_id, etag, ...fields }, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    const given = fields.time_zone ? zoneOfInput(fields.time_zone) : undefined;
    if (recurrence_id && fields.rrule !== undefined) {
      throw new InvalidInputError('rrule belongs to the whole series; leave out recurrence_id to change it.');
    }
    const recurrenceId = recurrence_id ? parseTime(recurrence_id, 'recurrence_id', userTimeZone.zone) : undefined;
    const ref = { calendarId: calendar_id, uid: event_id, userZone: userTimeZone.zone, etag, recurrenceId };
    const event = await updateEvent(account, ref, (master) => ({
      ...toEventChanges(fields, given ?? eventZoneOf(master) ?? userTimeZone.zone),
      timeZone: given,
    }));
    return toWrittenEventOutput(event);
  },
  summarize: (event) => `Updated ${event.summary} (${event.id}), now ${event.start} to ${event.end}.`,
});

export const deleteEventTool = defineTool({
  name: 'nc_calendar_delete_event',
  app: 'calendar',
  title: 'Delete an event',
  description: 'Deletes an event with all its occurrences (into the calendar trash bin).',
  input: z.object({ calendar_id: calendarIdInput, event_id: eventIdInput, etag: etagInput.optional() }),
  output: deletedOutput,
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ calendar_id, event_id, etag }, { nextcloud }) {
    await deleteEvent(await openDavAccount(nextcloud), calendar_id, event_id, etag);
    return { id: event_id };
  },
  summarize: ({ id }) => `Deleted event ${id}.`,
});

export const EVENT_TOOLS = [listEventsTool, getEventTool, createEventTool, updateEventTool, deleteEventTool];

type EventFieldsInput = { [K in keyof typeof eventFields]?: z.infer<(typeof eventFields)[K]> } & {
  status?: 'TENTATIVE' | 'CONFIRMED' | 'CANCELLED' | '';
};

function toEventChanges(fields: EventFieldsInput, zone: ICAL.Timezone): EventChanges {
  if (fields.rrule) parseRecurrenceRule(fields.rrule);
  return {
    summary: fields.summary,
    description: fields.description,
    location: fields.location,
    start: fields.start === undefined ? undefined : parseTime(fields.start, 'start', zone),
    end: fields.end === undefined ? undefined : parseTime(fields.end, 'end', zone),
    rrule: fields.rrule,
    status: fields.status === '' ? null : fields.status,
    attendees: fields.attendees,
    alarms: fields.alarms,
  };
}

/** `start` and `end` in `zone`, refused unless end comes after start within `maxDays`. */
export function parseRange(start: string, end: string, zone: ICAL.Timezone, maxDays: number) {
  const range = { start: parseTime(start, 'start', zone), end: parseTime(end, 'end', zone) };
  const seconds = instantOf(range.end, zone) - instantOf(range.start, zone);
  if (seconds <= 0) throw new InvalidInputError('end must be after start.');
  if (seconds > maxDays * 86_400) throw new InvalidInputError(`The time range may span at most ${maxDays} days.`);
  return range;
}

export function parseTime(value: string, field: string, zone: ICAL.Timezone): ICAL.Time {
  if (value === '') throw new InvalidInputError(`${field} cannot be empty.`);
  return parseTimeInput(value, field, zone);
}

export function isEmail(value: string): boolean {
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(value);
}
