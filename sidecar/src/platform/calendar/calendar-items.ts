// Create, change and delete one calendar item (an event or a task) by UID: new items get a new UID, changes touch
// only the master component of the stored object and are written back with If-Match.
import type ICAL from 'ical.js';
import { ForbiddenError, InvalidInputError, NotFoundError } from '../../errors.js';
import type { DavAccount } from '../dav/dav-account.js';
import { listCalendars } from './calendar-collections.js';
import { deleteCalendarObject, findCalendarObject, writeCalendarObject } from './calendar-objects.js';
import { isSystemCalendar, objectFileName } from './calendar-paths.js';
import {
  findMaster,
  markChanged,
  newCalendarDocument,
  newItemComponent,
  parseCalendarDocument,
  serializeCalendar,
} from './ical-document.js';

export type ItemKind = 'vevent' | 'vtodo';

export interface WrittenItem {
  component: ICAL.Component;
  etag: string;
}

/** Creates an item with a new UID; `fill` sets its properties. A missing calendar reads "no such calendar". */
export async function createCalendarItem(
  account: DavAccount,
  calendarId: string,
  kind: ItemKind,
  fill: (component: ICAL.Component) => void,
): Promise<WrittenItem> {
  assertUserCalendar(calendarId);
  const document = newCalendarDocument();
  const component = newItemComponent(kind);
  document.addSubcomponent(component);
  fill(component);
  const uid = String(component.getFirstPropertyValue('uid'));
  const etag = await writeCalendarObject(account, {
    calendarId,
    fileName: objectFileName(uid),
    ics: serializeCalendar(document),
  }).catch((error: unknown) => explainRefusedItem(account, calendarId, kind, error));
  return { component, etag };
}

/**
 * Changes the master of the item (the series, for recurring events), or the component `change` returns (one
 * occurrence, from the whole document); `etag` guards against lost updates.
 */
export async function updateCalendarItem(
  account: DavAccount,
  item: { calendarId: string; uid: string; kind: ItemKind; etag?: string },
  change: (master: ICAL.Component, document: ICAL.Component) => ICAL.Component | void,
  options: { reply?: boolean } = {},
): Promise<WrittenItem> {
  assertUserCalendar(item.calendarId);
  const object = await findCalendarObject(account, item.calendarId, item.uid, componentName(item.kind));
  const document = parseCalendarDocument(object.ics);
  const master = findMaster(document, item.kind);
  if (!master) throw new NotFoundError(`There is no ${itemNoun(item.kind)} with this ${itemNoun(item.kind)}_id.`);
  const changed = change(master, document) ?? master;
  markChanged(changed, options);
  const etag = await writeCalendarObject(account, {
    calendarId: item.calendarId,
    fileName: object.fileName,
    ics: serializeCalendar(document),
    etag: item.etag ?? object.etag,
  });
  return { component: changed, etag };
}

export async function deleteCalendarItem(
  account: DavAccount,
  item: { calendarId: string; uid: string; kind: ItemKind; etag?: string },
): Promise<void> {
  assertUserCalendar(item.calendarId);
  const object = await findCalendarObject(account, item.calendarId, item.uid, componentName(item.kind));
  await deleteCalendarObject(account, {
    calendarId: item.calendarId,
    fileName: object.fileName,
    etag: item.etag ?? object.etag,
  });
}

/** Refuses Nextcloud's system collections (inbox, trash bin, birthdays), which hold no user items. */
export function assertUserCalendar(calendarId: string): void {
  if (isSystemCalendar(calendarId)) {
    throw new InvalidInputError(`"${calendarId}" is a system collection, not a calendar of the user.`);
  }
}

/**
 * Turns the 404 of a new item into "no such calendar", and the 403 Nextcloud answers for a component the calendar
 * does not hold ("iCalendar objects must at least have a component of type VEVENT") into what to do instead.
 */
async function explainRefusedItem(
  account: DavAccount,
  calendarId: string,
  kind: ItemKind,
  error: unknown,
): Promise<never> {
  if (error instanceof NotFoundError) throw new NotFoundError(`There is no calendar "${calendarId}".`);
  if (!(error instanceof ForbiddenError)) throw error;
  const calendar = (await listCalendars(account)).find((candidate) => candidate.id === calendarId);
  if (!calendar || calendar.components.length === 0 || calendar.components.includes(componentName(kind))) throw error;
  throw new InvalidInputError(
    kind === 'vtodo'
      ? `Calendar "${calendarId}" holds only events. Pass the calendar_id of a calendar with VTODO from nc_calendar_list_calendars, or create one with nc_calendar_create_calendar (components ["VTODO"]).`
      : `Calendar "${calendarId}" holds no events.`,
    { cause: error },
  );
}

function componentName(kind: ItemKind): 'VEVENT' | 'VTODO' {
  return kind === 'vevent' ? 'VEVENT' : 'VTODO';
}

function itemNoun(kind: ItemKind): string {
  return kind === 'vevent' ? 'event' : 'task';
}
