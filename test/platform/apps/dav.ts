// Nextcloud's CalDAV and CardDAV for the platform double: authenticates the Nextcloud user, proxies to a real
// Radicale with paths rewritten both ways, and adds what Nextcloud does that Radicale does not (system collections,
// the calendar trash bin and deleted calendars, its refusals and status codes, /.well-known redirects).
import type { ServerResponse } from 'node:http';
import type { DoubleApp, DoubleRequest } from '../double-app.js';
import { expandMultistatus, readExpandRange } from './dav/calendar-expand.js';
import { createCalendarTrash, readIcsUid, type CalendarTrash } from './dav/calendar-trash.js';
import {
  explainUidConflict,
  floatingRangesAsUtc,
  objectContentType,
  refuseCalendarObject,
  refuseCalendarQuery,
} from './dav/caldav-rules.js';
import { nextcloudHomePath, parseDavPath } from './dav/dav-paths.js';
import { createDeletedCalendars } from './dav/deleted-calendars.js';
import { forward, objectExists, provisionDefaults, type Call, type DavBackend } from './dav/radicale-forward.js';
import { multistatus, noContent, notFound, sabreError, send, xmlAnswer, type Answer } from './dav/sabre-answers.js';
import {
  appendResponses,
  describeSystemCollection,
  findSystemCollection,
  systemCollections,
} from './dav/system-collections.js';
import { answerTrashBin } from './dav/trash-bin.js';
import { emitCalendarObjectEvent } from './webhooks/dispatched-events.js';

export type { DavBackend } from './dav/radicale-forward.js';

export interface DavApp extends DoubleApp {
  trash: CalendarTrash;
}

export function createDavApp(backend: DavBackend): DavApp {
  const trash = createCalendarTrash();
  const deletedCalendars = createDeletedCalendars();
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
    if (target.userId !== req.user.id) return (send(res, notFound()), true);
    if (!provisioned.has(target.userId)) provisioned.set(target.userId, provisionDefaults(backend, target.userId));
    await provisioned.get(target.userId);
    send(res, await answer({ req, target, basePath, body: await req.body() }));
    return true;
  }

  async function answer(call: Call): Promise<Answer> {
    const { req, target } = call;
    if (target.collection === '') return answerHome(call);
    if (target.kind === 'calendar' && target.collection === 'trashbin') return answerTrashBin(backend, trash, call);
    if (findSystemCollection(target.kind, target.collection)) return answerSystemCollection(call);
    if (target.kind === 'calendar' && deletedCalendars.has(target.userId, target.collection)) {
      return answerDeletedCalendar(call);
    }
    if (target.rest === '') {
      // unverified: PROPPATCH of c:calendar-timezone is stored and read back (Radicale does the same), the user's
      // zone when the personal setting is empty (source: nextcloud/server apps/dav/lib/CalDAV/CalDavBackend.php
      // propertyMap, apps/dav/lib/CalDAV/TimezoneService.php)
      if (target.kind === 'calendar' && req.method === 'DELETE') return deleteCalendar(call);
      if (target.kind === 'calendar' && req.method === 'REPORT') return reportOnCalendar(call);
      return forward(backend, call);
    }
    if (req.method === 'PUT') return putObject(call);
    if (req.method === 'GET') return getObject(call);
    if (target.kind === 'calendar' && req.method === 'DELETE') return deleteToTrash(call);
    return forward(backend, call);
  }

  async function answerHome(call: Call): Promise<Answer> {
    if (call.req.method !== 'PROPFIND') {
      return sabreError(405, 'Sabre\\DAV\\Exception\\MethodNotAllowed', 'Not allowed on a home collection');
    }
    const listing = await forward(backend, call);
    if (listing.status !== 207 || call.req.headers.depth === '0') return listing;
    const home = `${call.basePath}${nextcloudHomePath(call.target.kind, call.target.userId)}`;
    const extra = systemCollections(call.target.kind).map((c) => describeSystemCollection(c, `${home}${c.name}/`));
    const body = deletedCalendars.markInListing(appendResponses(listing.body, extra), call.target.userId);
    return { ...listing, body };
  }

  async function deleteCalendar(call: Call): Promise<Answer> {
    const { userId, collection } = call.target;
    if (call.req.headers['x-nc-caldav-no-trashbin'] === '1') return forward(backend, call);
    if (!(await objectExists(backend, call))) return notFound();
    deletedCalendars.add(userId, collection, Date.now());
    return noContent();
  }

  async function answerDeletedCalendar(call: Call): Promise<Answer> {
    const { req, target } = call;
    if (req.method === 'MKCALENDAR' || req.method === 'MKCOL') {
      return sabreError(
        405,
        'Sabre\\DAV\\Exception\\MethodNotAllowed',
        'The resource you tried to create already exists',
      );
    }
    if (req.method === 'DELETE' && target.rest === '' && req.headers['x-nc-caldav-no-trashbin'] === '1') {
      deletedCalendars.remove(target.userId, target.collection);
      return forward(backend, call);
    }
    return notFound();
  }

  async function reportOnCalendar(call: Call): Promise<Answer> {
    const body = call.body.toString('utf8');
    const refusal = refuseCalendarQuery(call, body);
    if (refusal) return refusal;
    const utcBody = floatingRangesAsUtc(body);
    const answer = await forward(backend, { ...call, body: Buffer.from(utcBody) });
    const range = answer.status === 207 ? readExpandRange(utcBody) : undefined;
    return range ? { ...answer, body: expandMultistatus(answer.body, range) } : answer;
  }

  async function putObject(call: Call): Promise<Answer> {
    if (call.target.kind === 'calendar') {
      const refusal = await refuseCalendarObject(backend, call, trash);
      if (refusal) return refusal;
    }
    const existed = await objectExists(backend, call);
    const answer = explainUidConflict(await forward(backend, call), call.target.kind);
    if (answer.status === 201 && call.target.kind === 'calendar') {
      emitCalendarObjectEvent(call.req, existed ? 'Updated' : 'Created', objectOf(call), call.body);
    }
    // Radicale answers 201 to every stored PUT; Nextcloud 204 when it replaced an object.
    return answer.status === 201 && existed ? { ...answer, status: 204 } : answer;
  }

  async function getObject(call: Call): Promise<Answer> {
    const answer = await forward(backend, call);
    if (answer.status !== 200) return answer;
    return {
      ...answer,
      headers: { ...answer.headers, 'content-type': objectContentType(call.target.kind, answer.body) },
    };
  }

  async function deleteToTrash(call: Call): Promise<Answer> {
    const current = await forward(backend, { ...call, req: { ...call.req, method: 'GET' }, body: Buffer.alloc(0) });
    const result = await forward(backend, call);
    const objectUid = current.status === 200 ? readIcsUid(current.body) : undefined;
    if (result.status < 300 && objectUid) {
      const { userId, collection, rest } = call.target;
      trash.add({ userId, calendar: collection, fileName: rest, objectUid, ics: current.body, deletedAt: Date.now() });
      emitCalendarObjectEvent(call.req, 'MovedToTrash', objectOf(call), current.body);
    }
    return result;
  }

  return { id: 'dav', trash, handle };
}

const objectOf = ({ target }: Call) => ({ userId: target.userId, calendar: target.collection, object: target.rest });

function answerSystemCollection({ req, target, basePath }: Call): Answer {
  const collection = findSystemCollection(target.kind, target.collection);
  const href = `${basePath}${nextcloudHomePath(target.kind, target.userId)}${target.collection}/`;
  if (req.method === 'PROPFIND' && collection && target.rest === '') {
    return xmlAnswer(multistatus([describeSystemCollection(collection, href)]));
  }
  if (req.method === 'REPORT') return xmlAnswer(multistatus([]));
  return sabreError(403, 'Sabre\\DAV\\Exception\\Forbidden', 'This collection is managed by the server');
}
