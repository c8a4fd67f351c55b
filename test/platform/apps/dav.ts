// Nextcloud's CalDAV and CardDAV for the platform double: authenticates the Nextcloud user, proxies to a real
// Radicale with paths rewritten both ways, and adds Nextcloud's quirks (system collections, the calendar trash bin,
// default `personal` calendar and `contacts` address book, /.well-known redirects).
import type { ServerResponse } from 'node:http';
import type { DoubleApp, DoubleRequest } from '../double-app.js';
import { createCalendarTrash, describeTrashEntry, readIcsUid, type CalendarTrash } from './dav/calendar-trash.js';
import { nextcloudHomePath, parseDavPath, radicalePath, rewriteMultistatus, type DavTarget } from './dav/dav-paths.js';
import {
  appendResponses,
  describeSystemCollection,
  findSystemCollection,
  multistatus,
  systemCollections,
} from './dav/system-collections.js';

export interface DavBackend {
  /** Radicale's base URL, without a trailing slash. */
  url: string;
}

export interface DavApp extends DoubleApp {
  trash: CalendarTrash;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const FORWARDED_REQUEST_HEADERS = ['content-type', 'depth', 'if-match', 'if-none-match', 'overwrite', 'prefer'];
const FORWARDED_RESPONSE_HEADERS = ['content-type', 'etag', 'last-modified', 'dav', 'allow'];

export function createDavApp(backend: DavBackend): DavApp {
  const trash = createCalendarTrash();
  const provisioned = new Map<string, Promise<void>>();

  async function handle(req: DoubleRequest, res: ServerResponse): Promise<boolean> {
    const basePath = new URL(req.baseUrl).pathname.replace(/\/+$/, '');
    if (req.path === '/.well-known/caldav' || req.path === '/.well-known/carddav') {
      res.writeHead(301, { location: `${basePath}/remote.php/dav/` }).end();
      return true;
    }
    const target = parseDavPath(req.path);
    if (!target) return false;
    if (!req.user) {
      send(res, sabreError(401, 'Sabre\\DAV\\Exception\\NotAuthenticated', 'No public access to this resource.'), {
        'www-authenticate': 'Basic realm="Nextcloud", charset="UTF-8"',
      });
      return true;
    }
    if (target.userId !== req.user.id) {
      send(res, sabreError(404, 'Sabre\\DAV\\Exception\\NotFound', 'Node with this name could not be located'));
      return true;
    }
    const userId = target.userId;
    if (!provisioned.has(userId)) provisioned.set(userId, provisionDefaults(backend, userId));
    await provisioned.get(userId);
    send(res, await answer({ req, target, basePath, body: await req.body() }));
    return true;
  }

  async function answer(call: Call): Promise<Answer> {
    const { req, target } = call;
    const system = target.collection === '' ? undefined : findSystemCollection(target.kind, target.collection);
    if (system && target.collection === 'trashbin') return answerTrash(call);
    if (system) return answerSystemCollection(call);
    if (target.collection === '') return answerHome(backend, call);
    if (target.kind === 'calendar' && target.rest !== '' && req.method === 'PUT') {
      const uid = readIcsUid(call.body.toString('utf8'));
      if (uid && trash.holdsUid(target.userId, target.collection, uid)) {
        return sabreError(
          500,
          'Doctrine\\DBAL\\Exception\\UniqueConstraintViolationException',
          'An exception occurred while executing a query: SQLSTATE[23000]: Integrity constraint violation: ' +
            'Duplicate entry for key calobjects_index',
        );
      }
    }
    if (target.kind === 'calendar' && target.rest !== '' && req.method === 'DELETE') return deleteToTrash(call);
    return forward(backend, call);
  }

  async function deleteToTrash(call: Call): Promise<Answer> {
    const current = await forward(backend, { ...call, req: { ...call.req, method: 'GET' }, body: Buffer.alloc(0) });
    const result = await forward(backend, call);
    const objectUid = current.status === 200 ? readIcsUid(current.body) : undefined;
    if (result.status < 300 && objectUid) {
      const { userId, collection } = call.target;
      trash.add({ userId, calendar: collection, objectUid, ics: current.body, deletedAt: Date.now() });
    }
    return result;
  }

  function answerTrash({ req, target, basePath }: Call): Answer {
    const home = `${basePath}${nextcloudHomePath('calendar', target.userId)}trashbin/`;
    const name = /^objects\/([^/]+)$/.exec(target.rest)?.[1];
    if (name !== undefined) {
      const entry = trash.get(target.userId, decodeURIComponent(name));
      if (!entry) return sabreError(404, 'Sabre\\DAV\\Exception\\NotFound', 'Trash entry not found');
      if (req.method === 'GET') return { status: 200, headers: { 'content-type': 'text/calendar' }, body: entry.ics };
      if (req.method === 'PROPFIND')
        return xmlAnswer(multistatus([describeTrashEntry(entry, `${home}objects/${name}`)]));
      if (req.method === 'DELETE') {
        trash.remove(target.userId, entry.name);
        return { status: 204, headers: {}, body: '' };
      }
      return sabreError(403, 'Sabre\\DAV\\Exception\\Forbidden', 'Trash entries can only be read or deleted');
    }
    if (req.method !== 'PROPFIND') return sabreError(403, 'Sabre\\DAV\\Exception\\Forbidden', 'Not allowed');
    const trashbin = findSystemCollection('calendar', 'trashbin');
    if (target.rest.replace(/\/$/, '') !== 'objects' || !trashbin)
      return xmlAnswer(multistatus(trashbin ? [describeSystemCollection(trashbin, home)] : []));
    const self = `<d:response xmlns:d="DAV:"><d:href>${home}objects/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>`;
    const entries =
      depthOf(req) === '0'
        ? []
        : trash.list(target.userId).map((e) => describeTrashEntry(e, `${home}objects/${encodeURIComponent(e.name)}`));
    return xmlAnswer(multistatus([self, ...entries]));
  }

  return { id: 'dav', trash, handle };
}

interface Call {
  req: Pick<DoubleRequest, 'method' | 'headers' | 'baseUrl'>;
  target: DavTarget;
  basePath: string;
  body: Buffer;
}

async function answerHome(backend: DavBackend, call: Call): Promise<Answer> {
  if (call.req.method !== 'PROPFIND') {
    return sabreError(405, 'Sabre\\DAV\\Exception\\MethodNotAllowed', 'Not allowed on a home collection');
  }
  const answer = await forward(backend, call);
  if (answer.status !== 207 || depthOf(call.req) === '0') return answer;
  const home = `${call.basePath}${nextcloudHomePath(call.target.kind, call.target.userId)}`;
  const extra = systemCollections(call.target.kind).map((c) => describeSystemCollection(c, `${home}${c.name}/`));
  return { ...answer, body: appendResponses(answer.body, extra) };
}

function answerSystemCollection({ req, target, basePath }: Call): Answer {
  const collection = findSystemCollection(target.kind, target.collection);
  const href = `${basePath}${nextcloudHomePath(target.kind, target.userId)}${target.collection}/`;
  if (req.method === 'PROPFIND' && collection && target.rest === '') {
    return xmlAnswer(multistatus([describeSystemCollection(collection, href)]));
  }
  if (req.method === 'REPORT') return xmlAnswer(multistatus([]));
  return sabreError(403, 'Sabre\\DAV\\Exception\\Forbidden', 'This collection is managed by the server');
}

/** Sends the call to Radicale as the Nextcloud user and rewrites the answer's paths back to Nextcloud's. */
async function forward(backend: DavBackend, call: Call): Promise<Answer> {
  const base = backend.url;
  const headers: Record<string, string> = { 'x-remote-user': call.target.userId };
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = call.req.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const destination = call.req.headers.destination;
  if (typeof destination === 'string') headers.destination = rewriteDestination(destination, call, base);
  const response = await fetch(`${base}${radicalePath(call.target)}`, {
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
  if (call.req.method === 'DELETE' && response.status === 200) return { status: 204, headers: {}, body: '' };
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

function rewriteDestination(destination: string, call: Call, base: string): string {
  const url = new URL(destination, call.req.baseUrl);
  const target = parseDavPath(url.pathname.slice(call.basePath.length));
  if (!target || target.userId !== call.target.userId || target.kind !== call.target.kind) return destination;
  return `${base}${radicalePath(target)}`;
}

async function provisionDefaults(backend: DavBackend, userId: string): Promise<void> {
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
        '<c:comp name="VTODO"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>',
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
  }
}

function depthOf(req: Pick<DoubleRequest, 'headers'>): string {
  const depth = req.headers.depth;
  return typeof depth === 'string' ? depth.trim() : 'infinity';
}

function xmlAnswer(body: string): Answer {
  return { status: 207, headers: { 'content-type': 'application/xml; charset=utf-8' }, body };
}

function sabreError(status: number, exception: string, message: string): Answer {
  return {
    status,
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body:
      '<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">' +
      `<s:exception>${exception}</s:exception><s:message>${message}</s:message></d:error>`,
  };
}

function send(res: ServerResponse, answer: Answer, extraHeaders: Record<string, string> = {}): void {
  res.writeHead(answer.status, { ...answer.headers, ...extraHeaders });
  res.end(answer.body);
}
