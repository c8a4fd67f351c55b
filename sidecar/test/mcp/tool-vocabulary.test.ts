// The vocabulary of sidecar/src/mcp/tools/README.md over the whole catalog: argument and field names, search text,
// ids and paging read the same in every tool, so that a new app's tools (and the tool groups) cannot drift from it.
import { describe, expect, it } from 'vitest';
import { listTool, type JsonSchema } from '../../src/mcp/listed-tools.js';
import { ALL_TOOLS } from '../../src/mcp/tool-catalog.js';

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
/** What the README names instead: `<thing>_id` (never a bare id in an input), `query` for search text. */
const NOT_IN_INPUTS = ['id', 'ids', 'term', 'name_contains', 'search'];

const inputNames = (name: string) => Object.keys(inputProperties(name));
const inputProperties = (name: string) =>
  (listTool(ALL_TOOLS.find((tool) => tool.name === name)!).entry.inputSchema.properties ?? {}) as JsonSchema;

/** Every property name in a JSON Schema, nested objects and array items included. */
function propertyNames(schema: unknown): string[] {
  if (Array.isArray(schema)) return schema.flatMap(propertyNames);
  if (schema === null || typeof schema !== 'object') return [];
  const { properties, ...rest } = schema as { properties?: Record<string, unknown> };
  const own = properties ? Object.keys(properties) : [];
  const nested = [...Object.values(properties ?? {}), ...Object.values(rest)].flatMap(propertyNames);
  return [...own, ...nested];
}

describe('the vocabulary of every tool', () => {
  it('names arguments in snake_case, ids <thing>_id, and search text query', () => {
    const wrong = ALL_TOOLS.flatMap((tool) =>
      inputNames(tool.name)
        .filter((name) => !SNAKE_CASE.test(name) || NOT_IN_INPUTS.includes(name))
        .map((name) => `${tool.name}: ${name}`),
    );

    expect(wrong).toEqual([]);
  });

  it('names result fields in snake_case', () => {
    const wrong = ALL_TOOLS.flatMap((tool) =>
      propertyNames(listTool(tool).entry.outputSchema)
        .filter((name) => !SNAKE_CASE.test(name))
        .map((name) => `${tool.name}: ${name}`),
    );

    expect(wrong).toEqual([]);
  });

  it('names a tool with an action nc_<app>_manage_<thing>, with the actions create, update and delete, destructive', () => {
    const withAction = ALL_TOOLS.filter((tool) => inputNames(tool.name).includes('action'));

    const wrong = withAction.filter(
      (tool) =>
        !/^nc_[a-z]+_manage_[a-z]+$/.test(tool.name) ||
        JSON.stringify(inputProperties(tool.name).action) !==
          JSON.stringify({ type: 'string', enum: ['create', 'update', 'delete'] }) ||
        tool.annotations.destructiveHint !== true,
    );

    expect(withAction.length).toBeGreaterThanOrEqual(5);
    expect(wrong.map((tool) => tool.name)).toEqual([]);
  });

  it('pages with limit and cursor, answering next_cursor (unified search: limit_per_provider, next_cursors)', () => {
    const paged = ALL_TOOLS.filter((tool) => inputNames(tool.name).includes('cursor'));

    const outputNames = (tool: (typeof ALL_TOOLS)[number]) =>
      Object.keys((listTool(tool).entry.outputSchema.properties ?? {}) as JsonSchema);
    const wrong = paged.filter(
      (tool) =>
        !inputNames(tool.name).some((name) => name.startsWith('limit')) ||
        !outputNames(tool).some((name) => name.startsWith('next_cursor')),
    );

    expect(paged.length).toBeGreaterThan(5);
    expect(wrong.map((tool) => tool.name)).toEqual([]);
  });
});
