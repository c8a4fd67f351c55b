// The calendar event resource template: nextcloud://calendar/{calendar_id}/{event_id} reads one event as JSON,
// the same fields nc_calendar_get_event returns.
import { getEvent } from '../../platform/calendar/calendar-events.js';
import { openCalendarContext } from '../tools/calendar/calendar-context.js';
import { toEventOutput } from '../tools/calendar/calendar-schemas.js';
import type { ResourceTemplateDefinition } from '../resource-definition.js';

export const eventResource: ResourceTemplateDefinition = {
  name: 'calendar-event',
  app: 'calendar',
  uriTemplate: 'nextcloud://calendar/{calendar_id}/{event_id}',
  title: 'Calendar event',
  description: "An event of one of the user's calendars, as JSON.",
  mimeType: 'application/json',
  async read({ calendar_id, event_id }, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    const event = await getEvent(account, {
      calendarId: decodeURIComponent(calendar_id ?? ''),
      uid: decodeURIComponent(event_id ?? ''),
      userZone: userTimeZone.zone,
    });
    return { mimeType: 'application/json', text: JSON.stringify(toEventOutput(event), null, 2) };
  },
};
