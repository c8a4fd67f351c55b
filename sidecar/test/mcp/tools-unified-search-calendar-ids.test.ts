// nc_search_query's event and task hits carry the UIDs the calendar tools take: the calendar search links an object
// by its file name, so the sidecar reads each linked object (platform double → Radicale) and takes its UID.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavApp } from '../../../test/platform/apps/dav.js';
import { createUnifiedSearchDouble } from '../../../test/platform/apps/unified-search.js';
import { eventsProvider, tasksProvider } from '../../../test/platform/apps/unified-search/app-providers.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import { startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';

type Hit = { provider_id: string; title: string; ids: Record<string, string | number>; ids_missing?: string };

const base = { serverUrl: 'https://cloud.example.org/nc' };
const EVENT_UID = '8f2c-4d@phone.example.org';
const TASK_UID = 'task-uid-9';

let radicale: RunningRadicale;
let harness: ToolHarness;

beforeAll(async () => {
  radicale = await startRadicale();
  const search = createUnifiedSearchDouble({
    providers: [
      eventsProvider(base, [
        { userId: 'alice', calendarId: 'personal', objectName: 'from-phone-77.ics', summary: 'Budget review' },
        { userId: 'alice', calendarId: 'personal', objectName: 'gone.ics', summary: 'Budget leftovers' },
        { userId: 'bob', calendarId: 'personal', objectName: 'bobs.ics', summary: 'Budget of bob' },
      ]),
      tasksProvider(base, [{ userId: 'alice', calendarId: 'todo', objectName: 'a1.ics', summary: 'Budget draft' }]),
    ],
  });
  harness = await startToolHarness({
    users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }],
    apps: [createDavApp(radicale), search],
  });
  await davRequest('/remote.php/dav/calendars/alice/todo/', { method: 'MKCALENDAR' });
  await putIcs('personal', 'from-phone-77.ics', [
    'BEGIN:VEVENT',
    `UID:${EVENT_UID}`,
    'DTSTAMP:20270101T000000Z',
    'DTSTART:20270310T090000Z',
    'DTEND:20270310T100000Z',
    'SUMMARY:Budget review',
    'END:VEVENT',
  ]);
  await putIcs('todo', 'a1.ics', [
    'BEGIN:VTODO',
    `UID:${TASK_UID}`,
    'DTSTAMP:20270101T000000Z',
    'SUMMARY:Budget draft',
    'END:VTODO',
  ]);
});
afterAll(async () => {
  await harness.close();
  await radicale.stop();
});

const davRequest = (path: string, init: { method: string; body?: string; headers?: Record<string, string> }) =>
  fetch(`${harness.nextcloud.url}${path}`, {
    ...init,
    headers: { authorization: basicAuth('alice', APP_PASSWORD), ...init.headers },
  });
const putIcs = async (calendarId: string, fileName: string, lines: string[]) => {
  const body = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR', ''].join('\r\n');
  const response = await davRequest(`/remote.php/dav/calendars/alice/${calendarId}/${fileName}`, {
    method: 'PUT',
    body,
    headers: { 'content-type': 'text/calendar' },
  });
  expect(response.status).toBe(201);
};
const search = async (providerIds: string[]) =>
  structured<{ results: Hit[] }>(await harness.call('nc_search_query', { query: 'budget', provider_ids: providerIds }))
    .results;

describe('nc_search_query ids of events and tasks', () => {
  it('gives an event hit the UID of the object it links to, which nc_calendar_get_event takes', async () => {
    const [hit] = await search(['calendar']);

    expect(hit).toMatchObject({ ids: { calendar_id: 'personal', event_id: EVENT_UID } });
    expect(hit?.ids_missing).toBeUndefined();
    const event = structured<{ summary: string }>(await harness.call('nc_calendar_get_event', hit!.ids));
    expect(event.summary).toBe('Budget review');
  });

  it('gives a task hit its calendar and UID', async () => {
    const hits = await search(['tasks']);

    expect(hits.map((hit) => [hit.ids, hit.ids_missing])).toEqual([
      [{ calendar_id: 'todo', task_id: TASK_UID }, undefined],
    ]);
  });

  it('says why an event hit has no UID when its object is gone or in another user’s calendar home', async () => {
    const hits = await search(['calendar']);

    expect(hits.slice(1).map((hit) => [hit.title, hit.ids, hit.ids_missing])).toEqual([
      [
        'Budget leftovers',
        { calendar_id: 'personal' },
        'event_id could not be read (it no longer exists): nc_calendar_list_events with calendar_ids finds it',
      ],
      ['Budget of bob', {}, 'the link names another user’s calendar, which no tool of ours reads'],
    ]);
  });
});
