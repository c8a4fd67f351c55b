// Who the credentials belong to: GET /ocs/v2.php/cloud/user, which also proves an app password valid.
import type { HttpClient } from '../net/http-client.js';
import { UpstreamError } from '../errors.js';
import type { NextcloudCredentials } from './credentials.js';
import { createNextcloudClient, type NextcloudClient } from './nextcloud-client.js';
import { ocsPaths } from './urls.js';

export interface NextcloudUser {
  /** The user id (used in DAV paths); may differ from the login name. */
  id: string;
  displayName: string;
  email?: string;
  groups: string[];
  /** The personal time-zone setting (IANA id); undefined when unset. */
  timeZone?: string;
}

export async function fetchCurrentUser(
  http: HttpClient,
  host: string,
  credentials: NextcloudCredentials,
  timeoutMs?: number,
): Promise<NextcloudUser> {
  return fetchCurrentUserWith(createNextcloudClient({ http, host, credentials }), timeoutMs);
}

/** The same question through a user's client: always asks Nextcloud. */
export async function fetchCurrentUserWith(client: NextcloudClient, timeoutMs?: number): Promise<NextcloudUser> {
  return toUser(await client.requestJson(ocsPaths.currentUser, { timeoutMs }));
}

/** The memo key of the caller's user (a credential check that already asked Nextcloud may hand the answer over). */
export const rememberedCurrentUserKey = 'current-user';

/** The caller's user, from the client's memo when it was asked recently (DAV paths need the user id). */
export function rememberCurrentUser(client: NextcloudClient): Promise<NextcloudUser> {
  return client.memo.remember(rememberedCurrentUserKey, () => fetchCurrentUserWith(client));
}

function toUser(data: unknown): NextcloudUser {
  const { id, 'display-name': displayName, email, groups, timezone } = (data ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || id === '') {
    throw new UpstreamError('Nextcloud answered without a user id.');
  }
  return {
    id,
    displayName: typeof displayName === 'string' ? displayName : id,
    email: typeof email === 'string' && email !== '' ? email : undefined,
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
    // cloud/user answers the personal setting core/timezone as `timezone`, '' when unset.
    timeZone: typeof timezone === 'string' && timezone !== '' ? timezone : undefined,
  };
}
