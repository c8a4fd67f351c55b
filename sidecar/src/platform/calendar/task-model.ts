// A task (VTODO) as the tools see it: the fields read from a component, and changes applied to it in place so
// that every property the tools do not know stays as it was.
import ICAL from 'ical.js';
import { InvalidInputError } from '../../errors.js';
import { setTimeProperty } from './event-model.js';
import { readCategories, setTextProperty, textProperty, writeCategories } from './ical-document.js';
import { formatTime, nowUtc } from './ical-time.js';

export type TaskStatus = 'NEEDS-ACTION' | 'IN-PROCESS' | 'COMPLETED' | 'CANCELLED';

export interface TaskDetails {
  uid: string;
  summary: string;
  description?: string;
  status: string;
  due?: string;
  start?: string;
  completed?: string;
  percentComplete?: number;
  /** 1 (highest) to 9 (lowest); undefined when unset (0). */
  priority?: number;
  categories: string[];
  /** The UID of the parent task, for subtasks. */
  parentUid?: string;
}

export interface TaskChanges {
  summary?: string;
  description?: string | null;
  due?: ICAL.Time | null;
  start?: ICAL.Time | null;
  status?: TaskStatus;
  priority?: number | null;
  percentComplete?: number | null;
  categories?: string[];
  /** The parent task's UID (RELATED-TO, whose default RELTYPE is PARENT); null makes it a top-level task. */
  parentUid?: string | null;
}

/** Reads a task; times show in their own zone, floating ones in `userZone`. */
export function readTask(component: ICAL.Component, userZone: ICAL.Timezone): TaskDetails {
  const time = (name: string) => {
    const value = component.getFirstPropertyValue(name);
    return value instanceof ICAL.Time ? formatTime(value, undefined, userZone) : undefined;
  };
  const priority = Number(component.getFirstPropertyValue('priority') ?? 0);
  const percent = component.getFirstPropertyValue('percent-complete');
  return {
    uid: String(component.getFirstPropertyValue('uid') ?? ''),
    summary: textProperty(component, 'summary') ?? '',
    description: textProperty(component, 'description'),
    status: textProperty(component, 'status') ?? 'NEEDS-ACTION',
    due: time('due'),
    start: time('dtstart'),
    completed: time('completed'),
    percentComplete: percent === null || percent === undefined ? undefined : Number(percent),
    priority: priority >= 1 && priority <= 9 ? priority : undefined,
    categories: readCategories(component),
    parentUid: textProperty(component, 'related-to'),
  };
}

export function isTaskDone(task: TaskDetails): boolean {
  return task.status === 'COMPLETED' || task.status === 'CANCELLED';
}

export function applyTaskChanges(component: ICAL.Component, changes: TaskChanges): void {
  if (changes.summary !== undefined) setTextProperty(component, 'summary', changes.summary);
  if (changes.description !== undefined) setTextProperty(component, 'description', changes.description);
  if (changes.categories !== undefined) writeCategories(component, changes.categories);
  if (changes.start !== undefined) setTime(component, 'dtstart', changes.start);
  if (changes.due !== undefined) setTime(component, 'due', changes.due);
  if (changes.priority !== undefined) setNumber(component, 'priority', changes.priority);
  if (changes.percentComplete !== undefined) setNumber(component, 'percent-complete', changes.percentComplete);
  if (changes.status !== undefined) applyStatus(component, changes.status);
  if (changes.parentUid !== undefined) setTextProperty(component, 'related-to', changes.parentUid);
  assertStartBeforeDue(component);
}

/** Status COMPLETED with the completion time and 100 percent, as Nextcloud's Tasks app writes it. */
function applyStatus(component: ICAL.Component, status: TaskStatus): void {
  component.updatePropertyWithValue('status', status);
  if (status === 'COMPLETED') {
    if (!component.hasProperty('completed')) component.updatePropertyWithValue('completed', nowUtc());
    component.updatePropertyWithValue('percent-complete', 100);
  } else {
    component.removeAllProperties('completed');
    if (Number(component.getFirstPropertyValue('percent-complete')) === 100) {
      component.removeAllProperties('percent-complete');
    }
  }
}

function setTime(component: ICAL.Component, name: string, value: ICAL.Time | null): void {
  if (value === null) component.removeAllProperties(name);
  else setTimeProperty(component, name, value);
}

function setNumber(component: ICAL.Component, name: string, value: number | null): void {
  if (value === null) component.removeAllProperties(name);
  else component.updatePropertyWithValue(name, value);
}

function assertStartBeforeDue(component: ICAL.Component): void {
  const start = component.getFirstPropertyValue('dtstart');
  const due = component.getFirstPropertyValue('due');
  if (start instanceof ICAL.Time && due instanceof ICAL.Time && due.compare(start) < 0) {
    throw new InvalidInputError('due must not be before start.');
  }
}
