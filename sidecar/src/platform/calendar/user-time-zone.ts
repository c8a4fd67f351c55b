// The user's time zone as Nextcloud knows it: the personal setting (core/timezone), else the time zone of the
// personal calendar, else UTC. Times without an offset are read in it and results are shown in it.
import type ICAL from 'ical.js';
import { rememberCurrentUser, type NextcloudUser } from '../current-user.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { DAV_NAMESPACES, requestMultistatus, textOf } from '../dav/dav-multistatus.js';
import { calendarPaths } from './calendar-paths.js';
import { findTimeZone } from './time-zones.js';

export interface UserTimeZone {
  /** The IANA id, e.g. Europe/Berlin; "UTC" when Nextcloud knows none. */
  id: string;
  zone: ICAL.Timezone;
}

/** The user's time zone, remembered for this caller for a few minutes. */
export function rememberUserTimeZone(client: NextcloudClient): Promise<UserTimeZone> {
  return client.memo.remember('user-time-zone', async () =>
    resolveUserTimeZone(client, await rememberCurrentUser(client)),
  );
}

/**
 * The time zone of `user` as Nextcloud answered it: the setting, else the personal calendar's (asked only then, and
 * remembered for this caller like the setting).
 */
export async function resolveUserTimeZone(client: NextcloudClient, user: NextcloudUser): Promise<UserTimeZone> {
  const fromSetting = user.timeZone === undefined ? undefined : known(user.timeZone);
  if (fromSetting) return fromSetting;
  return client.memo.remember(
    'personal-calendar-time-zone',
    async () => (await readPersonalCalendarZone(client, user.id)) ?? known('UTC')!,
  );
}

// unverified: Nextcloud falls back to the default calendar's calendar-timezone (RFC 4791) when the setting is empty
// (source: nextcloud/server apps/dav/lib/CalDAV/TimezoneService.php, getUserTimezone)
async function readPersonalCalendarZone(client: NextcloudClient, userId: string): Promise<UserTimeZone | undefined> {
  const [personal] = await requestMultistatus(client, calendarPaths.calendar(userId, 'personal'), {
    method: 'PROPFIND',
    depth: '0',
    body: `<d:propfind ${DAV_NAMESPACES}><d:prop><c:calendar-timezone/></d:prop></d:propfind>`,
  }).catch(() => []);
  const vtimezone = textOf(personal?.props['calendar-timezone']) ?? '';
  const tzid = /^TZID:(.+)$/m.exec(vtimezone.replace(/\r/g, ''))?.[1]?.trim();
  return tzid ? known(tzid) : undefined;
}

function known(id: string): UserTimeZone | undefined {
  const zone = id === '' ? undefined : findTimeZone(id);
  return zone ? { id: zone.tzid, zone } : undefined;
}
