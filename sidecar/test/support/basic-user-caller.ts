// The credential resolver of basic mode for tests that mount one router: its configured user with a known user id,
// behind the loopback-only Host rule (what the sidecar applies when MCP_ALLOWED_HOSTS is unset); and the route guards
// (without a management key) that identify that caller in front of the router, as the app mounts them.
import type { NextFunction, Request, Response, Router } from 'express';
import { createRouteGuards } from '../../src/api/route-guards.js';
import { createConfiguredKeyCheck } from '../../src/http/api-key.js';
import { requireKnowledgeCaller, type KnowledgeCallerDeps } from '../../src/http/knowledge-caller.js';
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

/** The app's route guards for `caller`, with no management key configured. */
export function guardsFor(caller: KnowledgeCallerDeps): Router {
  const noKey = (_req: Request, _res: Response, next: NextFunction) => next();
  return createRouteGuards({
    apiKey: noKey,
    caller: requireKnowledgeCaller(caller),
    configuredKey: createConfiguredKeyCheck(undefined),
  });
}
