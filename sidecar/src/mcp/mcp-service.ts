// Assembles the MCP side of the sidecar for a mode: access resolution, the per-caller server factory, the HTTP
// endpoint and its sessions.
import { createBasicCredentialCheck } from '../auth/basic-credential-check.js';
import { createAccessResolver, type FailureLimit, type NextcloudAccess } from '../auth/caller-access.js';
import type { OAuthContext } from '../auth/oauth-context.js';
import type { Logger } from '../logging/logger.js';
import { createKnowledgeReadLimiter } from '../api/knowledge-read-limit.js';
import { memoryRateLimiters, type RateLimiterFactory } from '../api/rate-limit.js';
import type { AddressPolicy } from '../net/address-policy.js';
import type { HttpClient } from '../net/http-client.js';
import { createCallerMemoStore } from '../platform/caller-memo.js';
import type { Settings } from '../settings/settings.js';
import type { AppPasswordStore } from '../store/app-passwords.js';
import type { Knowledge } from '../sync/knowledge.js';
import { TOOL_APPS } from './app-availability.js';
import { hostOriginRuleFor } from './host-origin-check.js';
import { accessOf, createMcpEndpoint, type McpEndpoint } from './http-endpoint.js';
import { createLegacySessions } from './legacy-sessions.js';
import { buildMcpServer, type ServerFactoryDeps } from './server-factory.js';
import { ALL_RESOURCE_TEMPLATES } from './resource-catalog.js';
import { ALL_TOOLS } from './tool-catalog.js';
import { createKnowledgeTools } from './tools/knowledge.js';
import { warmUpMcp } from './warm-up.js';
import type { ToolApp } from './tool-definition.js';

export interface McpServiceDeps {
  settings: Settings;
  http: HttpClient;
  logger: Logger;
  publicUrl: string;
  oauth?: OAuthContext;
  appPasswords?: AppPasswordStore;
  /** smithery: the addresses callers may name (the HTTP client enforces the same policy when connecting). */
  addressPolicy?: AddressPolicy;
  /** multi_user_basic: failed validations per client address. */
  failedValidations?: FailureLimit;
  /** Present when VECTOR_SYNC_ENABLED is on: its tools are listed too. */
  knowledge?: Knowledge;
  /** Where the knowledge tools' reads count (the composition root: the same as the REST routes'); default in memory. */
  rateLimiters?: RateLimiterFactory;
  /** Told of every tool call (METRICS_ENABLED). */
  observeToolCall?: ServerFactoryDeps['observeToolCall'];
  clock?: () => number;
}

export interface McpService extends McpEndpoint {
  /** Builds what the first caller would otherwise wait for (schemas, one in-memory round trip). */
  warmUp(): Promise<void>;
}

export function createMcpService(deps: McpServiceDeps): McpService {
  const factoryDeps = createFactoryDeps(deps, (context) => {
    const authInfo = context.http?.authInfo;
    return { access: accessOf(authInfo), requestId: String(authInfo?.extra?.requestId ?? 'mcp') };
  });
  const endpoint = createMcpEndpoint({
    resolveAccess: createAccessResolver({
      settings: deps.settings,
      oauth: deps.oauth,
      appPasswords: deps.appPasswords,
      basicCheck: createBasicCredentialCheck({
        http: deps.http,
        memo: factoryDeps.memo,
        timeoutMs: deps.settings.nextcloud.validationTimeoutMs,
        clock: deps.clock,
      }),
      addressPolicy: deps.addressPolicy,
      failedValidations: deps.failedValidations,
    }),
    createServer: (access: NextcloudAccess) => buildMcpServer(factoryDeps, access),
    stateless: deps.settings.authMode === 'smithery',
    sessions: createLegacySessions({
      logger: deps.logger,
      maxSessions: deps.settings.mcp.maxSessions,
      maxSessionsPerUser: deps.settings.mcp.maxSessionsPerUser,
      clock: deps.clock,
    }),
    hostOrigin: hostOriginRuleFor(deps.settings, deps.publicUrl),
    logger: deps.logger,
  });
  return { ...endpoint, warmUp: () => warmUpMcp(factoryDeps) };
}

/** The factory dependencies shared by HTTP and stdio; `scopeOf` says where a call's access comes from. */
export function createFactoryDeps(
  deps: Pick<
    McpServiceDeps,
    'settings' | 'http' | 'logger' | 'knowledge' | 'observeToolCall' | 'rateLimiters' | 'clock'
  >,
  scopeOf: ServerFactoryDeps['scopeOf'],
): ServerFactoryDeps {
  const knowledgeTools = (knowledge: Knowledge) =>
    createKnowledgeTools(knowledge, createKnowledgeReadLimiter(deps.rateLimiters ?? memoryRateLimiters(deps.clock)));
  return {
    tools: deps.knowledge ? [...ALL_TOOLS, ...knowledgeTools(deps.knowledge)] : ALL_TOOLS,
    resources: ALL_RESOURCE_TEMPLATES,
    http: deps.http,
    logger: deps.logger,
    memo: createCallerMemoStore(),
    enabledApps: enabledApps(deps.settings.mcp.apps, deps.logger),
    scopeOf,
    observeToolCall: deps.observeToolCall,
  };
}

function enabledApps(names: string[], logger: Logger): ReadonlySet<ToolApp> | undefined {
  if (names.length === 0) return undefined;
  const unknown = names.filter((name) => !(TOOL_APPS as string[]).includes(name));
  if (unknown.length > 0) logger.warn({ unknown, known: TOOL_APPS }, 'NEXTCLOUD_MCP_APPS names unknown apps');
  return new Set(names.filter((name): name is ToolApp => (TOOL_APPS as string[]).includes(name)));
}
