// The routes an Express app registers (method and path), read from its router: for tests that must cover every route.
import type { Express } from 'express';

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
