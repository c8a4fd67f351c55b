// Tasks (VTODO) of a user's calendars: list, read, create, update, complete and delete one by UID. Updates change
// only the given fields of the stored object and write it back with If-Match.
import { NotFoundError } from '../../errors.js';
import { listCalendars } from './calendar-collections.js';
import { assertUserCalendar, createCalendarItem, deleteCalendarItem, updateCalendarItem } from './calendar-items.js';
import { findCalendarObject } from './calendar-objects.js';
import { queryCalendarObjects } from './calendar-query.js';
import type { DavAccount } from '../dav/dav-account.js';
import { findMaster, parseCalendarDocument } from './ical-document.js';
import { applyTaskChanges, isTaskDone, readTask, type TaskChanges, type TaskDetails } from './task-model.js';

export interface StoredTask extends TaskDetails {
  calendarId: string;
  etag: string;
}

export interface TaskFilter {
  /** Only these calendars; every calendar that holds tasks when absent. */
  calendarIds?: string[];
  includeDone: boolean;
}

/** Tasks ordered open first, then by due date (undated last), then summary. */
export async function listTasks(account: DavAccount, filter: TaskFilter): Promise<StoredTask[]> {
  const calendarIds = filter.calendarIds ?? (await taskCalendarIds(account));
  const tasks: StoredTask[] = [];
  for (const calendarId of calendarIds) {
    for (const object of await queryCalendarObjects(account, calendarId, { component: 'VTODO' })) {
      const master = findMaster(parseCalendarDocument(object.ics), 'vtodo');
      if (!master) continue;
      const task = { ...readTask(master), calendarId, etag: object.etag };
      if (filter.includeDone || !isTaskDone(task)) tasks.push(task);
    }
  }
  return tasks.sort(
    (a, b) =>
      Number(isTaskDone(a)) - Number(isTaskDone(b)) ||
      (a.due ?? '\uffff').localeCompare(b.due ?? '\uffff') ||
      a.summary.localeCompare(b.summary) ||
      a.uid.localeCompare(b.uid),
  );
}

export async function getTask(account: DavAccount, calendarId: string, uid: string): Promise<StoredTask> {
  assertUserCalendar(calendarId);
  const object = await findCalendarObject(account, calendarId, uid, 'VTODO');
  const master = findMaster(parseCalendarDocument(object.ics), 'vtodo');
  if (!master) throw new NotFoundError('There is no task with this UID.');
  return { ...readTask(master), calendarId, etag: object.etag };
}

export async function createTask(
  account: DavAccount,
  calendarId: string,
  fields: TaskChanges & { summary: string },
): Promise<StoredTask> {
  const { component, etag } = await createCalendarItem(account, calendarId, 'vtodo', (task) =>
    applyTaskChanges(task, { status: 'NEEDS-ACTION', ...fields }),
  );
  return { ...readTask(component), calendarId, etag };
}

export async function updateTask(
  account: DavAccount,
  calendarId: string,
  uid: string,
  changes: TaskChanges,
  etag?: string,
): Promise<StoredTask> {
  const written = await updateCalendarItem(account, { calendarId, uid, kind: 'vtodo', etag }, (master) =>
    applyTaskChanges(master, changes),
  );
  return { ...readTask(written.component), calendarId, etag: written.etag };
}

export function deleteTask(account: DavAccount, calendarId: string, uid: string, etag?: string): Promise<void> {
  return deleteCalendarItem(account, { calendarId, uid, kind: 'vtodo', etag });
}

/** The calendar new tasks go to: `personal` when it takes tasks, else the first calendar that does. */
export async function defaultTaskCalendarId(account: DavAccount): Promise<string> {
  const [first] = await taskCalendarIds(account);
  if (!first) throw new NotFoundError('The user has no calendar that holds tasks.');
  return first;
}

async function taskCalendarIds(account: DavAccount): Promise<string[]> {
  const calendars = await listCalendars(account);
  return calendars.filter((c) => c.components.length === 0 || c.components.includes('VTODO')).map((c) => c.id);
}
