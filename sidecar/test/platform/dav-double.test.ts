// The platform double's CalDAV/CardDAV: Nextcloud's paths and quirks over a real Radicale.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavApp } from '../../../test/platform/apps/dav.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';

const BOB_PASSWORD = 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB';
let radicale: RunningRadicale;
let nextcloud: PlatformDouble;

beforeAll(async () => {
  radicale = await startRadicale();
  nextcloud = await startPlatformDouble({
    users: [
      { id: 'alice', loginName: 'alice@example.com', appPasswords: [APP_PASSWORD] },
      { id: 'bob', appPasswords: [BOB_PASSWORD] },
    ],
    apps: [createDavApp(radicale)],
  });
});
afterAll(async () => {
  await nextcloud.close();
  await radicale.stop();
});

const ALICE = basicAuth('alice@example.com', APP_PASSWORD);
const CALENDARS = '/remote.php/dav/calendars/alice/';
const PROPFIND_BODY =
  '<?xml version="1.0"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:displayname/><d:getetag/></d:prop></d:propfind>';

function dav(path: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
  return fetch(`${nextcloud.url}${path}`, {
    method: init.method,
    headers: { authorization: ALICE, ...init.headers },
    body: init.body,
    redirect: 'manual',
  });
}

const propfind = (path: string, depth = '1') =>
  dav(path, { method: 'PROPFIND', headers: { depth, 'content-type': 'application/xml' }, body: PROPFIND_BODY });

function event(uid: string, summary = 'Standup'): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20250101T000000Z',
    'DTSTART:20250106T090000Z',
    'DTEND:20250106T093000Z',
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

const putEvent = (path: string, ics: string) =>
  dav(path, { method: 'PUT', headers: { 'content-type': 'text/calendar; charset=utf-8' }, body: ics });

const hrefs = (xml: string) => [...xml.matchAll(/<(?:[\w-]+:)?href>([^<]*)</g)].map((m) => m[1] ?? '');

describe('DAV app of the platform double', () => {
  it('answers 401 with a Basic challenge without credentials', async () => {
    const response = await fetch(`${nextcloud.url}${CALENDARS}`, { method: 'PROPFIND' });

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it("answers 404 for another user's calendar home", async () => {
    const response = await propfind('/remote.php/dav/calendars/bob/');

    expect(response.status).toBe(404);
  });

  it('lists the personal calendar and the system collections in the calendar home, by user id', async () => {
    const response = await propfind(CALENDARS);

    const body = await response.text();
    expect(response.status).toBe(207);
    expect(hrefs(body).sort()).toEqual(
      [
        CALENDARS,
        `${CALENDARS}contact_birthdays/`,
        `${CALENDARS}inbox/`,
        `${CALENDARS}outbox/`,
        `${CALENDARS}personal/`,
        `${CALENDARS}trashbin/`,
      ].sort(),
    );
    expect(body).not.toContain('addressbook--');
  });

  it('lists the contacts address book and the system address book in the address home', async () => {
    const home = '/remote.php/dav/addressbooks/users/alice/';

    const response = await propfind(home);

    expect(hrefs(await response.text()).sort()).toEqual(
      [home, `${home}contacts/`, `${home}z-server-generated--system/`].sort(),
    );
  });

  it('stores a calendar object under its Nextcloud path and reports it with Nextcloud hrefs', async () => {
    const path = `${CALENDARS}personal/stored-1.ics`;
    const created = await putEvent(path, event('stored-1'));

    const listing = await propfind(`${CALENDARS}personal/`);
    const read = await dav(path, { method: 'GET' });

    expect(created.status).toBe(201);
    expect(created.headers.get('etag')).toMatch(/^"/);
    expect(hrefs(await listing.text())).toContain(path);
    expect(await read.text()).toContain('UID:stored-1');
  });

  it('moves a deleted object to the trash bin and refuses its UID with 500 until the entry is deleted', async () => {
    const path = `${CALENDARS}personal/trashed-1.ics`;
    await putEvent(path, event('trashed-1'));
    const deleted = await dav(path, { method: 'DELETE' });
    const trash = await propfind(`${CALENDARS}trashbin/objects/`);
    const trashBody = await trash.text();
    const entry = hrefs(trashBody).find((href) => href.endsWith('.ics'));

    const refused = await putEvent(`${CALENDARS}personal/other-name.ics`, event('trashed-1'));
    const purged = await dav(entry ?? '/missing', { method: 'DELETE' });
    const accepted = await putEvent(`${CALENDARS}personal/other-name.ics`, event('trashed-1'));

    expect(deleted.status).toBe(204);
    expect(trashBody).toContain('UID:trashed-1');
    expect(refused.status).toBe(500);
    expect(purged.status).toBe(204);
    expect(accepted.status).toBe(201);
  });

  it('rewrites the Destination of a MOVE to the backend', async () => {
    const source = `${CALENDARS}personal/moving-1.ics`;
    await putEvent(source, event('moving-1'));

    const moved = await dav(source, {
      method: 'MOVE',
      headers: { destination: `${nextcloud.url}${CALENDARS}personal/moved-1.ics` },
    });

    const read = await dav(`${CALENDARS}personal/moved-1.ics`, { method: 'GET' });
    expect(moved.status).toBe(201);
    expect(read.status).toBe(200);
  });

  it('redirects /.well-known/caldav and /.well-known/carddav to /remote.php/dav/', async () => {
    const caldav = await fetch(`${nextcloud.url}/.well-known/caldav`, { redirect: 'manual' });
    const carddav = await fetch(`${nextcloud.url}/.well-known/carddav`, { redirect: 'manual' });

    expect(caldav.status).toBe(301);
    expect(caldav.headers.get('location')).toBe('/remote.php/dav/');
    expect(carddav.headers.get('location')).toBe('/remote.php/dav/');
  });

  it('keeps the calendars of users apart', async () => {
    await putEvent(`${CALENDARS}personal/private-1.ics`, event('private-1'));

    const bobs = await fetch(`${nextcloud.url}/remote.php/dav/calendars/bob/personal/`, {
      method: 'PROPFIND',
      headers: { authorization: basicAuth('bob', BOB_PASSWORD), depth: '1' },
    });

    expect(bobs.status).toBe(207);
    expect(await bobs.text()).not.toContain('private-1');
  });
});
