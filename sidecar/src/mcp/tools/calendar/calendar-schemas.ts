// Input and output schemas shared by the calendar tools, and the mapping of stored events and tasks to outputs.
import { z } from 'zod';
import type { StoredEvent } from '../../../platform/calendar/calendar-events.js';
import type { StoredTask } from '../../../platform/calendar/calendar-tasks.js';
import { TIME_INPUT_PATTERN } from '../../../platform/calendar/ical-time.js';

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const calendarIdInput = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^/\\]+$/, 'a calendar id is one path segment')
  .describe('Calendar id from nc_calendar_list_calendars, e.g. personal');
export const uidInput = z.string().min(1).max(255).describe('The UID of the event or task');
export const etagInput = z
  .string()
  .min(1)
  .max(200)
  .describe('The etag from the last read. The change is refused if the item changed since.');
export const timeInput = (what: string) =>
  z
    .string()
    .max(40)
    .regex(TIME_INPUT_PATTERN, `${what} must be YYYY-MM-DD or an ISO 8601 date-time with Z or an offset`)
    .describe(`${what}: YYYY-MM-DD for all-day, else ISO 8601 with offset, e.g. 2025-03-01T09:00:00+01:00`);

export const attendeeInput = z.object({
  email: z.email().max(254),
  name: z.string().min(1).max(200).optional(),
  role: z.enum(['REQ-PARTICIPANT', 'OPT-PARTICIPANT', 'NON-PARTICIPANT', 'CHAIR']).optional(),
  status: z.enum(['NEEDS-ACTION', 'ACCEPTED', 'DECLINED', 'TENTATIVE', 'DELEGATED']).optional(),
  rsvp: z.boolean().optional(),
});

export const alarmInput = z.object({
  minutes_before: z.number().int().min(-10080).max(40320).describe('Minutes before the start, e.g. 15'),
  action: z.enum(['DISPLAY', 'EMAIL']).default('DISPLAY'),
  description: z.string().max(255).optional(),
});

export const eventOutput = z.object({
  uid: z.string(),
  calendar: z.string(),
  etag: z.string(),
  summary: z.string(),
  description: z.string().optional(),
  location: z.string().optional(),
  start: z.string(),
  end: z.string(),
  all_day: z.boolean(),
  timezone: z.string().optional(),
  rrule: z.string().optional(),
  status: z.string().optional(),
  categories: z.array(z.string()),
  url: z.string().optional(),
  organizer: z.object({ email: z.string(), name: z.string().optional() }).optional(),
  attendees: z.array(
    z.object({
      email: z.string(),
      name: z.string().optional(),
      role: z.string().optional(),
      status: z.string().optional(),
      rsvp: z.boolean().optional(),
    }),
  ),
  alarms: z.array(
    z.object({
      action: z.string(),
      minutes_before: z.number().optional(),
      trigger: z.string(),
      description: z.string().optional(),
    }),
  ),
});

export const taskOutput = z.object({
  uid: z.string(),
  calendar: z.string(),
  etag: z.string(),
  summary: z.string(),
  description: z.string().optional(),
  status: z.string(),
  due: z.string().optional(),
  start: z.string().optional(),
  completed: z.string().optional(),
  percent_complete: z.number().optional(),
  priority: z.number().optional(),
  categories: z.array(z.string()),
  parent_uid: z.string().optional(),
});

export function toEventOutput(event: StoredEvent): z.infer<typeof eventOutput> {
  return {
    uid: event.uid,
    calendar: event.calendarId,
    etag: event.etag,
    summary: event.summary,
    description: event.description,
    location: event.location,
    start: event.start,
    end: event.end,
    all_day: event.allDay,
    timezone: event.timezone,
    rrule: event.rrule,
    status: event.status,
    categories: event.categories,
    url: event.url,
    organizer: event.organizer,
    attendees: event.attendees,
    alarms: event.alarms.map(({ minutesBefore, ...alarm }) => ({ ...alarm, minutes_before: minutesBefore })),
  };
}

export function toTaskOutput(task: StoredTask): z.infer<typeof taskOutput> {
  return {
    uid: task.uid,
    calendar: task.calendarId,
    etag: task.etag,
    summary: task.summary,
    description: task.description,
    status: task.status,
    due: task.due,
    start: task.start,
    completed: task.completed,
    percent_complete: task.percentComplete,
    priority: task.priority,
    categories: task.categories,
    parent_uid: task.parentUid,
  };
}
