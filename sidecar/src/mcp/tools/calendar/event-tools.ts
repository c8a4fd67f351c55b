// Tools for events: list the occurrences in a time range, read, create, update and delete one event.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import {
  createEvent,
  deleteEvent,
  getEvent,
  listEvents,
  updateEvent,
} from '../../../platform/calendar/calendar-events.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import type { EventChanges } from '../../../platform/calendar/event-model.js';
import { parseRecurrenceRule } from '../../../platform/calendar/event-model.js';
import { instantOf, parseTimeInput } from '../../../platform/calendar/ical-time.js';
import { defineTool } from '../../tool-definition.js';
import {
  alarmInput,
  attendeeInput,
  calendarIdInput,
  etagInput,
  eventOutput,
  READ_ONLY,
  timeInput,
  toEventOutput,
  uidInput,
} from './calendar-schemas.js';
import { pageOf } from './page-cursor.js';

const MAX_RANGE_DAYS = 366;
const MAX_OCCURRENCES = 2000;

const eventFields = {
  summary: z.string().trim().min(1).max(255),
  description: z.string().max(10_000).nullable().optional(),
  location: z.string().max(500).nullable().optional(),
  start: timeInput('start'),
  end: timeInput('end').optional().describe('Exclusive end, by default one hour (or one day) after start'),
  rrule: z
    .string()
    .max(500)
    .regex(/^(RRULE:)?FREQ=/i, 'rrule starts with FREQ=, e.g. FREQ=WEEKLY;BYDAY=MO')
    .nullable()
    .optional()
    .describe('iCalendar recurrence rule, e.g. FREQ=WEEKLY;BYDAY=MO;COUNT=10'),
  status: z.enum(['TENTATIVE', 'CONFIRMED', 'CANCELLED']).nullable().optional(),
  categories: z.array(z.string().min(1).max(100)).max(20).optional(),
  url: z.url().max(2000).nullable().optional(),
  attendees: z.array(attendeeInput).max(100).optional(),
  alarms: z.array(alarmInput).max(10).optional(),
};

const occurrenceOutput = z.object({
  uid: z.string(),
  calendar: z.string(),
  etag: z.string(),
  summary: z.string(),
  start: z.string(),
  end: z.string(),
  all_day: z.boolean(),
  location: z.string().optional(),
  status: z.string().optional(),
  recurring: z.boolean(),
  recurrence_id: z.string().optional(),
});

export const listEventsTool = defineTool({
  name: 'nc_calendar_list_events',
  app: 'calendar',
  title: 'List events in a time range',
  description: `Lists the events that overlap a time range of at most ${MAX_RANGE_DAYS} days, with recurring events expanded into their occurrences, ordered by start. Pass next_cursor back as cursor for the next page.`,
  input: z.object({
    start: timeInput('start'),
    end: timeInput('end'),
    calendars: z.array(calendarIdInput).min(1).max(20).optional().describe('Calendar ids, all calendars by default'),
    limit: z.number().int().min(1).max(200).default(50),
    cursor: z.string().max(200).optional(),
  }),
  output: z.object({ events: z.array(occurrenceOutput), next_cursor: z.string().nullable(), truncated: z.boolean() }),
  annotations: READ_ONLY,
  async run({ start, end, calendars, limit, cursor }, { nextcloud }) {
    const range = { start: parseTimeInput(start, 'start'), end: parseTimeInput(end, 'end') };
    const seconds = instantOf(range.end) - instantOf(range.start);
    if (seconds <= 0) throw new InvalidInputError('end must be after start.');
    if (seconds > MAX_RANGE_DAYS * 86_400) {
      throw new InvalidInputError(`The time range may span at most ${MAX_RANGE_DAYS} days.`);
    }
    const account = await openDavAccount(nextcloud);
    const occurrences = await listEvents(account, {
      ...range,
      calendarIds: calendars,
      maxOccurrences: MAX_OCCURRENCES,
    });
    const page = pageOf(occurrences, limit, { start, end, calendars }, cursor);
    return {
      events: page.items.map((o) => ({
        uid: o.uid,
        calendar: o.calendarId,
        etag: o.etag,
        summary: o.summary,
        start: o.start,
        end: o.end,
        all_day: o.allDay,
        location: o.location,
        status: o.status,
        recurring: o.recurring,
        recurrence_id: o.recurrenceId,
      })),
      next_cursor: page.nextCursor,
      truncated: occurrences.length >= MAX_OCCURRENCES,
    };
  },
  summarize: ({ events, next_cursor }) =>
    events.length === 0
      ? 'No events in this range.'
      : `${events.length} events${next_cursor ? ' (more on the next page)' : ''}: ${events
          .slice(0, 10)
          .map((e) => `${e.start} ${e.summary}`)
          .join('. ')}${events.length > 10 ? ' ...' : '.'}`,
});

export const getEventTool = defineTool({
  name: 'nc_calendar_get_event',
  app: 'calendar',
  title: 'Get an event',
  description:
    'Returns one event by calendar and UID with its description, recurrence rule, attendees, alarms and etag.',
  input: z.object({ calendar: calendarIdInput, uid: uidInput }),
  output: eventOutput,
  annotations: READ_ONLY,
  async run({ calendar, uid }, { nextcloud }) {
    return toEventOutput(await getEvent(await openDavAccount(nextcloud), calendar, uid));
  },
  summarize: (event) =>
    `${event.summary}: ${event.start} to ${event.end}${event.rrule ? `, repeats ${event.rrule}` : ''}.`,
});

export const createEventTool = defineTool({
  name: 'nc_calendar_create_event',
  app: 'calendar',
  title: 'Create an event',
  description:
    'Creates an event with a new UID, optionally recurring (RRULE), with attendees and alarms. Nextcloud may email invitations to the attendees.',
  input: z.object({ calendar: calendarIdInput.default('personal'), ...eventFields }),
  output: eventOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ calendar, ...fields }, { nextcloud }) {
    const changes = toEventChanges(fields);
    const account = await openDavAccount(nextcloud);
    return toEventOutput(
      await createEvent(account, calendar, { ...changes, summary: fields.summary, start: changes.start! }),
    );
  },
  summarize: (event) => `Created ${event.summary} (${event.uid}) on ${event.start}.`,
});

export const updateEventTool = defineTool({
  name: 'nc_calendar_update_event',
  app: 'calendar',
  title: 'Update an event',
  description:
    'Changes the given fields of an event and keeps everything else, including properties other apps wrote. Pass the etag from the last read to avoid overwriting a newer version. null removes a field.',
  input: z.object({
    calendar: calendarIdInput,
    uid: uidInput,
    etag: etagInput.optional(),
    ...eventFields,
    summary: eventFields.summary.optional(),
    start: eventFields.start.optional(),
  }),
  output: eventOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  async run({ calendar, uid, etag, ...fields }, { nextcloud }) {
    const account = await openDavAccount(nextcloud);
    return toEventOutput(await updateEvent(account, calendar, uid, toEventChanges(fields), etag));
  },
  summarize: (event) => `Updated ${event.summary} (${event.uid}), now ${event.start} to ${event.end}.`,
});

export const deleteEventTool = defineTool({
  name: 'nc_calendar_delete_event',
  app: 'calendar',
  title: 'Delete an event',
  description:
    'Deletes an event with all its occurrences. Nextcloud keeps it in the calendar trash bin for a while. Pass the etag to delete only an unchanged version.',
  input: z.object({ calendar: calendarIdInput, uid: uidInput, etag: etagInput.optional() }),
  output: z.object({ deleted: z.boolean(), uid: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ calendar, uid, etag }, { nextcloud }) {
    await deleteEvent(await openDavAccount(nextcloud), calendar, uid, etag);
    return { deleted: true, uid };
  },
  summarize: ({ uid }) => `Deleted event ${uid}.`,
});

export const EVENT_TOOLS = [listEventsTool, getEventTool, createEventTool, updateEventTool, deleteEventTool];

type EventFieldsInput = {
  [K in keyof typeof eventFields]?: z.infer<(typeof eventFields)[K]>;
};

function toEventChanges(fields: EventFieldsInput): EventChanges {
  if (fields.rrule) parseRecurrenceRule(fields.rrule);
  return {
    summary: fields.summary,
    description: fields.description,
    location: fields.location,
    start: fields.start === undefined ? undefined : parseTimeInput(fields.start, 'start'),
    end: fields.end === undefined ? undefined : parseTimeInput(fields.end, 'end'),
    rrule: fields.rrule,
    status: fields.status,
    categories: fields.categories,
    url: fields.url,
    attendees: fields.attendees,
    alarms: fields.alarms?.map((alarm) => ({
      minutesBefore: alarm.minutes_before,
      action: alarm.action,
      description: alarm.description,
    })),
  };
}
