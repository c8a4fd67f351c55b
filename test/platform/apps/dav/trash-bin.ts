// Nextcloud's calendar trash bin over HTTP: `…/calendars/{uid}/trashbin/` with its retention, the deleted objects
// under `objects/` (listed by a calendar-query REPORT, not by PROPFIND), purged by DELETE, restored by a MOVE into
// `restore/`.
import type { CalendarTrash } from './calendar-trash.js';
import { describeTrashEntry } from './calendar-trash.js';
import { emitCalendarObjectEvent } from '../webhooks/dispatched-events.js';
import { nextcloudHomePath } from './dav-paths.js';
import { forward, type Call, type DavBackend } from './radicale-forward.js';
import { multistatus, noContent, notFound, propResponse, sabreError, xmlAnswer, type Answer } from './sabre-answers.js';
import { describeSystemCollection, findSystemCollection } from './system-collections.js';

export async function answerTrashBin(backend: DavBackend, trash: CalendarTrash, call: Call): Promise<Answer> {
  const { req, target, basePath } = call;
  const home = `${basePath}${nextcloudHomePath('calendar', target.userId)}trashbin/`;
  const rest = target.rest.replace(/\/$/, '');
  const entryName = /^objects\/([^/]+)$/.exec(rest)?.[1];
  if (entryName !== undefined) return answerEntry(backend, trash, call, decodeURIComponent(entryName));
  if (rest === 'objects') {
    const self = propResponse(`${home}objects/`, '<d:resourcetype><d:collection/></d:resourcetype>');
    if (req.method === 'REPORT') {
      // Filters are ignored: every entry of the user comes back.
      const entries = trash.list(target.userId).map((e) => describeTrashEntry(e, `${home}objects/${e.name}`));
      return xmlAnswer(multistatus(entries));
    }
    if (req.method === 'PROPFIND' && req.headers.depth === '0') return xmlAnswer(multistatus([self]));
    if (req.method === 'PROPFIND') return sabreError(501, 'Sabre\\DAV\\Exception\\NotImplemented', '');
    return sabreError(405, 'Sabre\\DAV\\Exception\\MethodNotAllowed', 'Not allowed on the trash bin');
  }
  const trashbin = findSystemCollection('calendar', 'trashbin');
  if (rest === '' && req.method === 'PROPFIND' && trashbin) {
    const children =
      req.headers.depth === '0'
        ? []
        : ['objects', 'restore'].map((name) =>
            propResponse(`${home}${name}/`, '<d:resourcetype><d:collection/></d:resourcetype>'),
          );
    return xmlAnswer(multistatus([describeSystemCollection(trashbin, home), ...children]));
  }
  return sabreError(403, 'Sabre\\DAV\\Exception\\Forbidden', 'This collection is managed by the server');
}

async function answerEntry(backend: DavBackend, trash: CalendarTrash, call: Call, name: string): Promise<Answer> {
  const { req, target } = call;
  const entry = trash.get(target.userId, name);
  if (!entry) return notFound('Trash entry not found');
  if (req.method === 'GET') {
    return { status: 200, headers: { 'content-type': 'text/calendar; charset=utf-8' }, body: entry.ics };
  }
  if (req.method === 'DELETE') {
    trash.remove(target.userId, entry.name);
    // Purging fires CalendarObjectDeletedEvent, whose object has its trash uri (`{name}-deleted.ics`).
    const purged = { userId: target.userId, calendar: entry.calendar, object: entry.fileName };
    emitCalendarObjectEvent(req, 'Deleted', purged, entry.ics);
    return noContent();
  }
  if (req.method === 'MOVE' && isRestoreDestination(call)) {
    trash.remove(target.userId, entry.name);
    const restored = await forward(backend, {
      ...call,
      req: { ...req, method: 'PUT', headers: { 'content-type': 'text/calendar; charset=utf-8' } },
      target: { ...target, collection: entry.calendar, rest: entry.fileName },
      body: Buffer.from(entry.ics),
    });
    return restored.status < 300 ? { status: 201, headers: {}, body: '' } : restored;
  }
  return sabreError(403, 'Sabre\\DAV\\Exception\\Forbidden', 'Trash entries can only be read, restored or deleted');
}

function isRestoreDestination(call: Call): boolean {
  const destination = call.req.headers.destination;
  if (typeof destination !== 'string') return false;
  const path = new URL(destination, call.req.baseUrl).pathname.slice(call.basePath.length);
  return path.startsWith(`${nextcloudHomePath('calendar', call.target.userId)}trashbin/restore/`);
}
