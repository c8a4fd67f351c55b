// Tasks (VTODO) of a user's calendars: list, read, create, update, complete and delete one by UID. Updates change
// only the given fields of the stored object and write it back with If-Match.
import type ICAL from 'ical.js';
import { NotFoundError } from '../../errors.js';
import { listCalendars } from './calendar-collections.js';
import { createCalendarItem, deleteCalendarItem, updateCalendarItem } from './calendar-items.js';
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
  /** Floating times show as wall time here. */
  userZone: ICAL.Timezone;
}

/** Tasks ordered open first, then by due date (undated last), then summary. */
export async function listTasks(account: DavAccount, filter: TaskFilter): Promise<StoredTask[]> {
  const calendarIds = filter.calendarIds ?? (await taskCalendarIds(account));
  const tasks: StoredTask[] = [];
  for (const calendarId of calendarIds) {
    for (const object of await queryCalendarObjects(account, calendarId, { component: 'VTODO' })) {
      const master = findMaster(parseCalendarDocument(object.ics), 'vtodo');
      if (!master) continue;
      const task = { ...readTask(master, filter.userZone), calendarId, etag: object.etag };
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

/** Where a task is (or goes): its calendar, its UID, and the user's zone for floating times. */
export interface TaskRef {
  calendarId: string;
  uid: string;
  userZone: ICAL.Timezone;
}

export async function createTask(
  account: DavAccount,
  target: Omit<TaskRef, 'uid'>,
  fields: TaskChanges & { summary: string },
): Promise<StoredTask> {
  const { component, etag } = await createCalendarItem(account, target.calendarId, 'vtodo', (task) =>
    applyTaskChanges(task, { status: 'NEEDS-ACTION', ...fields }),
  );
  return { ...readTask(component, target.userZone), calendarId: target.calendarId, etag };
}

export async function updateTask(
  account: DavAccount,
  ref: TaskRef & { etag?: string },
  changes: TaskChanges,
): Promise<StoredTask> {
  const { calendarId, uid, etag } = ref;
  const written = await updateCalendarItem(account, { calendarId, uid, kind: 'vtodo', etag }, (master) =>
    applyTaskChanges(master, changes),
  );
  return { ...readTask(written.component, ref.userZone), calendarId, etag: written.etag };
}

export function deleteTask(account: DavAccount, calendarId: string, uid: string, etag?: string): Promise<void> {
  return deleteCalendarItem(account, { calendarId, uid, kind: 'vtodo', etag });
}

/** The calendar new tasks go to: the first that takes tasks (a new account's `personal` takes only events). */
export async function defaultTaskCalendarId(account: DavAccount): Promise<string> {
  const [first] = await taskCalendarIds(account);
  if (!first) {
    throw new NotFoundError(
      'No calendar of the user holds tasks (personal takes only events). Create one with nc_calendar_create_calendar (components ["VTODO"]), then create the task there.',
    );
  }
  return first;
}

async function taskCalendarIds(account: DavAccount): Promise<string[]> {
  const calendars = await listCalendars(account);
  return calendars.filter((c) => c.components.length === 0 || c.components.includes('VTODO')).map((c) => c.id);
}
