// Tools for the calendars themselves: list the user's calendars, create, rename and delete one.
import { z } from 'zod';
import {
  calendarIdFor,
  createCalendar,
  deleteCalendar,
  listCalendars,
  updateCalendar,
} from '../../../platform/calendar/calendar-collections.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { defineTool } from '../../tool-definition.js';
import { openCalendarContext } from './calendar-context.js';
import { calendarIdInput, deletedOutput, words } from './calendar-schemas.js';
import { ADDITIVE, DESTRUCTIVE, DESTRUCTIVE_IDEMPOTENT, READ_ONLY } from '../tool-shapes.js';

const colorInput = z.string().refine((s) => /^#[0-9a-fA-F]{6}$/.test(s), 'color is #rrggbb');
const calendarOutput = z.object({ id: z.string(), display_name: z.string(), components: z.array(z.string()) });

export const listCalendarsTool = defineTool({
  name: 'nc_calendar_list_calendars',
  app: 'calendar',
  title: 'List calendars',
  description: "Lists the user's calendars (components: VEVENT events, VTODO tasks) and the user's time zone.",
  input: z.object({}),
  output: z.object({ calendars: z.array(calendarOutput), time_zone: z.string() }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    const calendars = await listCalendars(account);
    return {
      calendars: calendars.map((c) => ({ id: c.id, display_name: c.displayName, components: c.components })),
      time_zone: userTimeZone.id,
    };
  },
  summarize: ({ calendars, time_zone }) =>
    calendars.length === 0
      ? `No calendars. Time zone ${time_zone}.`
      : `${calendars.length} calendars: ${calendars.map((c) => `${c.display_name} (${c.id}: ${c.components.join(', ')})`).join(', ')}. Time zone ${time_zone}.`,
});

export const createCalendarTool = defineTool({
  name: 'nc_calendar_create_calendar',
  app: 'calendar',
  title: 'Create a calendar',
  description:
    'Creates a calendar for events, tasks or both. color: #rrggbb. calendar_id defaults to one made from the name.',
  input: z.object({
    display_name: words(100),
    calendar_id: z
      .string()
      .refine((s) => /^[a-z0-9][a-z0-9-]{0,59}$/.test(s), 'calendar_id uses lowercase letters, digits and hyphens')
      .optional(),
    color: colorInput.optional(),
    components: z
      .array(z.enum(['VEVENT', 'VTODO']))
      .min(1)
      .default(['VEVENT', 'VTODO']),
  }),
  output: calendarOutput,
  annotations: ADDITIVE,
  async run({ display_name, calendar_id, color, components }, { nextcloud }) {
    const calendar = await createCalendar(await openDavAccount(nextcloud), {
      id: calendar_id ?? calendarIdFor(display_name),
      displayName: display_name,
      color,
      components: [...new Set(components)],
    });
    return { id: calendar.id, display_name: calendar.displayName, components: calendar.components };
  },
  summarize: (calendar) => `Created calendar ${calendar.display_name} (${calendar.id}).`,
});

export const updateCalendarTool = defineTool({
  name: 'nc_calendar_update_calendar',
  app: 'calendar',
  title: 'Rename a calendar',
  description: 'Renames a calendar or changes its color (#rrggbb).',
  input: z.object({ calendar_id: calendarIdInput, display_name: words(100).optional(), color: colorInput.optional() }),
  output: calendarOutput,
  annotations: DESTRUCTIVE,
  async run({ calendar_id, display_name, color }, { nextcloud }) {
    const calendar = await updateCalendar(await openDavAccount(nextcloud), calendar_id, {
      displayName: display_name,
      color,
    });
    return { id: calendar.id, display_name: calendar.displayName, components: calendar.components };
  },
  summarize: (calendar) => `Calendar ${calendar.id} is now ${calendar.display_name}.`,
});

export const deleteCalendarTool = defineTool({
  name: 'nc_calendar_delete_calendar',
  app: 'calendar',
  title: 'Delete a calendar',
  description: 'Deletes a calendar with its events and tasks into the trash bin, or for good with purge.',
  input: z.object({ calendar_id: calendarIdInput, purge: z.boolean().default(false) }),
  output: deletedOutput,
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ calendar_id, purge }, { nextcloud }) {
    await deleteCalendar(await openDavAccount(nextcloud), calendar_id, purge);
    return { id: calendar_id };
  },
  summarize: ({ id }) => `Deleted calendar ${id}.`,
});

export const CALENDAR_COLLECTION_TOOLS = [
  listCalendarsTool,
  createCalendarTool,
  updateCalendarTool,
  deleteCalendarTool,
];
