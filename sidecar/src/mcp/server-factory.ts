// Builds an McpServer for one caller: the tools of the apps that caller's Nextcloud has, each wrapped so that it
// runs with the credentials of the request at hand and answers through the one result translator.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import type { Logger } from '../logging/logger.js';
import type { HttpClient } from '../net/http-client.js';
import type { CapabilitiesCache } from '../platform/capabilities.js';
import { createNextcloudClient } from '../platform/nextcloud-client.js';
import { SIDECAR_VERSION } from '../version.js';
import { UnauthenticatedError } from '../errors.js';
import type { NextcloudAccess } from './access.js';
import { isAppInstalled } from './app-availability.js';
import type { ToolApp, ToolContext, ToolDefinition } from './tool-definition.js';
import { toErrorResult, toSuccessResult } from './tool-results.js';

export interface RequestScope {
  access: NextcloudAccess;
  requestId: string;
}

export interface ServerFactoryDeps {
  tools: ToolDefinition[];
  http: HttpClient;
  capabilities: CapabilitiesCache;
  logger: Logger;
  /** NEXTCLOUD_MCP_APPS: when set, only these apps' tools are offered. */
  enabledApps?: ReadonlySet<ToolApp>;
  /** The request scope of a tool call: from the HTTP request's auth info, or fixed (stdio). */
  scopeOf(context: ServerContext): RequestScope;
}

/** `access` is the caller at creation time; it decides which apps' tools are listed. */
export async function buildMcpServer(deps: ServerFactoryDeps, access: NextcloudAccess): Promise<McpServer> {
  const server = new McpServer(
    { name: 'nextcloud-mcp-server', version: SIDECAR_VERSION },
    {
      capabilities: { tools: {}, logging: {} },
      instructions: 'Tools to work with the files, notes, calendars and other apps of a Nextcloud account.',
    },
  );
  const installed = await installedApps(deps, access);
  for (const tool of deps.tools) {
    if (deps.enabledApps && tool.app !== 'core' && !deps.enabledApps.has(tool.app)) continue;
    if (installed && !installed(tool.app)) continue;
    registerTool(server, tool, deps);
  }
  return server;
}

async function installedApps(deps: ServerFactoryDeps, access: NextcloudAccess) {
  if (!access.credentials) return undefined;
  try {
    const capabilities = await deps.capabilities.get(
      createNextcloudClient({ http: deps.http, host: access.host, credentials: access.credentials }),
    );
    return (app: ToolApp) => isAppInstalled(app, capabilities);
  } catch (error) {
    deps.logger.warn({ err: error }, 'capabilities unavailable; listing every tool');
    return undefined;
  }
}

function registerTool(server: McpServer, tool: ToolDefinition, deps: ServerFactoryDeps): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: tool.input,
      outputSchema: tool.output,
      annotations: tool.annotations,
    },
    async (args: unknown, context: ServerContext) => {
      const { access, requestId } = deps.scopeOf(context);
      try {
        if (!access.credentials)
          throw new UnauthenticatedError(access.missingCredentialsMessage ?? 'No Nextcloud credentials.');
        const toolContext: ToolContext = {
          nextcloud: createNextcloudClient({ http: deps.http, host: access.host, credentials: access.credentials }),
          requestId,
          signal: context.mcpReq.signal,
          logger: deps.logger,
          reportProgress: progressReporter(context),
        };
        const result = await tool.run(args as never, toolContext);
        return toSuccessResult(result as Record<string, unknown>, tool.summarize(result));
      } catch (error) {
        return toErrorResult(error, { tool: tool.name, requestId, logger: deps.logger });
      }
    },
  );
}

function progressReporter(context: ServerContext): ToolContext['reportProgress'] {
  const token = context.mcpReq._meta?.progressToken;
  if (token === undefined) return async () => undefined;
  return async (progress, total, message) => {
    await context.mcpReq.notify({
      method: 'notifications/progress',
      params: { progressToken: token, progress, total, message },
    });
  };
}
