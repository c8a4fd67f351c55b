// The caller's DAV identity: their Nextcloud client and the user id that names their DAV homes (not the login name).
import { rememberCurrentUser } from '../current-user.js';
import type { NextcloudClient } from '../nextcloud-client.js';

export interface DavAccount {
  client: NextcloudClient;
  /** The user id from /ocs/v2.php/cloud/user, as used in /remote.php/dav/… paths. */
  userId: string;
  displayName: string;
  /** The account's email, used as ORGANIZER of events with attendees. */
  email?: string;
}

export async function openDavAccount(client: NextcloudClient): Promise<DavAccount> {
  const user = await rememberCurrentUser(client);
  return { client, userId: user.id, displayName: user.displayName, email: user.email };
}
