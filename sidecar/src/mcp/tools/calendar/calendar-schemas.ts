// Input and output schemas shared by the calendar tools, and the mapping of stored events and tasks to outputs.
// Bounds are checked but not listed: a model never needs to know that a summary stops at 255 characters.
import { z } from 'zod';
import type { StoredEvent } from '../../../platform/calendar/calendar-events.js';
import type { StoredTask } from '../../../platform/calendar/calendar-tasks.js';
import type { EventTimes } from '../../../platform/calendar/event-model.js';
import { TIME_INPUT_PATTERN } from '../../../platform/calendar/ical-time.js';
import { boundedText } from '../tool-shapes.js';

/** Text of at most `max` characters (empty allowed: it removes a field in updates). */
/** Text with something in it, at most `max` characters. */
export const words = (max: number) =>
  z
    .string()
    .trim()
    .refine((s) => s.length > 0 && s.length <= max, `1 to ${max} characters`);
/** A whole number from `min` to `max` (checked, not listed). */
export const count = (min: number, max: number) =>
  z
    .number()
    .int()
    .refine((n) => n >= min && n <= max, `${min} to ${max}`);
/** Page size of the list tools. */
export const limitInput = count(1, 200).default(50);

/** An id that is one path segment (a calendar, event or task id). */
export const segment = (what: string) =>
  z.string().refine((s) => s.length > 0 && s.length <= 255 && !/[/\\]/.test(s), `${what} is one path segment`);

export const calendarIdInput = segment('calendar_id');
export const etagInput = boundedText(200);
/** A date or date-time as parseTimeInput reads it; "" where the caller may remove the time. */
export const timeInput = z.string().refine((s) => s === '' || TIME_INPUT_PATTERN.test(s), 'YYYY-MM-DD or ISO 8601');
export const timeZoneInput = boundedText(64);

const timesOutput = {
  start: z.string(),
  end: z.string(),
  time_zone: z.string().optional(),
  user_start: z.string().optional().describe('In the user time zone'),
  user_end: z.string().optional(),
};

export const occurrenceOutput = z.object({
  id: z.string(),
  calendar_id: z.string(),
  summary: z.string(),
  ...timesOutput,
  location: z.string().optional(),
  status: z.string().optional(),
  recurrence_id: z.string().optional(),
});

/** What a write returns: enough to refer to the event again and to confirm when it is. */
export const writtenEventOutput = z.object({
  id: z.string(),
  calendar_id: z.string(),
  etag: z.string(),
  summary: z.string(),
  ...timesOutput,
});

export const eventOutput = writtenEventOutput.extend({
  description: z.string().optional(),
  location: z.string().optional(),
  rrule: z.string().optional(),
  status: z.string().optional(),
  organizer: z.string().optional(),
  attendees: z.array(z.string()).optional().describe('Name <email> (reply)'),
  alarms: z.array(z.number()).optional(),
});

/** What a task write returns. */
export const writtenTaskOutput = z.object({
  id: z.string(),
  calendar_id: z.string(),
  etag: z.string(),
  summary: z.string(),
  status: z.string(),
});

export const taskOutput = z.object({
  id: z.string(),
  calendar_id: z.string(),
  etag: z.string(),
  summary: z.string(),
  description: z.string().optional(),
  status: z.string(),
  due: z.string().optional(),
  start: z.string().optional(),
  percent_complete: z.number().optional(),
  completed: z.string().optional().describe('When the task was done (absent while open).'),
  priority: z.number().optional(),
  categories: z.array(z.string()).optional(),
  parent_task_id: z.string().optional(),
});

/** What a delete returns (a failure is an error result instead). */
export const deletedOutput = z.object({ id: z.string() });

export function toTimesOutput(times: EventTimes) {
  return {
    start: times.start,
    end: times.end,
    time_zone: times.timeZone,
    user_start: times.userStart,
    user_end: times.userEnd,
  };
}

export function toEventOutput(event: StoredEvent): z.infer<typeof eventOutput> {
  return {
    id: event.uid,
    calendar_id: event.calendarId,
    etag: event.etag,
    summary: event.summary,
    ...toTimesOutput(event),
    description: event.description,
    location: event.location,
    rrule: event.rrule,
    status: event.status,
    organizer: event.organizer?.email,
    attendees: nonEmpty(event.attendees.map(describeAttendee)),
    alarms: nonEmpty(event.alarms),
  };
}

export function toWrittenEventOutput(event: StoredEvent): z.infer<typeof writtenEventOutput> {
  const { id, calendar_id, etag, summary } = toEventOutput(event);
  return { id, calendar_id, etag, summary, ...toTimesOutput(event) };
}

export function toWrittenTaskOutput(task: StoredTask): z.infer<typeof writtenTaskOutput> {
  const { id, calendar_id, etag, summary, status } = toTaskOutput(task);
  return { id, calendar_id, etag, summary, status };
}

export function toTaskOutput(task: StoredTask): z.infer<typeof taskOutput> {
  return {
    id: task.uid,
    calendar_id: task.calendarId,
    etag: task.etag,
    summary: task.summary,
    description: task.description,
    status: task.status,
    due: task.due,
    start: task.start,
    percent_complete: task.percentComplete,
    completed: task.completed,
    priority: task.priority,
    categories: nonEmpty(task.categories),
    parent_task_id: task.parentUid,
  };
}

function describeAttendee({ email, name, status }: StoredEvent['attendees'][number]): string {
  return `${name ? `${name} <${email}>` : email}${status ? ` (${status})` : ''}`;
}

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined;
}
