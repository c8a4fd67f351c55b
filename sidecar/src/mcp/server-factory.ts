// Builds an McpServer for one caller: the tools of the apps that caller's Nextcloud has, served by the process's one
// tool dispatcher; each tool runs with the credentials of the request at hand and answers through the one result
// translator.
import { McpServer, ResourceTemplate, type ServerContext } from '@modelcontextprotocol/server';
import type { Logger } from '../logging/logger.js';
import type { ToolCallObserver } from '../metrics/tool-call-metrics.js';
import type { HttpClient } from '../net/http-client.js';
import type { CallerMemoStore } from '../platform/caller-memo.js';
import { rememberCapabilities } from '../platform/capabilities.js';
import type { NextcloudCredentials } from '../platform/credentials.js';
import { createNextcloudClient } from '../platform/nextcloud-client.js';
import { SIDECAR_VERSION } from '../version.js';
import { UnauthenticatedError } from '../errors.js';
import type { NextcloudAccess } from '../auth/nextcloud-credentials.js';
import { missingScopeMessage, scopeForTool } from '../auth/scope-catalogue.js';
import { isAppInstalled } from './app-availability.js';
import type { DocumentReaders } from '../knowledge/extract/document-readers.js';
import type { ResourceTemplateDefinition } from './resource-definition.js';
import type { ToolApp, ToolContext, ToolDefinition, ToolGroupControl } from './tool-definition.js';
import { createToolDispatcher, type ToolDispatcher, type ToolOffer } from './tool-dispatcher.js';
import { createToolGroupSession } from './tool-groups.js';
import { logFailure, safeMessage, toErrorResult, toSuccessResult } from './tool-results.js';

export interface RequestScope {
  access: NextcloudAccess;
  requestId: string;
}

export interface ServerFactoryDeps {
  tools: ToolDefinition[];
  resources?: ResourceTemplateDefinition[];
  http: HttpClient;
  /** Remembers each caller's user and capabilities across tool calls. */
  memo: CallerMemoStore;
  logger: Logger;
  /** NEXTCLOUD_MCP_APPS: when set, only these apps' tools are offered. */
  enabledApps?: ReadonlySet<ToolApp>;
  /** The request scope of a tool call: from the HTTP request's auth info, or fixed (stdio). */
  scopeOf(context: ServerContext): RequestScope;
  /** Told of every tool call that reached its tool (METRICS_ENABLED). */
  observeToolCall?: ToolCallObserver;
  /** Where the file tools read documents' text: the composition root's readers, shared with the index. */
  documents?: DocumentReaders;
  /** MCP_LIST_ALL_TOOLS: list every offered tool from the start instead of the default tool groups. */
  listAllTools?: boolean;
}

const INSTRUCTIONS = 'Tools to work with the files, notes, calendars and other apps of a Nextcloud account.';
/** Where only the default tool groups are listed, the model learns where the others are before it sees a list. */
const GROUPED_INSTRUCTIONS = `${INSTRUCTIONS} Tools of more apps (Deck, Contacts, News, Tables and others) are listed by nc_core_list_tool_groups and added with nc_core_enable_tool_groups.`;

/**
 * `access` is the caller at creation time; it decides which apps' tools are listed. With `calledTool` (a server for
 * one `tools/call`), only that tool is offered when it is offered at all; otherwise every offered tool is, so that a
 * call of an unknown or unoffered tool is answered exactly as by a full server.
 */
export async function buildMcpServer(
  deps: ServerFactoryDeps,
  access: NextcloudAccess,
  calledTool?: string,
): Promise<McpServer> {
  const server = new McpServer(
    { name: 'nextcloud-mcp-server', version: SIDECAR_VERSION },
    {
      capabilities: { tools: { listChanged: true }, logging: {} },
      instructions: deps.listAllTools ? INSTRUCTIONS : GROUPED_INSTRUCTIONS,
    },
  );
  const installed = await installedApps(deps, access);
  const offered = (app: ToolApp) =>
    (!deps.enabledApps || app === 'core' || deps.enabledApps.has(app)) && (!installed || installed(app));
  // A token of the sidecar's own authorization server carries scopes: a tool needs its app's read or write scope.
  const granted = access.scopes && new Set(access.scopes);
  const inScope = (tool: ToolDefinition) => !granted || granted.has(requiredScope(tool));
  // Every filter of what this caller is offered goes into this predicate; offers are cached by the tools it keeps.
  const isOffered = (tool: ToolDefinition) => offered(tool.app) && inScope(tool);
  const refusal = (name: string) => {
    const tool = deps.tools.find((candidate) => candidate.name === name && offered(candidate.app));
    return tool && !inScope(tool) ? missingScopeMessage(name, requiredScope(tool)) : undefined;
  };
  const dispatcher = dispatcherFor(deps);
  const single = calledTool === undefined ? undefined : deps.tools.find((t) => t.name === calledTool && isOffered(t));
  // Every offered tool can be called; tools/list shows the default groups and those the session enabled.
  const offer = dispatcher.offer(single ? (tool) => tool === single : isOffered);
  const session = createToolGroupSession({ listAll: deps.listAllTools ?? false, persistent: calledTool === undefined });
  const listedOffer = () => dispatcher.offer((tool) => isOffered(tool) && session.isListed(tool.app));
  let listed: ToolOffer = single ? offer : listedOffer();
  const toolGroups: ToolGroupControl = {
    persistent: session.persistent,
    groups: () => groupsOf(deps.tools.filter(isOffered), session.isListed),
    enable: async (apps) => {
      const added = session.enable(apps);
      if (added.length > 0 && !single) listed = listedOffer();
      return added;
    },
  };
  dispatcher.serve(server, offer, { refusal, listed: () => listed.list, toolGroups });
  if (single) return server;
  for (const resource of deps.resources ?? []) {
    if (offered(resource.app) && (!granted || granted.has(scopeForTool(resource.app, true)))) {
      registerResource(server, resource, deps);
    }
  }
  return server;
}

/** The groups of `tools` in catalog order, each with its tool names. */
function groupsOf(tools: ToolDefinition[], isListed: (app: ToolApp) => boolean) {
  const groups = new Map<ToolApp, string[]>();
  for (const tool of tools) groups.set(tool.app, [...(groups.get(tool.app) ?? []), tool.name]);
  return [...groups].map(([group, names]) => ({ group, listed: isListed(group), tools: names }));
}

/** The scope a tool needs under a token of the sidecar's authorization server. */
export function requiredScope(tool: ToolDefinition): string {
  return scopeForTool(tool.app, tool.annotations.readOnlyHint);
}

const dispatchers = new WeakMap<ServerFactoryDeps, ToolDispatcher>();

/** The dispatcher of a set of factory dependencies (one per process: the composition root builds them once). */
function dispatcherFor(deps: ServerFactoryDeps): ToolDispatcher {
  let dispatcher = dispatchers.get(deps);
  if (!dispatcher) {
    dispatcher = createToolDispatcher({
      tools: deps.tools,
      run: (tool, args, context, toolGroups) => runTool(deps, tool, args, context, toolGroups),
      refuse: (tool, error, context) =>
        toErrorResult(error, { tool: tool.name, requestId: deps.scopeOf(context).requestId, logger: deps.logger }),
    });
    dispatchers.set(deps, dispatcher);
  }
  return dispatcher;
}

async function installedApps(deps: ServerFactoryDeps, access: NextcloudAccess) {
  if (!access.credentials) return undefined;
  try {
    const capabilities = await rememberCapabilities(clientFor(deps, access, access.credentials));
    return (app: ToolApp) => isAppInstalled(app, capabilities);
  } catch (error) {
    deps.logger.warn({ err: error }, 'capabilities unavailable; listing every tool');
    return undefined;
  }
}

async function runTool(
  deps: ServerFactoryDeps,
  tool: ToolDefinition,
  args: unknown,
  context: ServerContext,
  toolGroups?: ToolGroupControl,
) {
  const { requestId } = deps.scopeOf(context);
  const started = performance.now();
  try {
    const result = await tool.run(args as never, {
      ...createToolContext(deps, context),
      toolGroups: toolGroups && withListChanged(toolGroups, context),
    });
    const summary = tool.summarize(result);
    deps.observeToolCall?.(tool.name, undefined, performance.now() - started);
    return toSuccessResult(result as Record<string, unknown>, summary);
  } catch (error) {
    deps.observeToolCall?.(tool.name, error, performance.now() - started);
    return toErrorResult(error, { tool: tool.name, requestId, logger: deps.logger });
  }
}

/** Resources fail as protocol errors (there is no isError for reads), with the same safe messages as tools. */
function registerResource(server: McpServer, resource: ResourceTemplateDefinition, deps: ServerFactoryDeps): void {
  const config = { title: resource.title, description: resource.description, mimeType: resource.mimeType };
  const template = new ResourceTemplate(resource.uriTemplate, { list: undefined });
  server.registerResource(resource.name, template, config, async (uri, variables, context) => {
    const { requestId } = deps.scopeOf(context);
    const values = Object.fromEntries(Object.entries(variables).map(([key, value]) => [key, String(value)]));
    try {
      const contents = await resource.read(values, createToolContext(deps, context));
      return { contents: [{ uri: uri.href, mimeType: contents.mimeType, text: contents.text }] };
    } catch (error) {
      logFailure(error, { tool: resource.name, requestId, logger: deps.logger });
      throw new Error(safeMessage(error));
    }
  });
}

function createToolContext(deps: ServerFactoryDeps, context: ServerContext): ToolContext {
  const { access, requestId } = deps.scopeOf(context);
  if (!access.credentials)
    throw new UnauthenticatedError(access.missingCredentialsMessage ?? 'No Nextcloud credentials.');
  return {
    nextcloud: clientFor(deps, access, access.credentials),
    requestId,
    signal: context.mcpReq.signal,
    logger: deps.logger,
    reportProgress: progressReporter(context),
    documents: deps.documents,
  };
}

/** The session's tool groups, telling the client on this request's stream when enabling changed its list. */
function withListChanged(toolGroups: ToolGroupControl, context: ServerContext): ToolGroupControl {
  return {
    persistent: toolGroups.persistent,
    groups: () => toolGroups.groups(),
    enable: async (apps) => {
      const added = await toolGroups.enable(apps);
      if (added.length > 0 && toolGroups.persistent) {
        await context.mcpReq.notify({ method: 'notifications/tools/list_changed' });
      }
      return added;
    },
  };
}

function clientFor(deps: ServerFactoryDeps, access: NextcloudAccess, credentials: NextcloudCredentials) {
  return createNextcloudClient({ http: deps.http, host: access.host, credentials, memo: deps.memo });
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
