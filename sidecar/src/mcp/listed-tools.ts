// What tools/list says about each tool: its JSON Schemas, converted from zod once per process and trimmed to what a
// model needs, handed to the SDK as Standard Schemas so that no request converts them again.
import type { Tool } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { ToolAnnotations, ToolApp, ToolDefinition } from './tool-definition.js';

export type JsonSchema = Record<string, unknown>;

/** A Standard Schema (what the SDK accepts): zod validates, the JSON Schema comes from the cache. */
export interface ListedSchema {
  '~standard': {
    version: 1;
    vendor: string;
    validate: z.ZodType['~standard']['validate'];
    jsonSchema: { input: () => JsonSchema; output: () => JsonSchema };
  };
}

export interface ListedTool {
  input: ListedSchema;
  output: ListedSchema;
  annotations: Partial<ToolAnnotations>;
  /** The tool as one entry of a tools/list answer, keys in the SDK's order. */
  entry: Tool & { outputSchema: JsonSchema };
}

const listed = new WeakMap<ToolDefinition, ListedTool>();

/** The listed form of a tool, built on first use and kept for the life of the process. */
export function listTool(tool: ToolDefinition): ListedTool {
  let entry = listed.get(tool);
  if (!entry) {
    entry = buildListedTool(tool);
    listed.set(tool, entry);
  }
  return entry;
}

/** The bytes of a tools/list answer for `tools`, in all and by app. */
export function measureToolList(tools: ToolDefinition[]): { totalBytes: number; bytesByApp: Map<ToolApp, number> } {
  const bytesByApp = new Map<ToolApp, number>();
  for (const tool of tools) {
    const bytes = Buffer.byteLength(JSON.stringify(listTool(tool).entry), 'utf8');
    bytesByApp.set(tool.app, (bytesByApp.get(tool.app) ?? 0) + bytes);
  }
  const totalBytes = Buffer.byteLength(JSON.stringify({ tools: tools.map((tool) => listTool(tool).entry) }), 'utf8');
  return { totalBytes, bytesByApp };
}

function buildListedTool(tool: ToolDefinition): ListedTool {
  const inputJson = trimSchema(z.toJSONSchema(tool.input, { target: 'draft-2020-12', io: 'input' }));
  const outputJson = outline(trimSchema(z.toJSONSchema(tool.output, { target: 'draft-2020-12', io: 'output' })));
  const annotations = listedAnnotations(tool.annotations);
  return {
    input: asListedSchema(tool.input, inputJson),
    output: asListedSchema(tool.output, outputJson),
    annotations,
    entry: {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      // Arguments the tool does not declare are refused (tool-dispatcher.ts) with a message naming the accepted ones;
      // the schema does not say so with `additionalProperties: false`, which cost 29 bytes a tool (tools/README.md).
      inputSchema: { type: 'object', ...inputJson },
      annotations,
      outputSchema: outputJson,
    },
  };
}

/**
 * The MCP spec gives destructiveHint and idempotentHint meaning only when readOnlyHint is false. Hints equal to the
 * spec's defaults (not idempotent, open world) are left out; readOnlyHint and destructiveHint are always said, since
 * clients decide on them whether to ask the person first.
 */
function listedAnnotations(annotations: ToolAnnotations): Partial<ToolAnnotations> {
  if (annotations.readOnlyHint) return { readOnlyHint: true, ...closedWorld(annotations) };
  return {
    readOnlyHint: false,
    destructiveHint: annotations.destructiveHint,
    ...(annotations.idempotentHint ? { idempotentHint: true } : {}),
    ...closedWorld(annotations),
  };
}

function closedWorld(annotations: ToolAnnotations): Partial<ToolAnnotations> {
  return annotations.openWorldHint ? {} : { openWorldHint: false };
}

/**
 * A result's schema as listed: the names of its top-level fields, nothing about them. With every tool the list must
 * fit in 64 KB (tool-list.test.ts), and field types and nesting were a third of it; results are still checked against
 * the complete zod schema before they leave, and clients that pass structured results on only when a tool declares
 * an output schema still see one.
 */
function outline(schema: JsonSchema): JsonSchema {
  const fields = Object.keys((schema.properties ?? {}) as Record<string, unknown>);
  return { type: 'object', properties: Object.fromEntries(fields.map((field) => [field, {}])) };
}

function asListedSchema(schema: z.ZodType, json: JsonSchema): ListedSchema {
  return {
    '~standard': {
      version: 1,
      vendor: 'nextcloud-mcp-server',
      validate: (value) => schema['~standard'].validate(value),
      jsonSchema: { input: () => json, output: () => json },
    },
  };
}

/**
 * Drops what tells a model nothing: the `$schema` URI of every schema, the ±2^53 bounds zod gives every integer and
 * the `additionalProperties: false` zod gives every object (arguments a tool does not declare are refused when it is
 * called; results are written by the server).
 */
function trimSchema(schema: unknown): JsonSchema {
  return trim(schema) as JsonSchema;
}

function trim(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => trim(item));
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$schema') continue;
    if (key === 'additionalProperties' && item === false) continue;
    if ((key === 'minimum' || key === 'maximum') && Math.abs(item as number) === Number.MAX_SAFE_INTEGER) continue;
    result[key] = trim(item);
  }
  return result;
}
