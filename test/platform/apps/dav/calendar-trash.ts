// Nextcloud's calendar trash bin: deleted calendar objects stay under `…/calendars/{uid}/trashbin/objects/` and keep
// their UID, so a new object with that UID in the same calendar fails until the trash entry is deleted.
import { escapeXml } from '../../xml-escape.js';

export interface TrashEntry {
  /** The entry's file name under trashbin/objects/. */
  name: string;
  userId: string;
  /** The calendar segment the object was deleted from (percent-encoded, as in paths). */
  calendar: string;
  objectUid: string;
  ics: string;
  deletedAt: number;
}

export interface CalendarTrash {
  add(entry: Omit<TrashEntry, 'name'>): TrashEntry;
  list(userId: string): TrashEntry[];
  get(userId: string, name: string): TrashEntry | undefined;
  remove(userId: string, name: string): boolean;
  /** Whether the user's trash holds an object with this UID from this calendar. */
  holdsUid(userId: string, calendar: string, objectUid: string): boolean;
}

export function createCalendarTrash(): CalendarTrash {
  const entries: TrashEntry[] = [];
  let nextId = 1;
  return {
    add(entry) {
      const stored = { ...entry, name: `${nextId++}-${Math.floor(entry.deletedAt / 1000)}.ics` };
      entries.push(stored);
      return stored;
    },
    list: (userId) => entries.filter((entry) => entry.userId === userId),
    get: (userId, name) => entries.find((entry) => entry.userId === userId && entry.name === name),
    remove(userId, name) {
      const index = entries.findIndex((entry) => entry.userId === userId && entry.name === name);
      if (index < 0) return false;
      entries.splice(index, 1);
      return true;
    },
    holdsUid: (userId, calendar, objectUid) =>
      entries.some((e) => e.userId === userId && e.calendar === calendar && e.objectUid === objectUid),
  };
}

/** The UID of the first component of an iCalendar text (lines unfolded), if any. */
export function readIcsUid(ics: string): string | undefined {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const match = /^UID(?:;[^:]*)?:(.*)$/m.exec(unfolded);
  return match?.[1]?.trim();
}

/** One `<d:response>` describing a trash entry (with its calendar data). */
export function describeTrashEntry(entry: TrashEntry, href: string): string {
  return (
    `<d:response xmlns:d="DAV:"><d:href>${href}</d:href><d:propstat><d:prop>` +
    `<d:getetag>"trash-${entry.name}"</d:getetag><d:resourcetype/>` +
    `<c:calendar-data xmlns:c="urn:ietf:params:xml:ns:caldav">${escapeXml(entry.ics)}</c:calendar-data>` +
    `<nc:calendar-uri xmlns:nc="http://nextcloud.com/ns">${entry.calendar}</nc:calendar-uri>` +
    `<nc:deleted-at xmlns:nc="http://nextcloud.com/ns">${new Date(entry.deletedAt).toISOString()}</nc:deleted-at>` +
    '</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>'
  );
}
