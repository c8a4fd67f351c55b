// Who the credentials belong to: GET /ocs/v2.php/cloud/user, which also proves an app password valid.
import type { HttpClient } from '../net/http-client.js';
import { UpstreamError } from '../errors.js';
import type { NextcloudCredentials } from './credentials.js';
import { requestOcs } from './ocs.js';
import { ocsPaths } from './urls.js';

export interface NextcloudUser {
  /** The user id (used in DAV paths); may differ from the login name. */
  id: string;
  displayName: string;
}

export async function fetchCurrentUser(
  http: HttpClient,
  host: string,
  credentials: NextcloudCredentials,
  timeoutMs?: number,
): Promise<NextcloudUser> {
  const data = await requestOcs(http, { host, path: ocsPaths.currentUser, credentials, timeoutMs });
  const { id, 'display-name': displayName } = (data ?? {}) as { id?: unknown; 'display-name'?: unknown };
  if (typeof id !== 'string' || id === '') {
    throw new UpstreamError('Nextcloud answered without a user id.');
  }
  return { id, displayName: typeof displayName === 'string' ? displayName : id };
}
