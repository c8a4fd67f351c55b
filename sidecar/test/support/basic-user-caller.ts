// The credential resolver of basic mode for tests that mount one router: its configured user with a known user id,
// behind the loopback-only Host rule (what the sidecar applies when MCP_ALLOWED_HOSTS is unset).
import { createCredentialResolver, type NextcloudCredentialResolver } from '../../src/auth/nextcloud-credentials.js';
import { createHostOriginRule } from '../../src/http/host-origin-check.js';
import type { NextcloudCredentials } from '../../src/platform/credentials.js';
import { parseSettings } from '../../src/settings/settings.js';

export function basicUserCaller(
  nextcloudUrl: string,
  userId: string,
  credentials: NextcloudCredentials,
): NextcloudCredentialResolver {
  return createCredentialResolver({
    settings: parseSettings({
      NEXTCLOUD_HOST: nextcloudUrl,
      NEXTCLOUD_USERNAME: credentials.loginName,
      NEXTCLOUD_PASSWORD: credentials.password,
    }),
    basicUser: { userId: async () => userId, credentials },
    hostOrigin: createHostOriginRule({ allowedHosts: [], allowedOrigins: [] }),
  });
}
