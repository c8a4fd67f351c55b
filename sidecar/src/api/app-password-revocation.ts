// Revokes a user's stored app password at Nextcloud before the sidecar forgets it, reporting the outcome instead of
// failing the user's revoke request (the local copy goes either way).
import { UnauthenticatedError } from '../errors.js';
import type { Logger } from '../logging/logger.js';
import type { HttpClient } from '../net/http-client.js';
import { revokeAppPassword } from '../platform/app-password-revocation.js';
import type { AppPasswordRecord } from '../store/app-passwords.js';

/** `already_invalid`: Nextcloud no longer accepted the password (revoked elsewhere), so nothing was left to revoke. */
export type AppPasswordRevocation = 'revoked' | 'already_invalid' | 'failed' | 'not_needed';

export interface AppPasswordRevocationDeps {
  http: HttpClient;
  nextcloudHost: string;
  timeoutMs: number;
  logger: Logger;
}

export async function revokeStoredAppPassword(
  deps: AppPasswordRevocationDeps,
  stored: AppPasswordRecord | undefined,
  requestId: string,
): Promise<AppPasswordRevocation> {
  if (!stored) return 'not_needed';
  try {
    await revokeAppPassword(deps.http, deps.nextcloudHost, stored, deps.timeoutMs);
    return 'revoked';
  } catch (error) {
    if (error instanceof UnauthenticatedError) return 'already_invalid';
    deps.logger.warn({ requestId, err: error }, 'revoking the app password at Nextcloud failed');
    return 'failed';
  }
}
