// One per process: the tools every MCP server offers, listed once per set of offered tools and shared by all
// sessions; a server's tools/list and tools/call are answered from here, as the SDK's McpServer would answer them.
import {
  isInputRequiredResult,
  ProtocolError,
  ProtocolErrorCode,
  type CallToolResult,
  type McpServer,
  type ServerContext,
  type Tool,
} from '@modelcontextprotocol/server';
import { InvalidInputError } from '../errors.js';
import { unknownArguments, type UnknownArgument } from './unknown-arguments.js';
import { listTool, type ListedSchema } from './listed-tools.js';
import type { ToolDefinition, ToolGroupControl } from './tool-definition.js';

/** The tools one server offers: its tools/list answer (shared, never changed) and the tools by name. */
export interface ToolOffer {
  readonly list: { readonly tools: readonly Tool[] };
  readonly tools: ReadonlyMap<string, ToolDefinition>;
}

export interface ToolDispatcherDeps {
  tools: ToolDefinition[];
  /**
   * Runs a tool with validated arguments, with the tool groups of the server it was called on; never throws
   * (failures are isError results).
   */
  run(
    tool: ToolDefinition,
    args: unknown,
    context: ServerContext,
    toolGroups?: ToolGroupControl,
  ): Promise<CallToolResult>;
  /** The isError result of a call refused before its tool ran (through the one result translator). */
  refuse(tool: ToolDefinition, error: InvalidInputError, context: ServerContext): CallToolResult;
  /** How many distinct offers are kept (the least recently used goes first). */
  maxOffers?: number;
}

export interface ToolDispatcher {
  /** The offer of the tools `isOffered` accepts, in catalog order; the same object while the set is cached. */
  offer(isOffered: (tool: ToolDefinition) => boolean): ToolOffer;
  /**
   * Makes `server` answer tools/call from `offer`, and tools/list from `options.listed` (default: `offer`).
   * `options.refusal` explains a call of a tool that is not in the offer although it exists (its scope was not
   * granted); other unknown tools are "not found".
   */
  serve(server: McpServer, offer: ToolOffer, options?: ServeOptions): void;
}

export interface ServeOptions {
  refusal?: (name: string) => string | undefined;
  /** The session's tools/list answer, which may grow as it enables tool groups. */
  listed?: () => ToolOffer['list'];
  toolGroups?: ToolGroupControl;
}

/** Offers differ by installed apps, NEXTCLOUD_MCP_APPS and the called tool of a single-call server. */
const DEFAULT_MAX_OFFERS = 64;

export function createToolDispatcher(deps: ToolDispatcherDeps): ToolDispatcher {
  const offers = new Map<string, ToolOffer>();
  const maxOffers = deps.maxOffers ?? DEFAULT_MAX_OFFERS;
  return {
    offer(isOffered) {
      const offered = deps.tools.filter(isOffered);
      const key = offered.map((tool) => tool.name).join(' ');
      let offer = offers.get(key);
      if (offer) offers.delete(key);
      else offer = buildOffer(offered);
      offers.set(key, offer);
      if (offers.size > maxOffers) offers.delete(offers.keys().next().value as string);
      return offer;
    },
    serve(server, offer, { refusal, listed, toolGroups } = {}) {
      server.server.setRequestHandler('tools/list', () => (listed?.() ?? offer.list) as { tools: Tool[] });
      server.server.setRequestHandler('tools/call', async (request, context) => {
        const { name, arguments: args } = request.params;
        const tool = offer.tools.get(name);
        if (!tool) {
          const refused = refusal?.(name);
          if (refused !== undefined) return toolError(refused);
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);
        }
        const entry = listTool(tool);
        const unknown = unknownArguments(entry.entry.inputSchema, args ?? {});
        if (unknown.length > 0) return deps.refuse(tool, unknownArgumentsError(tool, unknown), context);
        const input = await validate(entry.input, args ?? {});
        if (!input.success)
          return toolError(`Input validation error: Invalid arguments for tool ${name}: ${input.error}`);
        try {
          const result = await deps.run(tool, input.data, context, toolGroups);
          const refusal = await outputRefusal(entry.output, result, name);
          if (refusal !== undefined) return toolError(refusal);
          if (isInputRequiredResult(result)) return result;
          return server.server.projectCallToolResult(result, entry.entry.outputSchema);
        } catch (error) {
          return toolError(error instanceof Error ? error.message : String(error));
        }
      });
    },
  };
}

function buildOffer(tools: ToolDefinition[]): ToolOffer {
  return {
    list: Object.freeze({ tools: Object.freeze(tools.map((tool) => listTool(tool).entry)) }),
    tools: new Map(tools.map((tool) => [tool.name, tool])),
  };
}

/** Names the undeclared arguments and what the tool (or the object holding a nested one) takes instead. */
function unknownArgumentsError(tool: ToolDefinition, unknown: UnknownArgument[]) {
  const names = unknown.map(({ path }) => JSON.stringify(path)).join(', ');
  const known = Object.keys(tool.input.shape).join(', ') || 'none';
  const nested = new Map<string, string[]>();
  for (const { path, accepted: keys } of unknown) {
    const parent = path.slice(0, Math.max(0, path.lastIndexOf('.')));
    if (parent !== '') nested.set(parent, keys);
  }
  const within = [...nested].map(([parent, keys]) => ` ${parent} takes: ${keys.join(', ') || 'nothing'}.`).join('');
  return new InvalidInputError(
    `${tool.name} takes no argument ${names}, so nothing was done. Its arguments: ${known}.${within}`,
  );
}

/** The SDK's output check: results with an output schema carry structured content that matches it. */
async function outputRefusal(schema: ListedSchema, result: CallToolResult, name: string) {
  if (isInputRequiredResult(result) || result.isError) return undefined;
  if (result.structuredContent === undefined)
    return `Output validation error: Tool ${name} has an output schema but no structured content was provided`;
  const output = await validate(schema, result.structuredContent);
  return output.success
    ? undefined
    : `Output validation error: Invalid structured content for tool ${name}: ${output.error}`;
}

/** Validates as the SDK does, with its wording of the issues ("path.to.field: message", comma-separated). */
async function validate(
  schema: ListedSchema,
  value: unknown,
): Promise<{ success: true; data: unknown } | { success: false; error: string }> {
  const result = await schema['~standard'].validate(value);
  if (result.issues && result.issues.length > 0) {
    return { success: false, error: result.issues.map((issue) => formatIssue(issue)).join(', ') };
  }
  return { success: true, data: (result as { value: unknown }).value };
}

function formatIssue(issue: { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> }) {
  if (!issue.path?.length) return issue.message;
  const path = issue.path.map((segment) => String(typeof segment === 'object' ? segment.key : segment)).join('.');
  return `${path}: ${issue.message}`;
}

/** The SDK's isError result for a call that failed before or after the tool ran. */
function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
