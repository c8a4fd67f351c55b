// One sidecar process's OAuth side for tests: its own token cache and lock, the static client of the oidc double, and
// (for several processes on one database) the refresh lease and the shared access tokens of its store.
import { createOAuthContext, type OAuthServices } from '../../src/auth/oauth-context.js';
import { createRefreshLease } from '../../src/auth/refresh-lease.js';
import { createLogger } from '../../src/logging/logger.js';
import type { HttpClient } from '../../src/net/http-client.js';
import type { Store } from '../../src/store/open-store.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { SIDECAR_CLIENT } from './nextcloud-with-oidc.js';

export async function leasedOAuthServices(
  nextcloud: PlatformDouble,
  http: HttpClient,
  storage: Store,
  options: { shareAccessTokens?: boolean; lease?: boolean } = {},
): Promise<OAuthServices> {
  const context = createOAuthContext({
    http,
    logger: createLogger('silent'),
    discoveryUrl: nextcloud.oidc!.discoveryUrl,
    nextcloudHost: nextcloud.url,
    publicUrl: 'http://127.0.0.1:2',
    staticClient: { clientId: SIDECAR_CLIENT.clientId, clientSecret: SIDECAR_CLIENT.clientSecret },
    refreshTokens: storage.refreshTokens,
    accessTokens: options.shareAccessTokens === false ? undefined : storage.accessTokens,
    refreshLease: options.lease === false ? undefined : createRefreshLease({ db: storage.db }),
  });
  await context.start();
  return context.ready();
}
