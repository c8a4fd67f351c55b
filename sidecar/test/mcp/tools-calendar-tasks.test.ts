// The task tools end to end, starting from a new account whose personal calendar takes only events and whose Deck
// board shows as a VTODO calendar that is not the user's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavApp } from '../../../test/platform/apps/dav.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD } from '../support/sidecar.js';

interface Task {
  id: string;
  calendar_id: string;
  etag: string;
  summary: string;
  status: string;
  priority?: number;
  due?: string;
  completed?: string;
}

let radicale: RunningRadicale;
let harness: ToolHarness;

beforeAll(async () => {
  radicale = await startRadicale();
  harness = await startToolHarness({
    users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }],
    apps: [createDavApp(radicale, { deckBoards: () => [{ id: 3, title: 'Welcome to Nextcloud Deck!' }] })],
  });
});
afterAll(async () => {
  await harness.close();
  await radicale.stop();
});

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const listTasks = async (args: Record<string, unknown> = {}) =>
  data<{ tasks: Task[] }>(await call('nc_calendar_list_tasks', args)).tasks;

describe('task tools on a new account', () => {
  it('says how to get a task calendar when none holds tasks (personal takes only events)', async () => {
    const result = await call('nc_calendar_create_task', { summary: 'Write report' });

    expect(errorText(result)).toMatch(/nc_calendar_create_calendar.*VTODO/);
  });

  it('explains that personal holds only events when a task is created there', async () => {
    const result = await call('nc_calendar_create_task', { calendar_id: 'personal', summary: 'Write report' });

    expect(errorText(result)).toMatch(/personal\W+ holds only events.*nc_calendar_create_calendar/);
  });

  it('creates tasks in the first task calendar once the user made one', async () => {
    data(await call('nc_calendar_create_calendar', { display_name: 'Tasks', components: ['VTODO'] }));

    const created = data<Task>(await call('nc_calendar_create_task', { summary: 'Write report', due: '2025-07-01' }));

    expect(created).toMatchObject({ calendar_id: 'tasks', summary: 'Write report', status: 'NEEDS-ACTION' });
  });

  it('lists, updates, completes and deletes a task', async () => {
    const created = data<Task>(
      await call('nc_calendar_create_task', { summary: 'File taxes', due: '2025-07-01', priority: 5 }),
    );
    const ref = { calendar_id: created.calendar_id, task_id: created.id };
    data(await call('nc_calendar_update_task', { ...ref, priority: 1 }));
    const openBefore = await listTasks();

    const completed = data<Task>(await call('nc_calendar_complete_task', ref));

    const openAfter = await listTasks();
    const all = await listTasks({ include_completed: true });
    const deleted = await call('nc_calendar_delete_task', ref);
    const afterDelete = await listTasks({ include_completed: true });
    expect(openBefore.find((t) => t.id === created.id)).toMatchObject({ priority: 1, due: '2025-07-01' });
    expect(completed.status).toBe('COMPLETED');
    expect(openAfter.map((t) => t.id)).not.toContain(created.id);
    expect(all.find((t) => t.id === created.id)?.completed).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(deleted.isError).toBeFalsy();
    expect(afterDelete.map((t) => t.id)).not.toContain(created.id);
  });

  it('reads a due date-time without offset in the user time zone and removes it with ""', async () => {
    const created = data<Task>(
      await call('nc_calendar_create_task', { summary: 'Call back', due: '2025-07-01T17:00' }),
    );
    const ref = { calendar_id: created.calendar_id, task_id: created.id };
    const before = (await listTasks()).find((t) => t.id === created.id);

    data(await call('nc_calendar_update_task', { ...ref, due: '' }));

    expect(before?.due).toBe('2025-07-01T17:00:00Z');
    expect((await listTasks()).find((t) => t.id === created.id)?.due).toBeUndefined();
  });
});

describe('task filters and subtasks', () => {
  const lists = ['list-a', 'list-b'];
  const create = async (args: Record<string, unknown>) =>
    data<Task>(await call('nc_calendar_create_task', { calendar_id: 'list-a', ...args }));

  it('lists tasks due before a time across task lists, soonest first, with their priority', async () => {
    for (const id of lists) {
      await call('nc_calendar_create_calendar', { display_name: id, calendar_id: id, components: ['VTODO'] });
    }
    await create({ summary: 'Pay rent', due: '2027-02-01', priority: 1 });
    await create({ calendar_id: 'list-b', summary: 'File taxes', due: '2027-01-15' });
    await create({ summary: 'Someday', due: '2027-12-01' });

    const tasks = await listTasks({ calendar_ids: lists, due_before: '2027-03-01' });

    expect(tasks.map((t) => [t.summary, t.calendar_id, t.priority])).toEqual([
      ['File taxes', 'list-b', undefined],
      ['Pay rent', 'list-a', 1],
    ]);
  });

  it('lists only the tasks with the given statuses', async () => {
    const started = await create({ summary: 'Started' });
    await call('nc_calendar_update_task', { calendar_id: 'list-a', task_id: started.id, status: 'IN-PROCESS' });

    const tasks = await listTasks({ calendar_ids: lists, status: ['IN-PROCESS'] });

    expect(tasks.map((t) => t.summary)).toEqual(['Started']);
  });

  it('makes a subtask with RELATED-TO and lists the subtasks of a parent', async () => {
    const parent = await create({ summary: 'Move house' });
    await create({ summary: 'Book van', parent_task_id: parent.id });

    const tasks = await listTasks({ calendar_ids: lists, parent_task_id: parent.id });

    expect(tasks.map((t) => [t.summary, (t as Task & { parent_task_id?: string }).parent_task_id])).toEqual([
      ['Book van', parent.id],
    ]);
  });

  it('refuses a parent that is not a task of the same calendar, creating nothing', async () => {
    const result = await call('nc_calendar_create_task', {
      calendar_id: 'list-b',
      summary: 'Orphan',
      parent_task_id: 'no-such-task',
    });

    expect(errorText(result)).toMatch(/no task no-such-task in calendar list-b/);
    expect((await listTasks({ calendar_ids: ['list-b'] })).map((t) => t.summary)).not.toContain('Orphan');
  });
});
