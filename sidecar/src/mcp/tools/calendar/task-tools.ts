// Tools for tasks (VTODO): list, create, update, complete and delete one task.
import { z } from 'zod';
import {
  createTask,
  defaultTaskCalendarId,
  deleteTask,
  listTasks,
  updateTask,
} from '../../../platform/calendar/calendar-tasks.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { parseTimeInput } from '../../../platform/calendar/ical-time.js';
import type { TaskChanges } from '../../../platform/calendar/task-model.js';
import { defineTool } from '../../tool-definition.js';
import {
  calendarIdInput,
  etagInput,
  READ_ONLY,
  taskOutput,
  timeInput,
  toTaskOutput,
  uidInput,
} from './calendar-schemas.js';
import { pageOf } from './page-cursor.js';

const taskFields = {
  summary: z.string().trim().min(1).max(255),
  description: z.string().max(10_000).nullable().optional(),
  due: timeInput('due').nullable().optional(),
  start: timeInput('start').nullable().optional(),
  status: z.enum(['NEEDS-ACTION', 'IN-PROCESS', 'COMPLETED', 'CANCELLED']).optional(),
  priority: z.number().int().min(1).max(9).nullable().optional().describe('1 highest, 5 medium, 9 lowest'),
  percent_complete: z.number().int().min(0).max(100).nullable().optional(),
  categories: z.array(z.string().min(1).max(100)).max(20).optional(),
};

const WRITE = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

export const listTasksTool = defineTool({
  name: 'nc_calendar_list_tasks',
  app: 'calendar',
  title: 'List tasks',
  description:
    'Lists the tasks of the user, open ones first by due date. Completed and cancelled tasks only when include_completed is true. Pass next_cursor back as cursor for the next page.',
  input: z.object({
    calendars: z
      .array(calendarIdInput)
      .min(1)
      .max(20)
      .optional()
      .describe('Calendar ids, all task calendars by default'),
    include_completed: z.boolean().default(false),
    limit: z.number().int().min(1).max(200).default(50),
    cursor: z.string().max(200).optional(),
  }),
  output: z.object({ tasks: z.array(taskOutput), next_cursor: z.string().nullable() }),
  annotations: READ_ONLY,
  async run({ calendars, include_completed, limit, cursor }, { nextcloud }) {
    const tasks = await listTasks(await openDavAccount(nextcloud), {
      calendarIds: calendars,
      includeDone: include_completed,
    });
    const page = pageOf(tasks, limit, { calendars, include_completed }, cursor);
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
  description:
    'Creates a task with a new UID in the given calendar, or in the first calendar that holds tasks when none is given.',
  input: z.object({ calendar: calendarIdInput.optional(), ...taskFields }),
  output: taskOutput,
  annotations: WRITE,
  async run({ calendar, ...fields }, { nextcloud }) {
    const account = await openDavAccount(nextcloud);
    const calendarId = calendar ?? (await defaultTaskCalendarId(account));
    return toTaskOutput(await createTask(account, calendarId, { ...toTaskChanges(fields), summary: fields.summary }));
  },
  summarize: (task) => `Created task ${task.summary} (${task.uid}) in ${task.calendar}.`,
});

export const updateTaskTool = defineTool({
  name: 'nc_calendar_update_task',
  app: 'calendar',
  title: 'Update a task',
  description:
    'Changes the given fields of a task and keeps everything else, including properties other apps wrote. Pass the etag from the last read to avoid overwriting a newer version. null removes a field.',
  input: z.object({
    calendar: calendarIdInput,
    uid: uidInput,
    etag: etagInput.optional(),
    ...taskFields,
    summary: taskFields.summary.optional(),
  }),
  output: taskOutput,
  annotations: { ...WRITE, destructiveHint: true },
  async run({ calendar, uid, etag, ...fields }, { nextcloud }) {
    const account = await openDavAccount(nextcloud);
    return toTaskOutput(await updateTask(account, calendar, uid, toTaskChanges(fields), etag));
  },
  summarize: (task) => `Updated task ${task.summary} (${task.uid}), status ${task.status}.`,
});

export const completeTaskTool = defineTool({
  name: 'nc_calendar_complete_task',
  app: 'calendar',
  title: 'Complete a task',
  description: 'Marks a task as completed now (status COMPLETED, 100 percent), keeping all its other properties.',
  input: z.object({ calendar: calendarIdInput, uid: uidInput, etag: etagInput.optional() }),
  output: taskOutput,
  annotations: { ...WRITE, idempotentHint: true },
  async run({ calendar, uid, etag }, { nextcloud }) {
    const account = await openDavAccount(nextcloud);
    return toTaskOutput(await updateTask(account, calendar, uid, { status: 'COMPLETED' }, etag));
  },
  summarize: (task) => `Completed task ${task.summary} (${task.uid}).`,
});

export const deleteTaskTool = defineTool({
  name: 'nc_calendar_delete_task',
  app: 'calendar',
  title: 'Delete a task',
  description: 'Deletes a task. Nextcloud keeps it in the calendar trash bin for a while.',
  input: z.object({ calendar: calendarIdInput, uid: uidInput, etag: etagInput.optional() }),
  output: z.object({ deleted: z.boolean(), uid: z.string() }),
  annotations: { ...WRITE, destructiveHint: true, idempotentHint: true },
  async run({ calendar, uid, etag }, { nextcloud }) {
    await deleteTask(await openDavAccount(nextcloud), calendar, uid, etag);
    return { deleted: true, uid };
  },
  summarize: ({ uid }) => `Deleted task ${uid}.`,
});

export const TASK_TOOLS = [listTasksTool, createTaskTool, updateTaskTool, completeTaskTool, deleteTaskTool];

type TaskFieldsInput = { [K in keyof typeof taskFields]?: z.infer<(typeof taskFields)[K]> };

function toTaskChanges(fields: TaskFieldsInput): TaskChanges {
  const time = (value: string | null | undefined, field: string) =>
    value === undefined || value === null ? value : parseTimeInput(value, field);
  return {
    summary: fields.summary,
    description: fields.description,
    due: time(fields.due, 'due'),
    start: time(fields.start, 'start'),
    status: fields.status,
    priority: fields.priority,
    percentComplete: fields.percent_complete,
    categories: fields.categories,
  };
}
