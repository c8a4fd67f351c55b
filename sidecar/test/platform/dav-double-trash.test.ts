// The platform double's calendar trash bin and deleted calendars, one test per fact of docs/nextcloud-behaviour.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDARS,
  calendarQuery,
  hrefs,
  ics,
  responseOf,
  startDavDouble,
  type DavDouble,
} from './dav-double-client.js';

let double: DavDouble;
beforeAll(async () => {
  double = await startDavDouble();
});
afterAll(() => double.close());

const TRASH = `${CALENDARS}trashbin/`;
const deleteObject = (path: string, headers: Record<string, string> = {}) =>
  double.request(path, { method: 'DELETE', headers });
const listTrash = () => double.report(`${TRASH}objects/`, calendarQuery(''));
async function trashEntryOf(uid: string): Promise<string> {
  const body = await (await listTrash()).text();
  const responses = body.split(/<\/d:response>/).filter((r) => r.includes(`UID:${uid}`));
  return hrefs(responses[0] ?? '')[0] ?? '/missing';
}
async function trashed(uid: string): Promise<string> {
  await double.put(`${CALENDARS}personal/${uid}.ics`, ics(uid));
  await deleteObject(`${CALENDARS}personal/${uid}.ics`);
  return trashEntryOf(uid);
}

describe('calendar trash bin of the platform double', () => {
  it('keeps a deleted object in the trash bin, refusing its UID with 500 (same or new name) until purged', async () => {
    const entry = await trashed('trashed-1');

    const sameName = await double.put(`${CALENDARS}personal/trashed-1.ics`, ics('trashed-1'));
    const newName = await double.put(`${CALENDARS}personal/other-name.ics`, ics('trashed-1'));
    const purged = await deleteObject(entry);
    const accepted = await double.put(`${CALENDARS}personal/other-name.ics`, ics('trashed-1'));

    expect(sameName.status).toBe(500);
    expect(newName.status).toBe(500);
    expect(purged.status).toBe(204);
    expect(accepted.status).toBe(201);
  });

  it('lists the trash with a calendar-query REPORT: {objectId}.ics with deleted-at, calendar-uri and calendar-data', async () => {
    await trashed('listed-1');

    const response = await listTrash();

    const body = await response.text();
    const entry = await trashEntryOf('listed-1');
    expect(response.status).toBe(207);
    expect(entry).toMatch(/^\/remote\.php\/dav\/calendars\/alice\/trashbin\/objects\/\d+\.ics$/);
    expect(responseOf(body, entry)).toMatch(
      /<nc:deleted-at xmlns:nc="http:\/\/nextcloud.com\/ns">\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00<\/nc:deleted-at>/,
    );
    expect(body).toContain('personal</nc:calendar-uri>');
    expect(body).toContain('UID:listed-1');
  });

  it('gives a trash entry the ETag the object had as its getetag', async () => {
    const stored = await double.put(`${CALENDARS}personal/etag-kept-1.ics`, ics('etag-kept-1'));
    await deleteObject(`${CALENDARS}personal/etag-kept-1.ics`);

    const body = await (await listTrash()).text();

    const entry = await trashEntryOf('etag-kept-1');
    expect(responseOf(body, entry)).toContain(`<d:getetag>${stored.headers.get('etag') ?? 'none'}</d:getetag>`);
  });

  it('answers 501 to PROPFIND Depth 1 on trashbin/objects/', async () => {
    const response = await double.propfind(`${TRASH}objects/`, '1');

    expect(response.status).toBe(501);
  });

  it('purges a trash entry with DELETE (204), a second DELETE answers 404', async () => {
    const entry = await trashed('purged-1');

    const first = await deleteObject(entry);
    const second = await deleteObject(entry);

    expect(first.status).toBe(204);
    expect(second.status).toBe(404);
  });

  it('restores a trash entry with a MOVE into trashbin/restore/ (201)', async () => {
    const entry = await trashed('restored-1');
    const name = entry.split('/').pop() ?? '';

    const response = await double.request(entry, {
      method: 'MOVE',
      headers: { destination: `${double.nextcloud.url}${TRASH}restore/${name}` },
    });

    expect(response.status).toBe(201);
    expect((await double.request(`${CALENDARS}personal/restored-1.ics`, { method: 'GET' })).status).toBe(200);
  });

  it('reports a retention of 2592000 s (30 days) on trashbin/', async () => {
    const response = await double.request(TRASH, {
      method: 'PROPFIND',
      headers: { depth: '0' },
      body: '<d:propfind xmlns:d="DAV:" xmlns:nc="http://nextcloud.com/ns"><d:prop><nc:trash-bin-retention-duration/></d:prop></d:propfind>',
    });

    expect(await response.text()).toContain('>2592000</nc:trash-bin-retention-duration>');
  });

  it('does not bypass the trash for single objects with X-NC-CalDAV-No-Trashbin', async () => {
    await double.put(`${CALENDARS}personal/header-1.ics`, ics('header-1'));

    await deleteObject(`${CALENDARS}personal/header-1.ics`, { 'x-nc-caldav-no-trashbin': '1' });

    expect(await trashEntryOf('header-1')).toMatch(/\.ics$/);
  });
});

describe('deleted calendars in the platform double', () => {
  it('keeps a deleted calendar listed as nc:deleted-calendar with deleted-at and its name taken (405)', async () => {
    await double.request(`${CALENDARS}old/`, { method: 'MKCALENDAR' });

    const deleted = await deleteObject(`${CALENDARS}old/`);

    const listing = (await (await double.propfind(CALENDARS)).text()).split(/<\/d:response>|<\/response>/);
    const old = listing.find((response) => response.includes(`${CALENDARS}old/`)) ?? '';
    expect(deleted.status).toBe(204);
    expect(old).toContain('deleted-calendar');
    expect(old).toMatch(/deleted-at[^>]*>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00</);
    expect(old).not.toMatch(/<(?:\w+:)?calendar\s*\/>/);
    expect((await double.request(`${CALENDARS}old/`, { method: 'MKCALENDAR' })).status).toBe(405);
  });

  it('purges a deleted calendar with X-NC-CalDAV-No-Trashbin: 1 (204), freeing its name', async () => {
    await double.request(`${CALENDARS}older/`, { method: 'MKCALENDAR' });
    await deleteObject(`${CALENDARS}older/`);

    const purged = await deleteObject(`${CALENDARS}older/`, { 'x-nc-caldav-no-trashbin': '1' });

    expect(purged.status).toBe(204);
    expect(hrefs(await (await double.propfind(CALENDARS)).text())).not.toContain(`${CALENDARS}older/`);
    expect((await double.request(`${CALENDARS}older/`, { method: 'MKCALENDAR' })).status).toBe(201);
  });
});
