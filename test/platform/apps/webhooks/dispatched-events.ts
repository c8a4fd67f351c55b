// The events the double's apps dispatch, serialized as webhook_listeners sends them (docs/nextcloud-behaviour.md,
// "Webhooks"): file node events with internal `/{uid}/files/…` paths, calendar object events, Tables row events.
import type { DoubleEvent, DoubleRequest } from '../../double-app.js';

const NODE = 'OCP\\Files\\Events\\Node\\';
const CALENDAR = 'OCP\\Calendar\\Events\\';
const TABLES = 'OCA\\Tables\\Event\\';

/** Classes that implement IWebhookCompatibleEvent (registering any other is a 400). */
export const WEBHOOK_COMPATIBLE_CLASSES: ReadonlySet<string> = new Set([
  ...['Created', 'Written', 'Deleted', 'Renamed', 'Copied', 'Touched'].flatMap((verb) => [
    `${NODE}Node${verb}Event`,
    `${NODE}BeforeNode${verb}Event`,
  ]),
  ...['Created', 'Updated', 'Deleted', 'MovedToTrash', 'Restored'].map(
    (verb) => `${CALENDAR}CalendarObject${verb}Event`,
  ),
  ...['RowAdded', 'RowUpdated', 'RowDeleted'].map((name) => `${TABLES}${name}Event`),
  'OCP\\SystemTag\\MapperEvent',
]);

interface NodeRef {
  fileId: number;
}

/** `/{uid}/files/a/b.txt`: the internal path webhook_listeners sends. */
export function internalPath(userId: string, segments: string[]): string {
  return `/${userId}/files${segments.map((segment) => `/${segment}`).join('')}`;
}

const node = (userId: string, segments: string[], ref?: NodeRef) => ({
  ...(ref ? { id: ref.fileId } : {}),
  path: internalPath(userId, segments),
});

/** Where an event goes: the request during which it happened. */
type Emitter = Pick<DoubleRequest, 'emit'>;

const emit = (req: Emitter, event: DoubleEvent) => req.emit?.(event);

/** The file events of WebDAV on /remote.php/dav/files/{uid}/…. */
export const fileEvents = {
  /** PUT of a new file and MKCOL: created and written; an overwrite: written only. */
  written(req: Emitter, userId: string, segments: string[], ref: NodeRef, created: boolean): void {
    const data = { node: node(userId, segments, ref) };
    if (created) emit(req, { class: `${NODE}NodeCreatedEvent`, data });
    emit(req, { class: `${NODE}NodeWrittenEvent`, data });
  },
  /** DELETE: the node before (with its id), then the deleted node (without). */
  deleted(req: Emitter, userId: string, segments: string[], ref: NodeRef): void {
    emit(req, { class: `${NODE}BeforeNodeDeletedEvent`, data: { node: node(userId, segments, ref) } });
    emit(req, { class: `${NODE}NodeDeletedEvent`, data: { node: node(userId, segments) } });
  },
  /** MOVE: the source without an id, the target with it. */
  renamed(req: Emitter, userId: string, from: string[], to: string[], ref: NodeRef): void {
    emit(req, {
      class: `${NODE}NodeRenamedEvent`,
      data: { source: node(userId, from), target: node(userId, to, ref) },
    });
  },
  /** COPY: source and target both with id and path. */
  copied(req: Emitter, userId: string, from: string[], source: NodeRef, to: string[], copy: NodeRef): void {
    emit(req, {
      class: `${NODE}NodeCopiedEvent`,
      data: { source: node(userId, from, source), target: node(userId, to, copy) },
    });
  },
};

const calendarIds = new Map<string, number>();
const objectIds = new Map<string, number>();
const idOf = (ids: Map<string, number>, key: string) => {
  if (!ids.has(key)) ids.set(key, ids.size + 1);
  return ids.get(key) ?? 0;
};

export type CalendarObjectChange = 'Created' | 'Updated' | 'Deleted' | 'MovedToTrash' | 'Restored';

/**
 * A calendar object event. `Deleted` (purging a trash entry) names the object by its trash uri, `{name}-deleted.ics`.
 * `Restored` is never delivered (on PostgreSQL its job's arguments are null and cron fails with a TypeError), so it is
 * not queued at all. unverified: the numeric ids (Nextcloud's database ids; the double numbers calendars and objects
 * in order of first event), and only the fields of objectData/calendarData that docs/nextcloud-behaviour.md names.
 */
export function emitCalendarObjectEvent(
  req: Emitter,
  change: CalendarObjectChange,
  target: { userId: string; calendar: string; object: string },
  ics: Buffer | string,
): void {
  if (change === 'Restored') return;
  const calendarId = idOf(calendarIds, `${target.userId}/${target.calendar}`);
  const text = typeof ics === 'string' ? ics : ics.toString('utf8');
  const component = /BEGIN:(VEVENT|VTODO|VJOURNAL)/.exec(text)?.[1] ?? 'VEVENT';
  emit(req, {
    class: `${CALENDAR}CalendarObject${change}Event`,
    data: {
      calendarId,
      calendarData: {
        id: calendarId,
        uri: target.calendar,
        principaluri: `principals/users/${target.userId}`,
        '{DAV:}displayname': target.calendar,
      },
      shares: [],
      objectData: {
        id: idOf(objectIds, `${target.userId}/${target.calendar}/${target.object}`),
        uri: change === 'Deleted' ? trashUri(target.object) : target.object,
        uid: /^UID:(.*)$/m.exec(text)?.[1]?.trim() ?? '',
        lastmodified: Math.floor(Date.now() / 1000),
        etag: `"${Buffer.from(text).length.toString(16)}"`,
        calendarid: calendarId,
        size: Buffer.byteLength(text),
        calendardata: text,
        component: component.toLowerCase(),
        classification: 0,
        '{http://nextcloud.com/ns}deleted-at': null,
      },
    },
  });
}

export type RowChange = 'RowAdded' | 'RowUpdated' | 'RowDeleted';

/** previousValues is null for a new row, the old cells for an update, and the last cells (= values) for a delete. */
export function emitRowEvent(
  req: Emitter,
  change: RowChange,
  row: { tableId: number; id: number; data: { columnId: number; value: unknown }[] },
  previousValues: { columnId: number; value: unknown }[] | null,
): void {
  emit(req, {
    class: `${TABLES}${change}Event`,
    data: { tableId: row.tableId, rowId: row.id, previousValues, values: row.data.map((cell) => ({ ...cell })) },
  });
}

/** The uri a calendar object gets in the trash: `-deleted` before its extension (`ev-1.ics` → `ev-1-deleted.ics`). */
function trashUri(uri: string): string {
  const dot = uri.lastIndexOf('.');
  return dot > 0 ? `${uri.slice(0, dot)}-deleted${uri.slice(dot)}` : `${uri}-deleted`;
}
