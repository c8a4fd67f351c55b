// Tools for the calendars themselves: list the user's calendars, create one.
import { z } from 'zod';
import { calendarIdFor, createCalendar, listCalendars } from '../../../platform/calendar/calendar-collections.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { defineTool } from '../../tool-definition.js';
import { READ_ONLY } from './calendar-schemas.js';

const calendarOutput = z.object({
  id: z.string(),
  display_name: z.string(),
  color: z.string().optional(),
  components: z.array(z.string()),
});

export const listCalendarsTool = defineTool({
  name: 'nc_calendar_list_calendars',
  app: 'calendar',
  title: 'List calendars',
  description:
    'Lists the calendars of the user with their id, name, colour and whether they hold events (VEVENT) or tasks (VTODO). System collections such as the trash bin are left out.',
  input: z.object({}),
  output: z.object({ calendars: z.array(calendarOutput) }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const calendars = await listCalendars(await openDavAccount(nextcloud));
    return {
      calendars: calendars.map((c) => ({
        id: c.id,
        display_name: c.displayName,
        color: c.color,
        components: c.components,
      })),
    };
  },
  summarize: ({ calendars }) =>
    calendars.length === 0
      ? 'No calendars.'
      : `${calendars.length} calendars: ${calendars.map((c) => `${c.display_name} (${c.id})`).join(', ')}.`,
});

export const createCalendarTool = defineTool({
  name: 'nc_calendar_create_calendar',
  app: 'calendar',
  title: 'Create a calendar',
  description:
    'Creates a calendar with a display name, an optional colour (#rrggbb) and the kinds of items it holds (events, tasks or both). Returns its id.',
  input: z.object({
    display_name: z.string().trim().min(1).max(100),
    id: z
      .string()
      .min(1)
      .max(60)
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'id uses lowercase letters, digits and hyphens')
      .optional()
      .describe('The id (URI segment), derived from the display name when absent'),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'color is #rrggbb')
      .optional(),
    components: z
      .array(z.enum(['VEVENT', 'VTODO']))
      .min(1)
      .max(2)
      .default(['VEVENT', 'VTODO']),
  }),
  output: calendarOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ display_name, id, color, components }, { nextcloud }) {
    const account = await openDavAccount(nextcloud);
    const calendar = await createCalendar(account, {
      id: id ?? calendarIdFor(display_name),
      displayName: display_name,
      color,
      components: [...new Set(components)],
    });
    return {
      id: calendar.id,
      display_name: calendar.displayName,
      color: calendar.color,
      components: calendar.components,
    };
  },
  summarize: (calendar) => `Created calendar ${calendar.display_name} (${calendar.id}).`,
});

export const CALENDAR_COLLECTION_TOOLS = [listCalendarsTool, createCalendarTool];
