// Nextcloud's calendar trash bin: deleted calendar objects stay under `…/calendars/{uid}/trashbin/objects/` as
// `{objectId}.ics` and keep their UID, so a new object with that UID in the same calendar fails until purged.
import { escapeXml } from '../../xml-escape.js';
import { NC_NS, nextcloudDateTime, propResponse } from './sabre-answers.js';

export interface TrashEntry {
  /** The entry's file name under trashbin/objects/: `{objectId}.ics`. */
  name: string;
  userId: string;
  /** The calendar segment the object was deleted from (percent-encoded, as in paths). */
  calendar: string;
  /** The object's file name in that calendar (percent-encoded), where a restore puts it back. */
  fileName: string;
  objectUid: string;
  /** The object's ETag when it was deleted (with quotes), which the entry keeps. */
  etag: string;
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
  let nextObjectId = 101;
  return {
    add(entry) {
      const stored = { ...entry, name: `${nextObjectId++}.ics` };
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

/** The UID of the first component of an iCalendar or vCard text (lines unfolded), if any. */
export function readIcsUid(ics: string): string | undefined {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  const match = /^UID(?:;[^:]*)?:(.*)$/m.exec(unfolded);
  return match?.[1]?.trim();
}

/** One `<d:response>` describing a trash entry: its calendar data, calendar, deletion time and the object's ETag. */
export function describeTrashEntry(entry: TrashEntry, href: string): string {
  return propResponse(
    href,
    `<d:getetag>${entry.etag}</d:getetag><d:resourcetype/>` +
      `<c:calendar-data xmlns:c="urn:ietf:params:xml:ns:caldav">${escapeXml(entry.ics)}</c:calendar-data>` +
      `<nc:calendar-uri xmlns:nc="${NC_NS}">${entry.calendar}</nc:calendar-uri>` +
      `<nc:deleted-at xmlns:nc="${NC_NS}">${nextcloudDateTime(entry.deletedAt)}</nc:deleted-at>`,
  );
}
