// Single calendar objects: find one by UID, write it with If-Match / If-None-Match, delete it.
import { NotFoundError } from '../../errors.js';
import { calendarPaths, objectFileName } from './calendar-paths.js';
import { queryCalendarObjects, type CalendarObject } from './calendar-query.js';
import type { DavAccount } from '../dav/dav-account.js';
import { deleteDavObject, hasUid, headerOf, putDavObject } from '../dav/dav-objects.js';

/** The object holding the item with this UID: `{uid}.ics` first, else a UID query (other clients pick other names). */
export async function findCalendarObject(
  account: DavAccount,
  calendarId: string,
  uid: string,
  component: 'VEVENT' | 'VTODO',
): Promise<CalendarObject> {
  const fileName = objectFileName(uid);
  const response = await account.client.request(calendarPaths.object(account.userId, calendarId, fileName), {
    headers: { accept: 'text/calendar' },
    accept: [404],
  });
  const ics = response.text();
  if (response.status === 200 && hasUid(ics, uid) && ics.includes(`BEGIN:${component}`)) {
    return { calendarId, fileName, etag: headerOf(response.headers.etag) ?? '', ics };
  }
  const found = (await queryCalendarObjects(account, calendarId, { component, uid })).find((o) => hasUid(o.ics, uid));
  if (!found) throw new NotFoundError(`There is no ${component === 'VEVENT' ? 'event' : 'task'} with this UID.`);
  return found;
}

/**
 * Stores an object: a new one only if the name is free (If-None-Match: *), an existing one only if unchanged since
 * `etag` was read (If-Match). Returns the new ETag. A changed object makes the client throw ConflictError.
 */
export function writeCalendarObject(
  account: DavAccount,
  object: { calendarId: string; fileName: string; ics: string; etag?: string },
): Promise<string> {
  const path = calendarPaths.object(account.userId, object.calendarId, object.fileName);
  return putDavObject(account.client, path, {
    body: object.ics,
    contentType: 'text/calendar; charset=utf-8',
    etag: object.etag,
  });
}

export function deleteCalendarObject(
  account: DavAccount,
  object: { calendarId: string; fileName: string; etag?: string },
): Promise<void> {
  return deleteDavObject(
    account.client,
    calendarPaths.object(account.userId, object.calendarId, object.fileName),
    object.etag,
  );
}
