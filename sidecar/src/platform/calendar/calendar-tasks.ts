// Tasks (VTODO) of a user's calendars: list, read, create, update, complete and delete one by UID. Updates change
// only the given fields of the stored object and write it back with If-Match.
import ICAL from 'ical.js';
import { InvalidInputError, NotFoundError } from '../../errors.js';
import { listCalendars } from './calendar-collections.js';
import { createCalendarItem, deleteCalendarItem, updateCalendarItem } from './calendar-items.js';
import { queryCalendarObjects } from './calendar-query.js';
import type { DavAccount } from '../dav/dav-account.js';
import { findCalendarObject } from './calendar-objects.js';
import { findMaster, parseCalendarDocument } from './ical-document.js';
import { instantOf } from './ical-time.js';
import { applyTaskChanges, isTaskDone, readTask, type TaskChanges, type TaskDetails } from './task-model.js';

export interface StoredTask extends TaskDetails {
  calendarId: string;
  etag: string;
}

export interface TaskFilter {
  /** Only these calendars; every calendar that holds tasks when absent. */
  calendarIds?: string[];
  includeDone: boolean;
  /** Only tasks with one of these statuses (then includeDone does not apply). */
  statuses?: string[];
  /** Only tasks due before this time (tasks without a due date are left out). */
  dueBefore?: ICAL.Time;
  /** Only the subtasks of this task. */
  parentUid?: string;
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
      if (matches(task, master, filter)) tasks.push(task);
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

function matches(task: StoredTask, master: ICAL.Component, filter: TaskFilter): boolean {
  if (filter.statuses ? !filter.statuses.includes(task.status) : !filter.includeDone && isTaskDone(task)) return false;
  if (filter.parentUid !== undefined && task.parentUid !== filter.parentUid) return false;
  if (filter.dueBefore) {
    const due = master.getFirstPropertyValue('due');
    if (!(due instanceof ICAL.Time)) return false;
    if (instantOf(due, filter.userZone) >= instantOf(filter.dueBefore, filter.userZone)) return false;
  }
  return true;
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
  if (fields.parentUid) await assertParentTask(account, target.calendarId, fields.parentUid);
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
  if (changes.parentUid === uid) throw new InvalidInputError('A task cannot be its own parent.');
  if (changes.parentUid) await assertParentTask(account, calendarId, changes.parentUid);
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

/** Subtasks live in their parent's calendar, as Nextcloud's Tasks app keeps them. */
async function assertParentTask(account: DavAccount, calendarId: string, parentUid: string): Promise<void> {
  try {
    await findCalendarObject(account, calendarId, parentUid, 'VTODO');
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    throw new NotFoundError(`There is no task ${parentUid} in calendar ${calendarId} to be the parent.`, {
      cause: error,
    });
  }
}
