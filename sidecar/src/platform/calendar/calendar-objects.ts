// Single calendar objects: find one by UID, write it with If-Match / If-None-Match, delete it.
import { NotFoundError } from '../../errors.js';
import { calendarPaths, objectFileName } from './calendar-paths.js';
import { queryCalendarObjects, type CalendarObject } from './calendar-query.js';
import type { DavAccount } from './dav-account.js';
import { DAV_NAMESPACES, requestMultistatus, textOf } from './dav-multistatus.js';

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
export async function writeCalendarObject(
  account: DavAccount,
  object: { calendarId: string; fileName: string; ics: string; etag?: string },
): Promise<string> {
  const path = calendarPaths.object(account.userId, object.calendarId, object.fileName);
  const response = await account.client.request(path, {
    method: 'PUT',
    headers: {
      'content-type': 'text/calendar; charset=utf-8',
      ...(object.etag ? { 'if-match': object.etag } : { 'if-none-match': '*' }),
    },
    body: object.ics,
  });
  // Nextcloud leaves out the ETag when it changed the data on the way in; ask for it then.
  return headerOf(response.headers.etag) ?? (await fetchEtag(account, path));
}

export async function deleteCalendarObject(
  account: DavAccount,
  object: { calendarId: string; fileName: string; etag?: string },
): Promise<void> {
  await account.client.request(calendarPaths.object(account.userId, object.calendarId, object.fileName), {
    method: 'DELETE',
    headers: object.etag ? { 'if-match': object.etag } : {},
  });
}

async function fetchEtag(account: DavAccount, path: string): Promise<string> {
  const [response] = await requestMultistatus(account.client, path, {
    method: 'PROPFIND',
    depth: '0',
    body: `<d:propfind ${DAV_NAMESPACES}><d:prop><d:getetag/></d:prop></d:propfind>`,
  });
  return textOf(response?.props.getetag) ?? '';
}

function hasUid(ics: string, uid: string): boolean {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  return unfolded.split(/\r?\n/).some((line) => /^UID[;:]/i.test(line) && line.slice(line.indexOf(':') + 1) === uid);
}

function headerOf(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first && first !== '' ? first : undefined;
}
