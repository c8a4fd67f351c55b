// The routes an Express app registers (method and path), read from its router: for tests that must cover every route.
import type { Express } from 'express';
import { createApp } from '../../src/api/app.js';
import { createOAuthContext } from '../../src/auth/oauth-context.js';
import { createLogger } from '../../src/logging/logger.js';
import { createServerMetricsFor } from '../../src/metrics/server-metrics.js';
import { createKnowledge, syncCredentialsFrom } from '../../src/knowledge/knowledge.js';
import { createWebhookRegistrationStore } from '../../src/knowledge/webhooks/webhook-registrations.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { parseSettings } from '../../src/settings/settings.js';
import { openStore } from '../../src/store/open-store.js';
import { makeTempDir } from './temp-dir.js';

export interface RegisteredRoute {
  /** Upper case; `ALL` for `router.all`. */
  method: string;
  path: string;
}

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** Every route of the app and of the routers it mounts (at its root, as app.ts mounts them). */
export function listRoutes(app: Express): RegisteredRoute[] {
  const router = (app as unknown as { router: { stack: RouterLayer[] } }).router;
  return collectRoutes(router.stack);
}

/**
 * The routes of the app as the composition root builds it for the settings `env` (without the MCP endpoint, and
 * without the knowledge index unless `withKnowledge`: then with it and the webhook receiver it brings, when the
 * settings turn it on). They do not depend on a reachable provider: the OAuth context (of hybrid and oauth modes, at
 * `nextcloudUrl`) is never started, nor is the sync.
 */
export async function routesOfApp(
  env: Record<string, string>,
  nextcloudUrl: string,
  options: { withKnowledge?: boolean } = {},
): Promise<RegisteredRoute[]> {
  const temp = makeTempDir();
  const settings = parseSettings({ ...env, TOKEN_STORAGE_DB: temp.file('store.db') });
  const logger = createLogger('silent');
  const http = createHttpClient({ verifySsl: true, timeoutMs: 1000, userAgent: 'test' });
  const storage = await openStore({ path: settings.tokenStorageDb, encryptionKey: settings.tokenEncryptionKey });
  const publicUrl = 'http://127.0.0.1:1';
  const oauth = createOAuthContext({
    http,
    logger,
    discoveryUrl: `${nextcloudUrl}/index.php/.well-known/openid-configuration`,
    nextcloudHost: nextcloudUrl,
    publicUrl,
  });
  const knowledge =
    options.withKnowledge && settings.knowledge.enabled
      ? await createKnowledge({
          settings,
          http,
          logger,
          db: storage.db,
          credentials: syncCredentialsFrom({ appPasswords: storage.appPasswords }),
        })
      : undefined;
  try {
    const app = createApp({
      settings,
      logger,
      http,
      storage,
      version: 'test',
      oauth: settings.authMode === 'basic' ? undefined : oauth,
      publicUrl,
      metrics: createServerMetricsFor(settings),
      knowledge,
      webhookRegistrations:
        knowledge && storage.box
          ? createWebhookRegistrationStore({ db: storage.db, box: storage.box, audit: storage.audit })
          : undefined,
    });
    return listRoutes(app);
  } finally {
    await knowledge?.close();
    await http.close();
    await storage.close();
    temp.remove();
  }
}

/** A route's path with its parameters filled in (`:userId` → `alice`, `:id` → `1`). */
export function examplePath(path: string): string {
  return path.replace(/:userId\b/g, 'alice').replace(/:\w+/g, '1');
}

function collectRoutes(stack: RouterLayer[]): RegisteredRoute[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const { route } = layer;
      const methods = Object.keys(route.methods).map((method) => (method === '_all' ? 'ALL' : method.toUpperCase()));
      return [route.path].flat().flatMap((path) => methods.map((method) => ({ method, path })));
    }
    return layer.handle?.stack ? collectRoutes(layer.handle.stack) : [];
  });
}
