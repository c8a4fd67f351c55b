// Tools for tasks (VTODO): list, create, update, complete and delete one task.
import type ICAL from 'ical.js';
import { z } from 'zod';
import {
  createTask,
  defaultTaskCalendarId,
  deleteTask,
  listTasks,
  updateTask,
} from '../../../platform/calendar/calendar-tasks.js';
import { parseTimeInput } from '../../../platform/calendar/ical-time.js';
import type { TaskChanges } from '../../../platform/calendar/task-model.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { defineTool } from '../../tool-definition.js';
import { openCalendarContext } from './calendar-context.js';
import {
  count,
  limitInput,
  calendarIdInput,
  deletedOutput,
  etagInput,
  segment,
  taskOutput,
  timeInput,
  toTaskOutput,
  toWrittenTaskOutput,
  writtenTaskOutput,
  words,
} from './calendar-schemas.js';
import { pageOf } from './page-cursor.js';
import {
  ADDITIVE,
  ADDITIVE_IDEMPOTENT,
  DESTRUCTIVE,
  DESTRUCTIVE_IDEMPOTENT,
  READ_ONLY,
  boundedText,
} from '../tool-shapes.js';

const taskIdInput = segment('task_id');
const taskFields = {
  summary: words(255),
  description: boundedText(10_000).optional(),
  due: timeInput.optional(),
  start: timeInput.optional(),
  priority: count(0, 9).optional().describe('1 highest, 9 lowest, 0 none'),
  categories: z.array(words(100)).optional(),
  parent_task_id: boundedText(255)
    .refine((s) => !/[/\\]/.test(s), 'parent_task_id is one path segment')
    .optional(),
};
const progressFields = {
  status: z.enum(['NEEDS-ACTION', 'IN-PROCESS', 'COMPLETED', 'CANCELLED']).optional(),
  percent_complete: count(0, 100).optional(),
};
const TIMES = 'Times: YYYY-MM-DD or ISO 8601, without offset in the user time zone.';

export const listTasksTool = defineTool({
  name: 'nc_calendar_list_tasks',
  app: 'calendar',
  title: 'List tasks',
  description: 'Lists tasks across task lists, open ones first by due date, done ones only with include_completed.',
  input: z.object({
    calendar_ids: z.array(calendarIdInput).optional(),
    include_completed: z.boolean().default(false),
    status: z.array(progressFields.status.unwrap()).optional(),
    due_before: timeInput.optional(),
    parent_task_id: segment('parent_task_id').optional(),
    limit: limitInput,
    cursor: boundedText(200).optional(),
  }),
  output: z.object({ tasks: z.array(taskOutput), next_cursor: z.string().nullable() }),
  annotations: READ_ONLY,
  async run({ calendar_ids, include_completed, status, due_before, parent_task_id, limit, cursor }, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    const tasks = await listTasks(account, {
      calendarIds: calendar_ids,
      includeDone: include_completed,
      statuses: status,
      dueBefore: due_before ? parseTimeInput(due_before, 'due_before', userTimeZone.zone) : undefined,
      parentUid: parent_task_id,
      userZone: userTimeZone.zone,
    });
    const filters = { calendar_ids, include_completed, status, due_before, parent_task_id };
    const page = pageOf(tasks, limit, filters, cursor);
    return { tasks: page.items.map(toTaskOutput), next_cursor: page.nextCursor };
  },
  summarize: ({ tasks, next_cursor }) =>
    tasks.length === 0
      ? 'No tasks.'
      : `${tasks.length} tasks${next_cursor ? ' (more on the next page)' : ''}: ${tasks
          .slice(0, 10)
          .map((t) => `${t.summary}${t.due ? ` (due ${t.due})` : ''}`)
          .join(', ')}${tasks.length > 10 ? ' ...' : '.'}`,
});

export const createTaskTool = defineTool({
  name: 'nc_calendar_create_task',
  app: 'calendar',
  title: 'Create a task',
  description: `Creates a task, by default in the first calendar holding tasks. ${TIMES}`,
  input: z.object({ calendar_id: calendarIdInput.optional(), ...taskFields }),
  output: writtenTaskOutput,
  annotations: ADDITIVE,
  async run({ calendar_id, ...fields }, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    const calendarId = calendar_id ?? (await defaultTaskCalendarId(account));
    const changes = toTaskChanges(fields, userTimeZone.zone);
    const task = await createTask(
      account,
      { calendarId, userZone: userTimeZone.zone },
      { ...changes, summary: fields.summary },
    );
    return toWrittenTaskOutput(task);
  },
  summarize: (task) => `Created task ${task.summary} (${task.id}) in ${task.calendar_id}.`,
});

export const updateTaskTool = defineTool({
  name: 'nc_calendar_update_task',
  app: 'calendar',
  title: 'Update a task',
  description: `Changes the given fields of a task. "" removes a boundedText or time. ${TIMES}`,
  input: z.object({
    calendar_id: calendarIdInput,
    task_id: taskIdInput,
    etag: etagInput.optional(),
    ...taskFields,
    ...progressFields,
    summary: taskFields.summary.optional(),
  }),
  output: writtenTaskOutput,
  annotations: DESTRUCTIVE,
  async run({ calendar_id, task_id, etag, ...fields }, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    const ref = { calendarId: calendar_id, uid: task_id, userZone: userTimeZone.zone, etag };
    return toWrittenTaskOutput(await updateTask(account, ref, toTaskChanges(fields, userTimeZone.zone)));
  },
  summarize: (task) => `Updated task ${task.summary} (${task.id}), status ${task.status}.`,
});

export const completeTaskTool = defineTool({
  name: 'nc_calendar_complete_task',
  app: 'calendar',
  title: 'Complete a task',
  description: 'Marks a task completed now (100 percent), keeping all else.',
  input: z.object({ calendar_id: calendarIdInput, task_id: taskIdInput, etag: etagInput.optional() }),
  output: writtenTaskOutput,
  annotations: ADDITIVE_IDEMPOTENT,
  async run({ calendar_id, task_id, etag }, { nextcloud }) {
    const { account, userTimeZone } = await openCalendarContext(nextcloud);
    const ref = { calendarId: calendar_id, uid: task_id, userZone: userTimeZone.zone, etag };
    return toWrittenTaskOutput(await updateTask(account, ref, { status: 'COMPLETED' }));
  },
  summarize: (task) => `Completed task ${task.summary} (${task.id}).`,
});

export const deleteTaskTool = defineTool({
  name: 'nc_calendar_delete_task',
  app: 'calendar',
  title: 'Delete a task',
  description: 'Deletes a task (into the calendar trash bin).',
  input: z.object({ calendar_id: calendarIdInput, task_id: taskIdInput, etag: etagInput.optional() }),
  output: deletedOutput,
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ calendar_id, task_id, etag }, { nextcloud }) {
    await deleteTask(await openDavAccount(nextcloud), calendar_id, task_id, etag);
    return { id: task_id };
  },
  summarize: ({ id }) => `Deleted task ${id}.`,
});

export const TASK_TOOLS = [listTasksTool, createTaskTool, updateTaskTool, completeTaskTool, deleteTaskTool];

type TaskFieldsInput = { [K in keyof typeof taskFields]?: z.infer<(typeof taskFields)[K]> } & {
  [K in keyof typeof progressFields]?: z.infer<(typeof progressFields)[K]>;
};

function toTaskChanges(fields: TaskFieldsInput, zone: ICAL.Timezone): TaskChanges {
  const time = (value: string | undefined, field: string) =>
    value === undefined ? undefined : value === '' ? null : parseTimeInput(value, field, zone);
  return {
    summary: fields.summary,
    description: fields.description,
    due: time(fields.due, 'due'),
    start: time(fields.start, 'start'),
    status: fields.status,
    priority: fields.priority === 0 ? null : fields.priority,
    percentComplete: fields.percent_complete,
    categories: fields.categories,
    parentUid: fields.parent_task_id === '' ? null : fields.parent_task_id,
  };
}
