// The MCP side of the sidecar for a mode, loaded on first use by mcp-service.ts: the per-caller server factory, the
// HTTP endpoint and its sessions; callers are identified by the credential resolver the composition root built.
import type { NextcloudAccess, NextcloudCredentialResolver } from '../auth/nextcloud-credentials.js';
import type { HostOriginRule } from '../http/host-origin-check.js';
import type { Logger } from '../logging/logger.js';
import type { RateLimiterFactory } from '../limits/rate-limit.js';
import type { HttpClient } from '../net/http-client.js';
import type { CallerMemoStore } from '../platform/caller-memo.js';
import type { Settings } from '../settings/settings.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import type { DocumentReaders } from '../knowledge/extract/document-readers.js';
import { accessOf, createMcpEndpoint, type McpEndpoint } from './mcp-endpoint.js';
import { createLegacySessions } from '../mcp/legacy-sessions.js';
import { createFactoryDeps } from '../mcp/factory-deps.js';
import { buildMcpServer, type ServerFactoryDeps } from '../mcp/server-factory.js';
import { warmUpMcp } from '../mcp/warm-up.js';

export interface McpServiceDeps {
  settings: Settings;
  http: HttpClient;
  logger: Logger;
  /** Who each request acts for (its `mcpAccess` view). */
  credentials: Pick<NextcloudCredentialResolver, 'mcpAccess'>;
  /** The tools' memo of per-caller answers (shared with multi_user_basic's credential check). */
  memo: CallerMemoStore;
  /** DNS-rebinding protection (MCP_ALLOWED_HOSTS, MCP_ALLOWED_ORIGINS). */
  hostOrigin: HostOriginRule;
  /** Present when KNOWLEDGE_ENABLED is on: its tools are listed too. */
  knowledge?: Knowledge;
  /** Where the file tools read documents (the composition root's, shared with the index and closed by the root). */
  documents: DocumentReaders;
  /** Where the knowledge tools' reads count: the same as the REST routes'. */
  rateLimiters: RateLimiterFactory;
  /** Told of every tool call (METRICS_ENABLED). */
  observeToolCall?: ServerFactoryDeps['observeToolCall'];
  clock?: () => number;
}

export interface McpStack extends McpEndpoint {
  /** Builds what the first caller would otherwise wait for (schemas, one in-memory round trip). */
  warmUp(): Promise<void>;
}

export function createMcpStack(deps: McpServiceDeps): McpStack {
  const factoryDeps = createFactoryDeps(deps, (context) => {
    const authInfo = context.http?.authInfo;
    return { access: accessOf(authInfo), requestId: String(authInfo?.extra?.requestId ?? 'mcp') };
  });
  const endpoint = createMcpEndpoint({
    resolveAccess: deps.credentials.mcpAccess,
    createServer: (access: NextcloudAccess, calledTool?: string) => buildMcpServer(factoryDeps, access, calledTool),
    stateless: deps.settings.authMode === 'smithery',
    sessions: createLegacySessions({
      logger: deps.logger,
      maxSessions: deps.settings.mcp.maxSessions,
      maxSessionsPerUser: deps.settings.mcp.maxSessionsPerUser,
      clock: deps.clock,
    }),
    hostOrigin: deps.hostOrigin,
    logger: deps.logger,
  });
  return {
    ...endpoint,
    warmUp: () => warmUpMcp(factoryDeps),
    close: () => endpoint.close(),
  };
}
