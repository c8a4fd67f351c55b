// Where a user's calendars and calendar objects live in Nextcloud's CalDAV tree, every segment percent-encoded.
import { pathSegment } from '../urls.js';

/** Collections in the calendar home that are not user calendars. */
const SYSTEM_CALENDARS = new Set(['contact_birthdays', 'inbox', 'outbox', 'trashbin']);

export const calendarPaths = {
  home: (userId: string) => `/remote.php/dav/calendars/${pathSegment(userId)}/`,
  calendar: (userId: string, calendarId: string) => `${calendarPaths.home(userId)}${pathSegment(calendarId)}/`,
  /** The scheduling outbox, where free/busy requests are POSTed (RFC 6638). */
  outbox: (userId: string) => `${calendarPaths.home(userId)}outbox/`,
  object: (userId: string, calendarId: string, fileName: string) =>
    `${calendarPaths.calendar(userId, calendarId)}${pathSegment(fileName)}`,
};

export function isSystemCalendar(calendarId: string): boolean {
  return SYSTEM_CALENDARS.has(calendarId) || calendarId.startsWith('app-generated--');
}

/** The file name Nextcloud's clients use for an object with this UID. */
export function objectFileName(uid: string): string {
  return `${uid}.ics`;
}
