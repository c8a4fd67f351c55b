// The DAV double's backend: requests forwarded to Radicale as the Nextcloud user with paths rewritten both ways,
// sabre's statuses where Radicale's differ, and the collections and example event a new Nextcloud account has.
import type { DoubleRequest } from '../../double-app.js';
import { parseDavPath, radicalePath, rewriteMultistatus, type DavTarget } from './dav-paths.js';
import { EXAMPLE_CONTACT_NAME, exampleContact } from './example-contact.js';
import { noContent, sabreError, type Answer } from './sabre-answers.js';

export interface DavBackend {
  /** Radicale's base URL, without a trailing slash. */
  url: string;
}

export interface Call {
  req: Pick<DoubleRequest, 'method' | 'headers' | 'baseUrl' | 'emit'>;
  target: DavTarget;
  /** Nextcloud's sub-path ('' or e.g. /cloud). */
  basePath: string;
  body: Buffer;
}

const FORWARDED_REQUEST_HEADERS = ['content-type', 'depth', 'if-match', 'if-none-match', 'overwrite', 'prefer'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'etag', 'last-modified', 'dav', 'allow'];

/** Sends the call to Radicale as the Nextcloud user and rewrites the answer's paths back to Nextcloud's. */
export async function forward(backend: DavBackend, call: Call): Promise<Answer> {
  const headers: Record<string, string> = { 'x-remote-user': call.target.userId };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = call.req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const destination = call.req.headers.destination;
  if (typeof destination === 'string') headers.destination = rewriteDestination(destination, call, backend.url);
  const response = await fetch(`${backend.url}${radicalePath(call.target)}`, {
    method: call.req.method,
    headers,
    body: ['GET', 'HEAD', 'DELETE'].includes(call.req.method) ? undefined : new Uint8Array(call.body),
    redirect: 'manual',
  });
  const answerHeaders: Record<string, string> = {};
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) answerHeaders[name] = value;
  }
  // Radicale confirms a DELETE with 200 and a body, Nextcloud (sabre) with 204; sabre refuses to create over an
  // existing collection with 405 where Radicale answers 409.
  if (call.req.method === 'DELETE' && response.status === 200) return noContent();
  if (/^MK(COL|CALENDAR)$/.test(call.req.method) && response.status === 409) {
    return sabreError(
      405,
      'Sabre\\DAV\\Exception\\MethodNotAllowed',
      'The resource you tried to create already exists',
    );
  }
  let body = await response.text();
  if (/xml/.test(answerHeaders['content-type'] ?? '')) {
    body = rewriteMultistatus(body, call.target.kind, call.basePath);
  }
  return { status: response.status, headers: answerHeaders, body };
}

/** Whether the call's object exists in Radicale (to tell a new PUT, 201, from an update, 204). */
export async function objectExists(backend: DavBackend, call: Call): Promise<boolean> {
  return (await headObject(backend, call)).status === 200;
}

/** The ETag of the call's object in Radicale (with quotes); undefined when there is none. */
export async function objectEtag(backend: DavBackend, call: Call): Promise<string | undefined> {
  const response = await headObject(backend, call);
  return response.status === 200 ? (response.headers.get('etag') ?? undefined) : undefined;
}

function headObject(backend: DavBackend, call: Call): Promise<Response> {
  return fetch(`${backend.url}${radicalePath(call.target)}`, {
    method: 'HEAD',
    headers: { 'x-remote-user': call.target.userId },
  });
}

/** Reads a collection property of the call's collection from Radicale (raw XML of the multistatus). */
export async function readCollectionProps(backend: DavBackend, call: Call, props: string): Promise<string> {
  const target = { ...call.target, rest: '' };
  const response = await fetch(`${backend.url}${radicalePath(target)}`, {
    method: 'PROPFIND',
    headers: { 'x-remote-user': call.target.userId, depth: '0', 'content-type': 'application/xml' },
    body: `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop>${props}</d:prop></d:propfind>`,
  });
  return response.status === 207 ? response.text() : '';
}

/**
 * What a new Nextcloud account has: `personal` (events only, with the "Example event - open me!" a week ahead,
 * 10:00 to 11:00) and the `contacts` address book with the example contact.
 */
export async function provisionDefaults(backend: DavBackend, userId: string): Promise<void> {
  const user = { 'x-remote-user': userId };
  const principal = `${backend.url}/${encodeURIComponent(userId)}`;
  const exists = async (path: string) =>
    (await fetch(`${principal}/${path}/`, { method: 'PROPFIND', headers: { ...user, depth: '0' } })).status === 207;
  if (!(await exists('calendar--personal'))) {
    await fetch(`${principal}/calendar--personal/`, {
      method: 'MKCALENDAR',
      headers: { ...user, 'content-type': 'application/xml' },
      body:
        '<?xml version="1.0" encoding="utf-8"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" ' +
        'xmlns:a="http://apple.com/ns/ical/"><d:set><d:prop><d:displayname>Personal</d:displayname>' +
        '<a:calendar-color>#0082c9</a:calendar-color><c:supported-calendar-component-set><c:comp name="VEVENT"/>' +
        '</c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>',
    });
    await fetch(`${principal}/calendar--personal/example-event.ics`, {
      method: 'PUT',
      headers: { ...user, 'content-type': 'text/calendar; charset=utf-8' },
      body: exampleEvent(),
    });
  }
  if (!(await exists('addressbook--contacts'))) {
    await fetch(`${principal}/addressbook--contacts/`, {
      method: 'MKCOL',
      headers: { ...user, 'content-type': 'application/xml' },
      body:
        '<?xml version="1.0" encoding="utf-8"?><d:mkcol xmlns:d="DAV:" xmlns:card="urn:ietf:params:xml:ns:carddav">' +
        '<d:set><d:prop><d:resourcetype><d:collection/><card:addressbook/></d:resourcetype>' +
        '<d:displayname>Contacts</d:displayname></d:prop></d:set></d:mkcol>',
    });
    await fetch(`${principal}/addressbook--contacts/${EXAMPLE_CONTACT_NAME}`, {
      method: 'PUT',
      headers: { ...user, 'content-type': 'text/vcard; charset=utf-8' },
      body: exampleContact(),
    });
  }
}

function exampleEvent(): string {
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const stamp = `${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//IDN nextcloud.com//Calendar app//EN',
    'BEGIN:VEVENT',
    `UID:${crypto.randomUUID()}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${day}T100000Z`,
    `DTEND:${day}T110000Z`,
    'SUMMARY:Example event - open me!',
    'DESCRIPTION:Welcome to Nextcloud Calendar!',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

function rewriteDestination(destination: string, call: Call, base: string): string {
  const url = new URL(destination, call.req.baseUrl);
  const target = parseDavPath(url.pathname.slice(call.basePath.length));
  if (!target || target.userId !== call.target.userId || target.kind !== call.target.kind) return destination;
  return `${base}${radicalePath(target)}`;
}
