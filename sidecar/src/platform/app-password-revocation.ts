// Revokes an app password at Nextcloud: DELETE /ocs/v2.php/core/apppassword, authenticated with that very password.
import type { HttpClient } from '../net/http-client.js';
import type { NextcloudCredentials } from './credentials.js';
import { createNextcloudClient } from './nextcloud-client.js';
import { ocsPaths } from './urls.js';

/**
 * From the next request on, Nextcloud refuses the password (401). Throws the sidecar's errors: UnauthenticatedError
 * when the password no longer works (already revoked), ForbiddenError when it is a login password, not an app password.
 */
export async function revokeAppPassword(
  http: HttpClient,
  host: string,
  credentials: NextcloudCredentials,
  timeoutMs?: number,
): Promise<void> {
  await createNextcloudClient({ http, host, credentials }).request(ocsPaths.appPassword, {
    method: 'DELETE',
    timeoutMs,
  });
}
