// Deleted calendars in Nextcloud: a DELETE moves the calendar to the trash bin, where it stays listed in the home
// (resourcetype `nc:deleted-calendar` instead of `cal:calendar`, with `nc:deleted-at`) and keeps its name taken
// until a DELETE with `X-NC-CalDAV-No-Trashbin: 1` purges it.
import { NC_NS, nextcloudDateTime } from './sabre-answers.js';

export interface DeletedCalendars {
  add(userId: string, calendar: string, deletedAt: number): void;
  has(userId: string, calendar: string): boolean;
  remove(userId: string, calendar: string): void;
  /** Rewrites the home listing so that the user's deleted calendars show as Nextcloud lists them. */
  markInListing(xml: string, userId: string): string;
}

export function createDeletedCalendars(): DeletedCalendars {
  const deleted = new Map<string, number>();
  const key = (userId: string, calendar: string) => `${userId}/${calendar}`;
  return {
    add: (userId, calendar, deletedAt) => void deleted.set(key(userId, calendar), deletedAt),
    has: (userId, calendar) => deleted.has(key(userId, calendar)),
    remove: (userId, calendar) => void deleted.delete(key(userId, calendar)),
    markInListing(xml, userId) {
      return xml.replace(/<((?:[\w-]+:)?)response\b[^>]*>[\s\S]*?<\/\1response>/g, (response) => {
        const href = /<(?:[\w-]+:)?href>([^<]*)</.exec(response)?.[1] ?? '';
        const calendar = /\/([^/]+)\/$/.exec(href)?.[1] ?? '';
        const deletedAt = deleted.get(key(userId, calendar));
        if (deletedAt === undefined) return response;
        return response.replace(
          /<((?:[\w-]+:)?)resourcetype\b[^>]*>[\s\S]*?<\/\1resourcetype>|<(?:[\w-]+:)?resourcetype\s*\/>/,
          `<d:resourcetype xmlns:d="DAV:"><d:collection/><nc:deleted-calendar xmlns:nc="${NC_NS}"/></d:resourcetype>` +
            `<nc:deleted-at xmlns:nc="${NC_NS}">${nextcloudDateTime(deletedAt)}</nc:deleted-at>`,
        );
      });
    },
  };
}
