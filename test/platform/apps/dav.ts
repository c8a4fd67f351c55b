// Nextcloud's CalDAV and CardDAV for the platform double: authenticates the Nextcloud user, proxies to a real
// Radicale with paths rewritten both ways, and adds what Nextcloud does that Radicale does not (system collections
// and Deck's calendars, sabre's sync tokens, the calendar trash bin and deleted calendars, its refusals, headers and
// status codes, /.well-known redirects, free/busy requests to the scheduling outbox).
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
import { nextcloudHomePath, parseDavPath, rewriteRequestHrefs, type DavKind } from './dav/dav-paths.js';
import { deckCalendarsOf, type DeckBoardsOf } from './dav/deck-calendars.js';
import { answerFreeBusy } from './dav/free-busy.js';
import { createDeletedCalendars } from './dav/deleted-calendars.js';
import {
  forward,
  objectEtag,
  objectExists,
  provisionDefaults,
  type Call,
  type DavBackend,
} from './dav/radicale-forward.js';
import { multistatus, noContent, notFound, sabreError, send, xmlAnswer, type Answer } from './dav/sabre-answers.js';
import { answerSyncCollection } from './dav/sync-collection.js';
import { createSyncTokens, readRequestedToken } from './dav/sync-tokens.js';
import {
  appendResponses,
  describeSystemCollection,
  systemCollections,
  type SystemCollection,
} from './dav/system-collections.js';
import { answerTrashBin } from './dav/trash-bin.js';
import { applyOctetCollation } from './dav/octet-collation.js';
import { emitCalendarObjectEvent } from './webhooks/dispatched-events.js';

export type { DavBackend } from './dav/radicale-forward.js';

export interface DavApp extends DoubleApp {
  trash: CalendarTrash;
}

export interface DavAppOptions {
  /** The Deck boards of each user, which Nextcloud lists as VTODO calendars (none by default). */
  deckBoards?: DeckBoardsOf;
  /** The user with this email address, for free/busy requests (none but the caller by default). */
  userIdByEmail?: (email: string) => string | undefined;
}

export function createDavApp(backend: DavBackend, options: DavAppOptions = {}): DavApp {
  const trash = createCalendarTrash();
  const deletedCalendars = createDeletedCalendars();
  const syncTokens = createSyncTokens();
  const provisioned = new Map<string, Promise<void>>();
  const serverCollections = (kind: DavKind, userId: string): SystemCollection[] =>
    kind === 'calendar'
      ? [...systemCollections(kind), ...deckCalendarsOf(options.deckBoards, userId)]
      : systemCollections(kind);
  const findServerCollection = ({ kind, userId, collection }: Call['target']) =>
    serverCollections(kind, userId).find((candidate) => candidate.name === collection);

  async function provision(userId: string): Promise<void> {
    if (!provisioned.has(userId)) provisioned.set(userId, provisionDefaults(backend, userId));
    await provisioned.get(userId);
  }

  async function handle(req: DoubleRequest, res: ServerResponse): Promise<boolean> {
    const basePath = new URL(req.baseUrl).pathname.replace(/\/+$/, '');
    if (req.path === '/.well-known/caldav' || req.path === '/.well-known/carddav') {
      // An absolute location, on every method.
      res.writeHead(301, { location: `${req.baseUrl.replace(/\/+$/, '')}/remote.php/dav/` }).end();
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
    await provision(target.userId);
    const body = await req.body();
    if (target.kind === 'calendar' && target.collection === 'outbox' && target.rest === '' && req.method === 'POST') {
      const user = req.user;
      const userIdByEmail = (email: string) =>
        email.toLowerCase() === user.email.toLowerCase() ? user.id : options.userIdByEmail?.(email);
      send(res, await answerFreeBusy({ backend, ownerEmail: user.email, userIdByEmail, provision }, body.toString()));
      return true;
    }
    send(res, await answer({ req, target, basePath, body }));
    return true;
  }

  /** Radicale's answer with Nextcloud's sync tokens; the home listing numbers each collection's own. */
  async function answer(call: Call): Promise<Answer> {
    const { target } = call;
    if (target.collection === '') return answerHome(call);
    const result = await answerInCollection(call);
    return { ...result, body: syncTokens.toSabre(result.body, target.kind, target.userId, target.collection) };
  }

  async function answerInCollection(call: Call): Promise<Answer> {
    const { req, target } = call;
    if (target.kind === 'calendar' && target.collection === 'trashbin') return answerTrashBin(backend, trash, call);
    const serverCollection = findServerCollection(target);
    if (serverCollection) return answerServerCollection(call, serverCollection);
    if (target.kind === 'calendar' && deletedCalendars.has(target.userId, target.collection)) {
      return answerDeletedCalendar(call);
    }
    if (target.rest === '') {
      // PROPPATCH of c:calendar-timezone is stored and read back, and an unset one answers a 404 propstat, as
      // Radicale does.
      if (target.kind === 'calendar' && req.method === 'DELETE') return deleteCalendar(call);
      const requestedToken = req.method === 'REPORT' ? readRequestedToken(call.body.toString('utf8')) : undefined;
      if (requestedToken !== undefined) return answerSyncCollection(backend, syncTokens, call, requestedToken);
      if (target.kind === 'calendar' && req.method === 'REPORT') return reportOnCalendar(call);
      if (req.method === 'REPORT') return reportOnAddressBook(call);
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
    const { kind, userId } = call.target;
    const home = `${call.basePath}${nextcloudHomePath(kind, userId)}`;
    const extra = serverCollections(kind, userId).map((c) => describeSystemCollection(c, `${home}${c.name}/`));
    const withTokens = syncTokens.homeToSabre(listing.body, kind, userId);
    const body = deletedCalendars.markInListing(appendResponses(withTokens, extra), userId);
    return { ...listing, body };
  }

  /** Purges a calendar: gone from Radicale, and its sync tokens count from 1 again should it be made anew. */
  async function purgeCalendar(call: Call): Promise<Answer> {
    const { kind, userId, collection } = call.target;
    deletedCalendars.remove(userId, collection);
    syncTokens.forget(kind, userId, collection);
    return forward(backend, call);
  }

  async function deleteCalendar(call: Call): Promise<Answer> {
    const { userId, collection } = call.target;
    if (call.req.headers['x-nc-caldav-no-trashbin'] === '1') return purgeCalendar(call);
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
      return purgeCalendar(call);
    }
    return notFound();
  }

  async function reportOnCalendar(call: Call): Promise<Answer> {
    // A multiget names its objects by Nextcloud paths (unverified on 32.0.2: sabre implements RFC 4791's
    // calendar-multiget, which the RFC requires; source: sabre/dav CalDAV Plugin::calendarMultiGetReport).
    const body = rewriteRequestHrefs(call.body.toString('utf8'), call.basePath);
    const refusal = refuseCalendarQuery(call, body);
    if (refusal) return refusal;
    const utcBody = floatingRangesAsUtc(body);
    const answer = await forward(backend, { ...call, body: Buffer.from(utcBody) });
    const range = answer.status === 207 ? readExpandRange(utcBody) : undefined;
    return range ? { ...answer, body: expandMultistatus(answer.body, range) } : answer;
  }

  /** An addressbook-query, with `i;octet` text-matches case-sensitive as in sabre. */
  async function reportOnAddressBook(call: Call): Promise<Answer> {
    // A multiget names its cards by Nextcloud paths (unverified on 32.0.2: sabre implements RFC 6352's
    // addressbook-multiget, which the RFC requires; source: sabre/dav CardDAV Plugin::addressbookMultiGetReport).
    const answer = await forward(backend, {
      ...call,
      body: Buffer.from(rewriteRequestHrefs(call.body.toString('utf8'), call.basePath)),
    });
    if (answer.status !== 207) return answer;
    const readCard = async (href: string) => {
      const rest = href.slice(href.lastIndexOf('/') + 1);
      const get = { ...call.req, method: 'GET', headers: {} };
      const card = await forward(backend, {
        ...call,
        req: get,
        target: { ...call.target, rest },
        body: Buffer.alloc(0),
      });
      return card.status === 200 ? card.body : undefined;
    };
    return { ...answer, body: await applyOctetCollation(call.body.toString('utf8'), answer.body, readCard) };
  }

  async function putObject(call: Call): Promise<Answer> {
    const isCalendar = call.target.kind === 'calendar';
    if (isCalendar) {
      const refusal = await refuseCalendarObject(backend, call, trash);
      if (refusal) return refusal;
    }
    const existed = await objectExists(backend, call);
    const answer = explainUidConflict(await forward(backend, call), call.target.kind);
    if (answer.status === 412 && isCalendar && call.req.headers['if-match'] !== undefined) {
      // A stale If-Match is answered with the object's current ETag.
      const etag = await objectEtag(backend, call);
      return etag ? { ...answer, headers: { ...answer.headers, etag } } : answer;
    }
    if (answer.status !== 201) return answer;
    if (isCalendar) emitCalendarObjectEvent(call.req, existed ? 'Updated' : 'Created', objectOf(call), call.body);
    // Radicale answers 201 to every stored PUT; Nextcloud 204 when it replaced an object, and a calendar object's
    // ETag also as OC-ETag.
    const etag = answer.headers.etag;
    const headers = isCalendar && etag ? { ...answer.headers, 'oc-etag': etag } : answer.headers;
    return { ...answer, status: existed ? 204 : 201, headers };
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
      const etag = current.headers.etag ?? '';
      trash.add({
        userId,
        calendar: collection,
        fileName: rest,
        objectUid,
        etag,
        ics: current.body,
        deletedAt: Date.now(),
      });
      emitCalendarObjectEvent(call.req, 'MovedToTrash', objectOf(call), current.body);
    }
    return result;
  }

  return { id: 'dav', trash, handle };
}

const objectOf = ({ target }: Call) => ({ userId: target.userId, calendar: target.collection, object: target.rest });

// unverified: the server's collections (birthdays, inbox, outbox, Deck's calendars, the system address books) hold no
// objects here and refuse writes with 403 (source: none; the double does not fill them)
function answerServerCollection({ req, target, basePath }: Call, collection: SystemCollection): Answer {
  const href = `${basePath}${nextcloudHomePath(target.kind, target.userId)}${target.collection}/`;
  if (req.method === 'PROPFIND' && target.rest === '') {
    return xmlAnswer(multistatus([describeSystemCollection(collection, href)]));
  }
  if (req.method === 'REPORT') return xmlAnswer(multistatus([]));
  return sabreError(403, 'Sabre\\DAV\\Exception\\Forbidden', 'This collection is managed by the server');
}
