// The calendar event resource template: nextcloud://calendar/{calendar}/{uid} reads one event as JSON.
import { openDavAccount } from '../../platform/dav/dav-account.js';
import { getEvent } from '../../platform/calendar/calendar-events.js';
import type { ResourceTemplateDefinition } from '../resource-definition.js';

export const eventResource: ResourceTemplateDefinition = {
  name: 'calendar-event',
  app: 'calendar',
  uriTemplate: 'nextcloud://calendar/{calendar}/{uid}',
  title: 'Calendar event',
  description: "An event of one of the user's calendars, as JSON.",
  mimeType: 'application/json',
  async read({ calendar, uid }, { nextcloud }) {
    const event = await getEvent(
      await openDavAccount(nextcloud),
      decodeURIComponent(calendar ?? ''),
      decodeURIComponent(uid ?? ''),
    );
    return { mimeType: 'application/json', text: JSON.stringify(event, null, 2) };
  },
};
