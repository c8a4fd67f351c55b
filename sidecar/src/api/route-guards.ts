// The guards of every route, mounted once from the route table (route-access.ts): the management key where a row asks
// for it, then the caller of the user-data routes. The routers behind it serve; none chooses a guard of its own.
import { Router, type RequestHandler } from 'express';
import { ROUTE_ACCESS, type RouteAccess } from './route-access.js';

export interface RouteGuardDeps {
  /** X-API-Key (http/api-key.ts): passes everything when no key is configured. */
  apiKey: RequestHandler;
  /** The caller of user-data routes (http/knowledge-caller.ts), with basic mode's Host/Origin rule. */
  caller: RequestHandler;
  /** Refuses every request when no management key is configured (http/api-key.ts): the key is the credential. */
  configuredKey: RequestHandler;
}

/**
 * A router that runs, for each row of `rows`, the guards the row asks for and then hands the request on (a guard
 * route ends with `next()`), so the route's own router answers it. Rows whose credential the route checks itself
 * (app passwords, owner tokens, /mcp, webhook secrets, the sign-in pages) get only the key here, if they ask for it.
 */
export function createRouteGuards(deps: RouteGuardDeps, rows: readonly RouteAccess[] = ROUTE_ACCESS): Router {
  const router = Router();
  for (const row of rows) {
    const guards = [
      ...(row.apiKey || row.credential === 'management-key' ? [deps.apiKey] : []),
      ...(row.credential === 'management-key' ? [deps.configuredKey] : []),
      ...(row.credential === 'caller' ? [deps.caller] : []),
    ];
    if (guards.length === 0) continue;
    const method = row.method === 'ALL' ? 'all' : (row.method.toLowerCase() as 'get' | 'post' | 'delete');
    router[method](row.path, ...guards);
  }
  return router;
}
