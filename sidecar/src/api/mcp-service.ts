// The MCP endpoint as the composition root sees it: the SDK, the tools and their schemas are loaded by the first
// request to /mcp (about 15 MB of heap an idle sidecar does not hold), or right after listening with MCP_PRELOAD.
import { Router, type NextFunction, type Request, type Response } from 'express';
import type { McpEndpoint } from './mcp-endpoint.js';
import type { McpServiceDeps, McpStack } from './mcp-stack.js';

export type { McpServiceDeps } from './mcp-stack.js';

export interface McpService extends McpEndpoint {
  /** With MCP_PRELOAD: loads the stack and builds what the first caller would otherwise wait for. */
  warmUp(): Promise<void>;
}

export function createMcpService(deps: McpServiceDeps): McpService {
  let stack: McpStack | undefined;
  let loading: Promise<McpStack> | undefined;
  const load = () =>
    (loading ??= import('./mcp-stack.js').then(({ createMcpStack }) => (stack = createMcpStack(deps))));
  const router = Router();
  router.all('/mcp', (req: Request, res: Response, next: NextFunction) => {
    if (stack) return stack.router(req, res, next);
    load().then((loaded) => loaded.router(req, res, next), next);
  });
  return {
    router,
    sessionCount: () => stack?.sessionCount() ?? 0,
    warmUp: async () => {
      if (deps.settings.mcp.preload) await (await load()).warmUp();
    },
    close: async () => {
      if (loading) await (await loading).close();
    },
  };
}
