// Raw HTTP against the platform double's CalDAV/CardDAV (Nextcloud's paths over a real Radicale), for the tests of
// the double itself: no sidecar involved.
import { createDavApp, type DavApp, type DavAppOptions } from '../../../test/platform/apps/dav.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { startRadicale, type RunningRadicale } from '../../../test/platform/radicale.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';

export const BOB_PASSWORD = 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB';
export const ALICE = basicAuth('alice@example.com', APP_PASSWORD);
export const CALENDARS = '/remote.php/dav/calendars/alice/';
export const BOOKS = '/remote.php/dav/addressbooks/users/alice/';
export const NS = 'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:card="urn:ietf:params:xml:ns:carddav"';
const PROPFIND_BODY = `<?xml version="1.0"?><d:propfind ${NS}><d:prop><d:resourcetype/><d:displayname/><d:getetag/><c:supported-calendar-component-set/></d:prop></d:propfind>`;

export interface DavDouble {
  nextcloud: PlatformDouble;
  dav: DavApp;
  /** Any request as alice. */
  request(path: string, init: { method: string; headers?: Record<string, string>; body?: string }): Promise<Response>;
  propfind(path: string, depth?: string): Promise<Response>;
  report(path: string, body: string, headers?: Record<string, string>): Promise<Response>;
  put(path: string, body: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** Radicale and the platform double with the DAV app, users alice (login alice@example.com) and bob. */
export async function startDavDouble(options: DavAppOptions = {}): Promise<DavDouble> {
  const radicale: RunningRadicale = await startRadicale();
  const dav = createDavApp(radicale, options);
  const nextcloud = await startPlatformDouble({
    users: [
      { id: 'alice', loginName: 'alice@example.com', appPasswords: [APP_PASSWORD] },
      { id: 'bob', appPasswords: [BOB_PASSWORD] },
    ],
    apps: [dav],
  });
  const request: DavDouble['request'] = (path, init) =>
    fetch(`${nextcloud.url}${path}`, {
      method: init.method,
      headers: { authorization: ALICE, ...init.headers },
      body: init.body,
      redirect: 'manual',
    });
  return {
    nextcloud,
    dav,
    request,
    propfind: (path, depth = '1') =>
      request(path, { method: 'PROPFIND', headers: { depth, 'content-type': 'application/xml' }, body: PROPFIND_BODY }),
    report: (path, body, headers = { depth: '1' }) =>
      request(path, { method: 'REPORT', headers: { 'content-type': 'application/xml', ...headers }, body }),
    put: (path, body, headers = {}) =>
      request(path, { method: 'PUT', headers: { 'content-type': 'text/calendar; charset=utf-8', ...headers }, body }),
    close: async () => {
      await nextcloud.close();
      await radicale.stop();
    },
  };
}

/** A VCALENDAR with one component (a VEVENT on 2025-01-06 by default). */
export function ics(
  uid: string,
  component = 'VEVENT',
  extra: string[] = ['DTSTART:20250106T090000Z', 'DTEND:20250106T093000Z'],
): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', `BEGIN:${component}`, `UID:${uid}`]
    .concat('DTSTAMP:20250101T000000Z', extra, 'SUMMARY:Standup', `END:${component}`, 'END:VCALENDAR', '')
    .join('\r\n');
}

export const vcard = (uid: string, extra: string[] = []) =>
  ['BEGIN:VCARD', 'VERSION:3.0', `UID:${uid}`, 'FN:Ann Example', ...extra, 'END:VCARD', ''].join('\r\n');

/** A calendar-query for VEVENTs with `range` as the filter body and `data` inside calendar-data. */
export const calendarQuery = (range: string, data = '') =>
  `<c:calendar-query ${NS}><d:prop><d:getetag/><c:calendar-data>${data}</c:calendar-data></d:prop><c:filter>` +
  `<c:comp-filter name="VCALENDAR"><c:comp-filter name="VEVENT">${range}</c:comp-filter></c:comp-filter></c:filter></c:calendar-query>`;

export const hrefs = (xml: string) => [...xml.matchAll(/<(?:[\w-]+:)?href>([^<]*)</g)].map((m) => m[1] ?? '');

/** The `<response>` of a multistatus whose href is `href`; '' when there is none. */
export const responseOf = (xml: string, href: string) =>
  xml.split(/<\/(?:[\w-]+:)?response>/).find((part) => hrefs(part).includes(href)) ?? '';

/** A sync-collection REPORT body (Depth 0 goes in the request header). */
export const syncCollectionBody = (token: string) =>
  `<d:sync-collection ${NS}><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level>` +
  '<d:prop><d:getetag/></d:prop></d:sync-collection>';
