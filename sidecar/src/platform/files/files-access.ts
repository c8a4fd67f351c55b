// What every WebDAV call of the files client needs: the caller's Nextcloud client and their user id, which DAV
// paths use and which can differ from the login name.
import { fetchCurrentUserWith } from '../current-user.js';
import type { NextcloudClient } from '../nextcloud-client.js';

export interface FilesAccess {
  client: NextcloudClient;
  userId: string;
}

/** Looks the user id up once per tool call (GET /ocs/v2.php/cloud/user). */
export async function resolveFilesAccess(client: NextcloudClient): Promise<FilesAccess> {
  const user = await fetchCurrentUserWith(client);
  return { client, userId: user.id };
}
