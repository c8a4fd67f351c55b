// Renaming and deleting calendars, finding events by text and changing one occurrence of a series, end to end:
// SDK client → sidecar → platform double → Radicale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavApp } from '../../../test/platform/apps/dav.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD } from '../support/sidecar.js';

interface Occurrence {
  id: string;
  summary: string;
  start: string;
  recurrence_id?: string;
}

let radicale: RunningRadicale;
let harness: ToolHarness;

beforeAll(async () => {
  radicale = await startRadicale();
  harness = await startToolHarness({
    users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }],
    apps: [createDavApp(radicale)],
  });
});
afterAll(async () => {
  await harness.close();
  await radicale.stop();
});

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const calendarIds = async () =>
  data<{ calendars: { id: string; display_name: string }[] }>(await call('nc_calendar_list_calendars')).calendars;
const listEvents = async (args: Record<string, unknown>) =>
  data<{ events: Occurrence[] }>(await call('nc_calendar_list_events', args)).events;

describe('calendars', () => {
  it('renames a calendar', async () => {
    await call('nc_calendar_create_calendar', { display_name: 'Old name', calendar_id: 'renamed' });

    const result = await call('nc_calendar_update_calendar', { calendar_id: 'renamed', display_name: 'New name' });

    expect(data<{ display_name: string }>(result).display_name).toBe('New name');
    expect(await calendarIds()).toContainEqual(expect.objectContaining({ id: 'renamed', display_name: 'New name' }));
  });

  it('deletes a calendar into the trash bin, where its id stays taken until purged', async () => {
    await call('nc_calendar_create_calendar', { display_name: 'Gone', calendar_id: 'gone' });

    const result = await call('nc_calendar_delete_calendar', { calendar_id: 'gone' });

    expect(data<{ id: string }>(result).id).toBe('gone');
    expect((await calendarIds()).map((c) => c.id)).not.toContain('gone');
    const again = await call('nc_calendar_create_calendar', { display_name: 'Gone', calendar_id: 'gone' });
    expect(errorText(again)).toMatch(/trash bin/);
  });

  it('purges a calendar so that its id is free again', async () => {
    await call('nc_calendar_create_calendar', { display_name: 'Purged', calendar_id: 'purged' });

    await call('nc_calendar_delete_calendar', { calendar_id: 'purged', purge: true });

    const again = await call('nc_calendar_create_calendar', { display_name: 'Purged', calendar_id: 'purged' });
    expect(again.isError).toBeFalsy();
  });

  it('refuses to delete a system collection or an unknown calendar', async () => {
    expect(errorText(await call('nc_calendar_delete_calendar', { calendar_id: 'inbox' }))).toMatch(/no calendar/);
    expect(errorText(await call('nc_calendar_delete_calendar', { calendar_id: 'nope' }))).toMatch(/no calendar/);
  });
});

describe('events', () => {
  it('finds events whose summary contains the query, ignoring case', async () => {
    await call('nc_calendar_create_event', { summary: 'Dentist appointment', start: '2027-04-01T08:00:00Z' });
    await call('nc_calendar_create_event', { summary: 'Team sync', start: '2027-04-01T10:00:00Z' });

    const events = await listEvents({ start: '2027-04-01', end: '2027-04-02', query: 'DENTIST' });

    expect(events.map((e) => e.summary)).toEqual(['Dentist appointment']);
  });

  it('changes one occurrence of a weekly event and leaves the others', async () => {
    const created = data<{ id: string }>(
      await call('nc_calendar_create_event', {
        summary: 'Standup',
        start: '2027-05-03T09:00:00Z',
        rrule: 'FREQ=WEEKLY;COUNT=3',
      }),
    );
    const [, second] = await listEvents({ start: '2027-05-01', end: '2027-05-31', query: 'standup' });

    const result = await call('nc_calendar_update_event', {
      calendar_id: 'personal',
      event_id: created.id,
      recurrence_id: second!.recurrence_id,
      summary: 'Standup (moved)',
      start: '2027-05-10T11:00:00Z',
    });

    expect(result.isError).toBeFalsy();
    const events = await listEvents({ start: '2027-05-01', end: '2027-05-31', query: 'standup' });
    expect(events.map((e) => [e.summary, e.start, e.recurrence_id])).toEqual([
      ['Standup', '2027-05-03T09:00:00Z', '2027-05-03T09:00:00Z'],
      ['Standup (moved)', '2027-05-10T11:00:00Z', '2027-05-10T09:00:00Z'],
      ['Standup', '2027-05-17T09:00:00Z', '2027-05-17T09:00:00Z'],
    ]);
  });

  it('refuses a recurrence_id that is not an occurrence of the event', async () => {
    const created = data<{ id: string }>(
      await call('nc_calendar_create_event', {
        summary: 'Weekly',
        start: '2027-06-07T09:00:00Z',
        rrule: 'FREQ=WEEKLY',
      }),
    );

    const result = await call('nc_calendar_update_event', {
      calendar_id: 'personal',
      event_id: created.id,
      recurrence_id: '2027-06-08T09:00:00Z',
      summary: 'Nope',
    });

    expect(errorText(result)).toMatch(/not an occurrence/);
  });
});
