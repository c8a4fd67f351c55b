// The UIDs our calendar tools take, for event and task hits: Nextcloud's calendar search links an object by its file
// name, which need not be its UID, so each linked object is read (GET, a few at a time, within a time limit) and its
// UID becomes the hit's event_id or task_id. A hit whose object cannot be read says why.
import { AppError, UpstreamError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { calendarPaths } from '../calendar/calendar-paths.js';
import { parseCalendarDocument, type ItemKind } from '../calendar/ical-document.js';
import { openDavAccount, type DavAccount } from '../dav/dav-account.js';
import type { CalendarObjectLink, HitIds } from './hit-ids.js';

/** Objects read at the same time. */
const PARALLEL_READS = 4;

/** `hits` with the UIDs of their calendar objects read; hits without a calendar object come back as they were. */
export async function readCalendarHitUids(
  client: NextcloudClient,
  hits: HitIds[],
  options: { timeoutMs: number },
): Promise<HitIds[]> {
  const linked = hits.filter((hit) => hit.calendarObject !== undefined);
  if (linked.length === 0) return hits;
  const deadline = performance.now() + options.timeoutMs;
  let account: DavAccount;
  try {
    account = await openDavAccount(client);
  } catch (error) {
    // The search itself answered: its hits stay, each saying why its id is missing.
    if (!(error instanceof AppError)) throw error;
    return hits.map((hit) => (hit.calendarObject ? withOutcome(hit, hit.calendarObject, 'reading it failed') : hit));
  }
  const outcomes = new Map<HitIds, HitIds>();
  const queue = [...linked];
  const readNext = async (): Promise<void> => {
    for (let hit = queue.shift(); hit; hit = queue.shift()) {
      const object = hit.calendarObject!;
      const remainingMs = Math.floor(deadline - performance.now());
      if (object.ownerId !== '' && object.ownerId !== account.userId) {
        // Not the caller's calendar home: the calendar id would name the caller's calendar of that name.
        outcomes.set(hit, { ids: {}, missing: 'the link names another user’s calendar, which no tool of ours reads' });
        continue;
      }
      const outcome =
        remainingMs < 1
          ? 'no time was left to read it'
          : await readUid(
              client,
              calendarPaths.object(account.userId, object.calendarId, object.objectName),
              object.idName === 'event_id' ? 'vevent' : 'vtodo',
              { timeoutMs: remainingMs },
            );
      outcomes.set(hit, withOutcome(hit, object, outcome));
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, linked.length) }, readNext));
  return hits.map((hit) => outcomes.get(hit) ?? hit);
}

type ReadOutcome = { uid: string } | string;

function withOutcome(hit: HitIds, object: CalendarObjectLink, outcome: ReadOutcome): HitIds {
  if (typeof outcome !== 'string') return { ids: { ...hit.ids, [object.idName]: outcome.uid } };
  const lister = object.idName === 'event_id' ? 'nc_calendar_list_events' : 'nc_calendar_list_tasks';
  return {
    ids: hit.ids,
    missing: `${object.idName} could not be read (${outcome}): ${lister} with calendar_ids finds it`,
  };
}

// Sheet (Calendar and tasks): GET of an object → 200 text/calendar; a deleted one → 404.
async function readUid(
  client: NextcloudClient,
  path: string,
  kind: ItemKind,
  options: { timeoutMs: number },
): Promise<ReadOutcome> {
  try {
    const response = await client.request(path, {
      headers: { accept: 'text/calendar' },
      accept: [404],
      timeoutMs: options.timeoutMs,
    });
    if (response.status === 404) return 'it no longer exists';
    const uid = firstUid(response.text(), kind);
    return uid === undefined ? 'it has no UID' : { uid };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error instanceof UpstreamError && error.code === 'upstream_timeout'
      ? 'reading it timed out'
      : 'reading it failed';
  }
}

/** The UID of the object's first event or task (ical.js, as every calendar read here). */
function firstUid(ics: string, kind: ItemKind): string | undefined {
  const uid: unknown = parseCalendarDocument(ics).getFirstSubcomponent(kind)?.getFirstPropertyValue('uid');
  return typeof uid === 'string' && uid !== '' ? uid : undefined;
}
