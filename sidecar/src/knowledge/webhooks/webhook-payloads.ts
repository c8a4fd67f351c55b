// webhook_listeners' delivery bodies (docs/nextcloud-behaviour.md, "Webhooks") turned into WakeEvents: file node events
// with internal `/{uid}/files/…` paths, calendar object events; Tables rows and unknown classes wake nothing.
import { InvalidInputError } from '../../errors.js';
import { USER_ID_PATTERN } from '../../platform/user-ids.js';
import type { WakeEvent } from '../sync/wake-event.js';
import { CALENDAR_EVENT, NODE_EVENT, type WebhookPreset } from './webhook-presets.js';

export type ParsedPayload = { kind: 'wake'; events: WakeEvent[] } | { kind: 'ignored'; eventClass: string };

const MAX_PATH_LENGTH = 4096;
const MAX_NAME_LENGTH = 1024;

/** Throws InvalidInputError when `body` is not a webhook_listeners payload at all. */
export function parseWebhookPayload(body: unknown, preset: WebhookPreset): ParsedPayload {
  const event = isRecord(body) ? body.event : undefined;
  const eventClass = isRecord(event) ? event.class : undefined;
  if (!isRecord(event) || typeof eventClass !== 'string' || eventClass.length > MAX_NAME_LENGTH) {
    throw new InvalidInputError('The body is not a webhook_listeners event.');
  }
  const events = eventClass.startsWith(NODE_EVENT)
    ? fileEvents(eventClass.slice(NODE_EVENT.length), event, preset)
    : eventClass.startsWith(CALENDAR_EVENT)
      ? calendarEvents(eventClass.slice(CALENDAR_EVENT.length), event)
      : undefined;
  // Tables rows (TABLES_EVENT) are not indexed; other classes are not ours.
  if (events === undefined) return { kind: 'ignored', eventClass };
  return { kind: 'wake', events };
}

interface FileRef {
  userId: string;
  filePath: string;
  docId?: string;
}

/**
 * `{node:{id?, path}}`, or `{source:{path}, target:{id, path}}` for a rename or copy. The uid in the path is the user
 * whose view of the file it is; paths outside `/{uid}/files/` (trash, versions, app data) are ignored.
 */
function fileEvents(name: string, event: Record<string, unknown>, preset: WebhookPreset): WakeEvent[] | undefined {
  const wake = (ref: FileRef | undefined, deleted: boolean): WakeEvent[] =>
    ref
      ? [
          {
            userId: ref.userId,
            docType: preset === 'notes' ? 'note' : 'file',
            ...optionalId(ref),
            filePath: ref.filePath,
            deleted,
          },
        ]
      : [];
  switch (name) {
    case 'NodeCreatedEvent':
    case 'NodeWrittenEvent':
    case 'NodeTouchedEvent':
      return wake(fileRef(event.node), false);
    case 'BeforeNodeDeletedEvent':
    case 'NodeDeletedEvent':
      return wake(fileRef(event.node), true);
    case 'NodeRenamedEvent':
      return [...wake(fileRef(event.source), true), ...wake(fileRef(event.target), false)];
    case 'NodeCopiedEvent':
      return wake(fileRef(event.target), false);
    default:
      return undefined;
  }
}

/** The note id is the file id of its Markdown file in the Notes app. */
function optionalId(ref: FileRef): { docId?: string } {
  return ref.docId === undefined ? {} : { docId: ref.docId };
}

function fileRef(node: unknown): FileRef | undefined {
  if (!isRecord(node) || typeof node.path !== 'string' || node.path.length > MAX_PATH_LENGTH) return undefined;
  const match = /^\/([^/]+)\/files(\/.*)?$/.exec(node.path);
  const userId = match?.[1];
  if (!userId || !isUserId(userId)) return undefined;
  const filePath = match[2] ?? '/';
  if (filePath.split('/').some((segment) => segment === '.' || segment === '..') || /[\u0000]/.test(filePath)) {
    return undefined;
  }
  const id = node.id;
  const docId = typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? String(id) : undefined;
  return { userId, filePath, ...(docId ? { docId } : {}) };
}

/**
 * `{calendarData:{uri, principaluri}, objectData:{uri, …}}`; the document is `{calendar uri}/{object uri}`. Moving to
 * the trash removes it. Purging a trash entry (CalendarObjectDeletedEvent) names the object by its trash uri
 * (`ev-1-deleted.ics`): that is the document `…/ev-1.ics`, already removed when it went to the trash, and by now the
 * uri may hold a new object, so it is read again (gone: removed; there: indexed) instead of removed blindly. Without
 * the trash bin the same event names the object itself, so that uri is read again too.
 */
function calendarEvents(name: string, event: Record<string, unknown>): WakeEvent[] | undefined {
  const removed = name === 'CalendarObjectMovedToTrashEvent';
  const purged = name === 'CalendarObjectDeletedEvent';
  const upserted = ['CalendarObjectCreatedEvent', 'CalendarObjectUpdatedEvent', 'CalendarObjectRestoredEvent'];
  if (!removed && !purged && !upserted.includes(name)) return undefined;
  const calendar = isRecord(event.calendarData) ? event.calendarData : {};
  const object = isRecord(event.objectData) ? event.objectData : {};
  const principal =
    typeof calendar.principaluri === 'string' ? /^principals\/users\/([^/]+)$/.exec(calendar.principaluri) : null;
  const userId = principal?.[1];
  if (!userId || !isUserId(userId) || !isName(calendar.uri) || !isName(object.uri)) return [];
  const objectUris = purged ? [...new Set([uriBeforeTrash(object.uri), object.uri])] : [object.uri];
  return objectUris.filter(isName).map((objectUri) => ({
    userId,
    docType: 'calendar_item' as const,
    docId: `${calendar.uri}/${objectUri}`,
    deleted: removed,
  }));
}

/** The trash renames `ev-1.ics` to `ev-1-deleted.ics` (`-deleted` before the extension); a restore undoes it. */
function uriBeforeTrash(uri: string): string {
  return uri.replace(/-deleted(\.[^./]*)?$/, '$1');
}

function isName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value !== '' &&
    value.length <= MAX_NAME_LENGTH &&
    !/[/\u0000]/.test(value) &&
    value !== '.' &&
    value !== '..'
  );
}

function isUserId(value: string): boolean {
  return USER_ID_PATTERN.test(value) && value !== '.' && value !== '..';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
