// The user's calendars: list them (without Nextcloud's system collections), create them with MKCALENDAR, rename or
// recolour them with PROPPATCH and delete them (into Nextcloud's trash bin).
import { ConflictError, NotFoundError, UpstreamError } from '../../errors.js';
import { calendarPaths, isSystemCalendar } from './calendar-paths.js';
import type { DavAccount } from '../dav/dav-account.js';
import {
  DAV_NAMESPACES,
  escapeXml,
  lastSegment,
  requestMultistatus,
  textOf,
  type DavResponse,
} from '../dav/dav-multistatus.js';
import { collectionIdFor } from '../dav/collection-id.js';

export type CalendarComponent = 'VEVENT' | 'VTODO' | 'VJOURNAL';

export interface CalendarInfo {
  /** The calendar's URI segment, used to address it (e.g. "personal"). */
  id: string;
  displayName: string;
  /** A CSS colour such as #0082c9, when the calendar has one. */
  color?: string;
  /** The components the calendar accepts; empty when the server does not say. */
  components: CalendarComponent[];
  /** Changes whenever anything in the calendar changes (getctag), when the server provides it. */
  ctag?: string;
}

export interface NewCalendar {
  id: string;
  displayName: string;
  color?: string;
  components: CalendarComponent[];
}

const LIST_BODY =
  `<d:propfind ${DAV_NAMESPACES}><d:prop><d:resourcetype/><d:displayname/><a:calendar-color/>` +
  '<c:supported-calendar-component-set/><cs:getctag/></d:prop></d:propfind>';

export async function listCalendars(account: DavAccount): Promise<CalendarInfo[]> {
  const responses = await requestMultistatus(account.client, calendarPaths.home(account.userId), {
    method: 'PROPFIND',
    depth: '1',
    body: LIST_BODY,
  });
  return responses
    .filter((response) => isCalendar(response) && !isSystemCalendar(lastSegment(response.href)))
    .map(toCalendarInfo)
    .sort((a, b) => Number(b.id === 'personal') - Number(a.id === 'personal') || a.id.localeCompare(b.id));
}

export async function createCalendar(account: DavAccount, calendar: NewCalendar): Promise<CalendarInfo> {
  const components = calendar.components.map((name) => `<c:comp name="${name}"/>`).join('');
  const color = calendar.color ? `<a:calendar-color>${escapeXml(calendar.color)}</a:calendar-color>` : '';
  const response = await account.client.request(calendarPaths.calendar(account.userId, calendar.id), {
    method: 'MKCALENDAR',
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body:
      `<?xml version="1.0" encoding="utf-8"?>\n<c:mkcalendar ${DAV_NAMESPACES}><d:set><d:prop>` +
      `<d:displayname>${escapeXml(calendar.displayName)}</d:displayname>${color}` +
      `<c:supported-calendar-component-set>${components}</c:supported-calendar-component-set>` +
      '</d:prop></d:set></c:mkcalendar>',
    accept: [405, 409],
  });
  // Nextcloud (sabre) answers 405 when the URI is taken, other servers 409. A deleted calendar keeps its URI taken
  // until it is purged from the trash bin, though it is no longer among the user's calendars.
  if (response.status === 405 || response.status === 409) {
    if (await isDeletedCalendar(account, calendar.id)) {
      throw new ConflictError(
        `A deleted calendar in the trash bin still holds the id "${calendar.id}". Choose another calendar_id, ` +
          'or restore or empty the trash bin in the Calendar app.',
      );
    }
    throw new ConflictError(`A calendar with the id "${calendar.id}" already exists.`);
  }
  return { id: calendar.id, displayName: calendar.displayName, color: calendar.color, components: calendar.components };
}

/** Sets the display name and/or colour of one of the user's calendars. */
export async function updateCalendar(
  account: DavAccount,
  calendarId: string,
  changes: { displayName?: string; color?: string },
): Promise<CalendarInfo> {
  const calendar = await findUserCalendar(account, calendarId);
  const name =
    changes.displayName === undefined ? '' : `<d:displayname>${escapeXml(changes.displayName)}</d:displayname>`;
  const color = changes.color === undefined ? '' : `<a:calendar-color>${escapeXml(changes.color)}</a:calendar-color>`;
  if (name === '' && color === '') return calendar;
  const response = await account.client.request(calendarPaths.calendar(account.userId, calendarId), {
    method: 'PROPPATCH',
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body:
      `<?xml version="1.0" encoding="utf-8"?>\n<d:propertyupdate ${DAV_NAMESPACES}><d:set><d:prop>${name}${color}` +
      '</d:prop></d:set></d:propertyupdate>',
  });
  // unverified: PROPPATCH of d:displayname and a:calendar-color on a calendar → 207, each property 200 (source:
  // apps/dav/lib/CalDAV/Calendar.php propPatch, CalDavBackend::updateCalendar; the sheet verifies c:calendar-timezone).
  // A 207 whose propstats all say 200 (RFC 4918: a PROPPATCH is all or nothing; any other status means not stored).
  const statuses = [...response.text().matchAll(/HTTP\/[\d.]+\s+(\d{3})/g)].map((m) => m[1]);
  if (response.status !== 207 || statuses.some((status) => status !== '200')) {
    throw new UpstreamError("Nextcloud did not store the calendar's new name or colour.", {
      cause: new Error(`HTTP ${response.status}, propstat ${statuses.join(',')}`),
    });
  }
  return {
    ...calendar,
    displayName: changes.displayName ?? calendar.displayName,
    color: changes.color ?? calendar.color,
  };
}

/**
 * Deletes one of the user's calendars with its events and tasks. Nextcloud keeps it in the calendar trash bin (its
 * id stays taken until it is purged there); `purge` deletes it for good.
 */
export async function deleteCalendar(account: DavAccount, calendarId: string, purge: boolean): Promise<void> {
  await findUserCalendar(account, calendarId);
  await account.client.request(calendarPaths.calendar(account.userId, calendarId), {
    method: 'DELETE',
    headers: purge ? { 'x-nc-caldav-no-trashbin': '1' } : {},
  });
}

/** One of the user's own calendars (not a system collection, not a deleted one), or NotFoundError. */
export async function findUserCalendar(account: DavAccount, calendarId: string): Promise<CalendarInfo> {
  const calendar = isSystemCalendar(calendarId)
    ? undefined
    : (await listCalendars(account)).find((c) => c.id === calendarId);
  if (!calendar)
    throw new NotFoundError('There is no calendar with this calendar_id (see nc_calendar_list_calendars).');
  return calendar;
}

/** A URI segment for a new calendar from its display name (see collectionIdFor). */
export function calendarIdFor(displayName: string): string {
  return collectionIdFor(displayName, 'calendar');
}

/** Whether the home lists the calendar as deleted (`nc:deleted-calendar`): in the trash bin, its id still taken. */
async function isDeletedCalendar(account: DavAccount, calendarId: string): Promise<boolean> {
  const responses = await requestMultistatus(account.client, calendarPaths.home(account.userId), {
    method: 'PROPFIND',
    depth: '1',
    body: `<d:propfind ${DAV_NAMESPACES}><d:prop><d:resourcetype/></d:prop></d:propfind>`,
  });
  return responses.some((response) => {
    const type = response.props.resourcetype;
    return (
      lastSegment(response.href) === calendarId &&
      typeof type === 'object' &&
      type !== null &&
      'deleted-calendar' in type
    );
  });
}

function isCalendar(response: DavResponse): boolean {
  const type = response.props.resourcetype;
  return typeof type === 'object' && type !== null && 'calendar' in type;
}

function toCalendarInfo(response: DavResponse): CalendarInfo {
  const id = lastSegment(response.href);
  const set = response.props['supported-calendar-component-set'] as { comp?: { '@name'?: string }[] } | undefined;
  const components = (set?.comp ?? [])
    .map((comp) => comp['@name']?.toUpperCase())
    .filter((name): name is CalendarComponent => name === 'VEVENT' || name === 'VTODO' || name === 'VJOURNAL');
  const color = textOf(response.props['calendar-color'])?.trim();
  return {
    id,
    displayName: textOf(response.props.displayname)?.trim() || id,
    // Nextcloud stores #rrggbbaa; the alpha is always ff.
    color: color && /^#[0-9a-f]{8}$/i.test(color) ? color.slice(0, 7) : color || undefined,
    components,
    ctag: textOf(response.props.getctag)?.trim() || undefined,
  };
}
