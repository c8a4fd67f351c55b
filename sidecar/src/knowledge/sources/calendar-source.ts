// The calendar_item source: events and tasks of the user's own calendars over CalDAV, found changed through sync
// tokens (one PROPFIND when nothing changed) and read as text from their iCalendar; the changed objects of a
// calendar are read 50 to a request after the scan (listed-dav-objects.ts).
import { calendarPaths, isSystemCalendar } from '../../platform/calendar/calendar-paths.js';
import { readDavObject } from '../../platform/dav/dav-objects.js';
import {
  DocumentSkippedError,
  type FetchedDocument,
  type ScanResult,
  type SeenDocument,
  type SyncContext,
  type SyncSource,
} from '../sync/sync-source.js';
import { appLinks } from '../../platform/app-links.js';
import { renderCalendarItem } from './calendar-text.js';
import { createListedDavObjects, type ListedDavObjects } from './listed-dav-objects.js';
import { scanDavCollections, splitDocId, toDavCollection } from './dav-collections-scan.js';
import {
  listDavCollections,
  readCollectionName,
  type DavCollectionEntry,
} from '../../platform/dav/dav-sync-collection.js';

const LIST_PROPS = '<d:displayname/><c:supported-calendar-component-set/>';

export function createCalendarSource(): SyncSource {
  const listed = createListedDavObjects('calendar');
  return {
    docType: 'calendar_item',
    scan: (context, cursor) => scanCalendars(context, cursor, listed),
    read: (context, document) => fetchCalendarItem(context, document, listed),
  };
}

function scanCalendars(
  context: SyncContext,
  cursor: string | undefined,
  listed: ListedDavObjects,
): Promise<ScanResult> {
  return scanDavCollections(
    {
      client: context.client,
      signal: context.signal,
      listCollections: async () =>
        (await listDavCollections(context.client, calendarPaths.home(context.userId), LIST_PROPS))
          .filter(isIndexedCalendar)
          .map(toDavCollection),
      collectionPath: (uri) => calendarPaths.calendar(context.userId, uri),
      beforeAnswer: (changed) =>
        listed.keepChanged(context, changed, (uri) => calendarPaths.calendar(context.userId, uri)),
    },
    cursor,
  );
}

async function fetchCalendarItem(
  context: SyncContext,
  document: SeenDocument,
  listed: ListedDavObjects,
): Promise<FetchedDocument | null> {
  const ids = splitDocId(document.docId);
  if (!ids) return null;
  const object =
    listed.take(context.userId, document) ??
    (await readDavObject(
      context.client,
      calendarPaths.object(context.userId, ids.collectionUri, ids.objectName),
      'text/calendar',
    ));
  if (!object) return null;
  const item = renderCalendarItem(object.text);
  if (!item) throw new DocumentSkippedError('neither an event nor a task');
  const calendarName = document.hint ?? (await readCalendarName(context, ids.collectionUri));
  return {
    docType: 'calendar_item',
    docId: document.docId,
    title: item.title,
    mimeType: 'text/calendar',
    version: object.etag ?? document.version,
    link:
      item.component === 'VEVENT'
        ? appLinks.calendarEvent(context.client.host, context.userId, ids.collectionUri, ids.objectName)
        : appLinks.calendar(),
    modifiedAt: item.modifiedAt,
    extra: { calendar: calendarName.slice(0, 200), component: item.component },
    pages: [item.text],
  };
}

/** A user calendar holding events or tasks: not inbox, outbox, trash bin, birthdays, deleted or subscribed ones. */
function isIndexedCalendar(entry: DavCollectionEntry): boolean {
  const type = entry.response.props.resourcetype;
  // A deleted calendar is listed with nc:deleted-calendar instead of cal:calendar; subscriptions as cs:subscribed.
  if (typeof type !== 'object' || type === null || !('calendar' in type)) return false;
  if (isSystemCalendar(entry.uri)) return false;
  const set = entry.response.props['supported-calendar-component-set'] as { comp?: { '@name'?: string }[] } | undefined;
  const components = (set?.comp ?? []).map((comp) => comp['@name']?.toUpperCase());
  return components.length === 0 || components.includes('VEVENT') || components.includes('VTODO');
}

/** The calendar's display name when the scan's hint is missing (a document woken by a webhook). */
function readCalendarName(context: SyncContext, calendarUri: string): Promise<string> {
  return readCollectionName(context.client, calendarPaths.calendar(context.userId, calendarUri), calendarUri);
}
