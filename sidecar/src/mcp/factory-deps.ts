// The dependencies of the per-caller MCP server factory, shared by the HTTP endpoint and stdio: the tools of the
// enabled apps (and the knowledge tools when sync is on), resources, the caller memo and the tool-call observer.
import type { Knowledge } from '../knowledge/knowledge.js';
import { createKnowledgeReadLimiter } from '../limits/knowledge-read-limit.js';
import { createNextcloudSearchLimiter } from '../limits/nextcloud-search-limit.js';
import type { RateLimiterFactory } from '../limits/rate-limit.js';
import type { Logger } from '../logging/logger.js';
import type { HttpClient } from '../net/http-client.js';
import type { CallerMemoStore } from '../platform/caller-memo.js';
import type { Settings } from '../settings/settings.js';
import { TOOL_APPS } from './app-availability.js';
import type { DocumentReaders } from '../knowledge/extract/document-readers.js';
import { ALL_RESOURCE_TEMPLATES } from './resource-catalog.js';
import type { ServerFactoryDeps } from './server-factory.js';
import { ALL_TOOLS } from './tool-catalog.js';
import type { ToolApp } from './tool-definition.js';
import { createKnowledgeTools } from './tools/knowledge.js';

export interface FactoryDepsInput {
  settings: Settings;
  http: HttpClient;
  logger: Logger;
  /** Present when KNOWLEDGE_ENABLED is on: its tools are listed too. */
  knowledge?: Knowledge;
  /** Told of every tool call (METRICS_ENABLED). */
  observeToolCall?: ServerFactoryDeps['observeToolCall'];
  /** Where the knowledge tools' reads count (the composition root: the same as the REST routes'). */
  rateLimiters: RateLimiterFactory;
  /** The per-caller memo of Nextcloud answers (the composition root's, shared with the credential check). */
  memo: CallerMemoStore;
  /** The composition root's document readers (shared with the knowledge index, closed by the root). */
  documents: DocumentReaders;
  clock?: () => number;
}

/** The factory dependencies shared by HTTP and stdio; `scopeOf` says where a call's access comes from. */
export function createFactoryDeps(deps: FactoryDepsInput, scopeOf: ServerFactoryDeps['scopeOf']): ServerFactoryDeps {
  const knowledgeTools = (knowledge: Knowledge) =>
    createKnowledgeTools(
      knowledge,
      createKnowledgeReadLimiter(deps.rateLimiters),
      createNextcloudSearchLimiter(deps.rateLimiters),
    );
  return {
    tools: deps.knowledge ? [...ALL_TOOLS, ...knowledgeTools(deps.knowledge)] : ALL_TOOLS,
    resources: ALL_RESOURCE_TEMPLATES,
    http: deps.http,
    logger: deps.logger,
    memo: deps.memo,
    enabledApps: enabledApps(deps.settings.mcp.apps, deps.logger),
    listAllTools: deps.settings.mcp.listAllTools,
    scopeOf,
    observeToolCall: deps.observeToolCall,
    // One pool for the file tools and the index: the bounds the operator set apply to both together.
    documents: deps.documents,
  };
}

function enabledApps(names: string[], logger: Logger): ReadonlySet<ToolApp> | undefined {
  if (names.length === 0) return undefined;
  const unknown = names.filter((name) => !(TOOL_APPS as string[]).includes(name));
  if (unknown.length > 0) logger.warn({ unknown, known: TOOL_APPS }, 'NEXTCLOUD_MCP_APPS names unknown apps');
  return new Set(names.filter((name): name is ToolApp => (TOOL_APPS as string[]).includes(name)));
}
