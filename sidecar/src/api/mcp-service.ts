// Assembles the MCP side of the sidecar for a mode: access resolution, the per-caller server factory, the HTTP
// endpoint and its sessions.
import { createBasicCredentialCheck } from '../auth/basic-credential-check.js';
import { createAccessResolver, type FailureLimit, type NextcloudAccess } from '../auth/caller-access.js';
import type { OAuthContext } from '../auth/oauth-context.js';
import type { Logger } from '../logging/logger.js';
import type { RateLimiterFactory } from '../limits/rate-limit.js';
import type { AddressPolicy } from '../net/address-policy.js';
import type { HttpClient } from '../net/http-client.js';
import type { Settings } from '../settings/settings.js';
import type { AppPasswordStore } from '../store/app-passwords.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import { hostOriginRuleFor } from '../http/host-origin-check.js';
import { accessOf, createMcpEndpoint, type McpEndpoint } from './mcp-endpoint.js';
import { createLegacySessions } from '../mcp/legacy-sessions.js';
import { createFactoryDeps } from '../mcp/factory-deps.js';
import { buildMcpServer, type ServerFactoryDeps } from '../mcp/server-factory.js';
import { warmUpMcp } from '../mcp/warm-up.js';

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
  /** Present when KNOWLEDGE_ENABLED is on: its tools are listed too. */
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
