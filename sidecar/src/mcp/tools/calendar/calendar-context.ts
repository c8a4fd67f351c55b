// What every calendar tool starts from: the caller's DAV account and their time zone, asked for side by side.
import { openDavAccount, type DavAccount } from '../../../platform/dav/dav-account.js';
import { rememberUserTimeZone, type UserTimeZone } from '../../../platform/calendar/user-time-zone.js';
import type { NextcloudClient } from '../../../platform/nextcloud-client.js';

export interface CalendarContext {
  account: DavAccount;
  /** The user's time zone: times without an offset are read in it, results show times in it too. */
  userTimeZone: UserTimeZone;
}

export async function openCalendarContext(nextcloud: NextcloudClient): Promise<CalendarContext> {
  const [account, userTimeZone] = await Promise.all([openDavAccount(nextcloud), rememberUserTimeZone(nextcloud)]);
  return { account, userTimeZone };
}
