// The routes an Express app registers (method and path), read from its router: for tests that must cover every route.
import type { Express } from 'express';
import { createApp } from '../../src/api/app.js';
import { createContext } from '../../src/context/context.js';
import { createLogger } from '../../src/logging/logger.js';
import { parseSettings } from '../../src/settings/settings.js';
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
 * settings turn it on). They do not depend on a reachable provider: the context's OAuth context (of hybrid and oauth
 * modes, at NEXTCLOUD_HOST) is never started, nor is the sync.
 */
export async function routesOfApp(
  env: Record<string, string>,
  options: { withKnowledge?: boolean } = {},
): Promise<RegisteredRoute[]> {
  const temp = makeTempDir();
  const settings = parseSettings({ ...env, TOKEN_STORAGE_DB: temp.file('store.db') });
  const context = await createContext(settings, { logger: createLogger('silent') });
  try {
    const knowledge = options.withKnowledge ? context.knowledge : undefined;
    return listRoutes(createApp({ ...context, mcp: undefined, knowledge }));
  } finally {
    await context.close();
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
