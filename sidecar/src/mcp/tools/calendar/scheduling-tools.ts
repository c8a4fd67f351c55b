// Tools for meeting other people: who is busy when (free/busy), and answering an invitation (PARTSTAT).
import { z } from 'zod';
import { respondToEvent } from '../../../platform/calendar/calendar-events.js';
import { queryFreeBusy } from '../../../platform/calendar/free-busy.js';
import { defineTool } from '../../tool-definition.js';
import { openCalendarContext } from './calendar-context.js';
import {
  calendarIdInput,
  etagInput,
  segment,
  timeInput,
  toWrittenEventOutput,
  writtenEventOutput,
} from './calendar-schemas.js';
import { isEmail, parseRange, parseTime } from './event-tools.js';
import { DESTRUCTIVE, READ_ONLY, boundedText } from '../tool-shapes.js';

const MAX_RANGE_DAYS = 62;

export const freeBusyTool = defineTool({
  name: 'nc_calendar_get_free_busy',
  app: 'calendar',
  title: 'Free/busy of attendees',
  description: 'Returns when each email address is busy from start to end, to find a meeting time.',
  input: z.object({
    start: timeInput,
    end: timeInput,
    emails: z.array(boundedText(254).refine(isEmail, 'an email address')).min(1).max(20),
  }),
  output: z.object({
    attendees: z.array(
      z.object({
        email: z.string(),
        busy: z.array(z.object({ start: z.string(), end: z.string(), type: z.string() })).optional(),
        problem: z.string().optional(),
      }),
    ),
    time_zone: z.string(),
  }),
  annotations: { ...READ_ONLY, openWorldHint: true },
  async run({ start, end, emails }, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    const zone = userTimeZone.zone;
    const range = parseRange(start, end, zone, MAX_RANGE_DAYS);
    const attendees = await queryFreeBusy(account, { ...range, zone, emails: [...new Set(emails)] });
    return { attendees, time_zone: userTimeZone.id };
  },
  summarize: ({ attendees }) =>
    attendees
      .map((a) =>
        a.busy
          ? `${a.email}: ${a.busy.length === 0 ? 'free' : a.busy.map((p) => `busy ${p.start} to ${p.end}`).join(', ')}`
          : `${a.email}: unknown (${a.problem})`,
      )
      .join('. ') + '.',
});

export const respondToEventTool = defineTool({
  name: 'nc_calendar_respond_to_event',
  app: 'calendar',
  title: 'Answer an invitation',
  description: 'Answers an invitation of the user, and Nextcloud tells the organizer.',
  input: z.object({
    calendar_id: calendarIdInput,
    event_id: segment('event_id'),
    response: z.enum(['ACCEPTED', 'DECLINED', 'TENTATIVE']),
    recurrence_id: timeInput.optional(),
    etag: etagInput.optional(),
  }),
  output: writtenEventOutput,
  annotations: { ...DESTRUCTIVE, openWorldHint: true },
  async run({ calendar_id, event_id, response, recurrence_id, etag }, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    const zone = userTimeZone.zone;
    const recurrenceId = recurrence_id ? parseTime(recurrence_id, 'recurrence_id', zone) : undefined;
    const ref = { calendarId: calendar_id, uid: event_id, userZone: zone, etag, recurrenceId };
    return toWrittenEventOutput(await respondToEvent(account, ref, response));
  },
  summarize: (event) => `Answered ${event.summary} (${event.id}).`,
});

export const SCHEDULING_TOOLS = [freeBusyTool, respondToEventTool];
