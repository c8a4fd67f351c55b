// Basic mode's one configured user: its Nextcloud user id (which may differ from the login name), asked once and
// remembered; a failure is asked again next time.
import type { HttpClient } from '../net/http-client.js';
import type { NextcloudCredentials } from '../platform/credentials.js';
import { fetchCurrentUser } from '../platform/current-user.js';

export interface BasicUser {
  credentials: NextcloudCredentials;
  userId(): Promise<string>;
}

export function createBasicUser(
  http: HttpClient,
  host: string,
  credentials: NextcloudCredentials,
  timeoutMs: number,
): BasicUser {
  let known: Promise<string> | undefined;
  return {
    credentials,
    userId: () => {
      known ??= fetchCurrentUser(http, host, credentials, timeoutMs)
        .then((user) => user.id)
        .catch((error: unknown) => {
          known = undefined;
          throw error;
        });
      return known;
    },
  };
}
