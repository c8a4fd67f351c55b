// The tool framework: naming and description rules, stable order, schema violations and failures as isError
// results, progress notifications.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../src/errors.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { createCallerMemoStore } from '../../src/platform/caller-memo.js';
import { buildMcpServer } from '../../src/mcp/server-factory.js';
import { ALL_TOOLS } from '../../src/mcp/tool-catalog.js';
import { defineTool, TOOL_NAME_PATTERN, type ToolDefinition } from '../../src/mcp/tool-definition.js';

const ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const countTool = defineTool({
  name: 'nc_core_count',
  app: 'core',
  title: 'Count',
  description: 'Counts up to a bounded number and reports progress.',
  input: z.object({ upTo: z.number().int().min(1).max(10) }),
  output: z.object({ counted: z.number() }),
  annotations: ANNOTATIONS,
  async run({ upTo }, { reportProgress }) {
    for (let i = 1; i <= upTo; i += 1) await reportProgress(i, upTo, `counted ${i}`);
    return { counted: upTo };
  },
  summarize: (result) => `Counted to ${result.counted}.`,
});

const failingTool = (error: Error) =>
  defineTool({
    name: 'nc_core_fail',
    app: 'core',
    title: 'Fail',
    description: 'Always fails.',
    input: z.object({}),
    output: z.object({}),
    annotations: ANNOTATIONS,
    run: async () => {
      throw error;
    },
    summarize: () => '',
  });

async function clientFor(tools: ToolDefinition[], calledTool?: string) {
  const http = createHttpClient({ verifySsl: true, timeoutMs: 1000, userAgent: 'test' });
  const access = {
    host: 'http://127.0.0.1:9',
    principal: 'alice',
    sessionKey: 'alice',
    credentials: { loginName: 'alice', password: 'x' },
  };
  const server = await buildMcpServer(
    {
      tools,
      http,
      logger: createLogger('silent'),
      memo: createCallerMemoStore(),
      scopeOf: () => ({ access, requestId: 'req-1' }),
      listAllTools: true,
    },
    { ...access, credentials: undefined, missingCredentialsMessage: 'n/a' },
    calledTool,
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'framework-test', version: '1' });
  await client.connect(clientSide);
  return client;
}

describe('the tool catalog', () => {
  it('names every tool nc_<app>_<verb> with a printable ASCII description without semicolons', () => {
    for (const tool of ALL_TOOLS) {
      expect(tool.name).toMatch(TOOL_NAME_PATTERN);
      expect(tool.name.startsWith(`nc_${tool.app}_`)).toBe(true);
      expect(tool.description).toMatch(/^[\x20-\x7e]+$/);
      expect(tool.description).not.toContain(';');
      expect(Object.keys(tool.annotations).sort()).toEqual([
        'destructiveHint',
        'idempotentHint',
        'openWorldHint',
        'readOnlyHint',
      ]);
    }
  });

  it('lists tools in the catalog order, with output schemas', async () => {
    const client = await clientFor(ALL_TOOLS);

    const { tools } = await client.listTools();

    expect(tools.map((tool) => tool.name)).toEqual(ALL_TOOLS.map((tool) => tool.name));
    expect(tools.every((tool) => tool.outputSchema?.type === 'object')).toBe(true);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
  });

  it('refuses a tool whose name breaks the rules at definition time', () => {
    expect(() => defineTool({ ...countTool, name: 'nc_notes_count' })).toThrow(/nc_core_<verb>/);
    expect(() => defineTool({ ...countTool, description: 'Counts; then stops.' })).toThrow(/without ";"/);
  });
});

describe('a server built for one tool call', () => {
  const tools = [countTool, failingTool(new Error('x'))] as unknown as ToolDefinition[];

  it('holds only the called tool, and answers its call as a full server does', async () => {
    const [single, full] = [await clientFor(tools, 'nc_core_count'), await clientFor(tools)];

    const names = (await single.listTools()).tools.map((tool) => tool.name);
    const call = { name: 'nc_core_count', arguments: { upTo: 2 } };

    expect(names).toEqual(['nc_core_count']);
    expect(await single.callTool(call)).toEqual(await full.callTool(call));
  });

  it('holds every tool when the called one is unknown, so the refusal is a full server’s', async () => {
    const [single, full] = [await clientFor(tools, 'nc_core_nothing'), await clientFor(tools)];

    const names = (await single.listTools()).tools.map((tool) => tool.name);
    const call = { name: 'nc_core_nothing', arguments: {} };
    const refusal = (client: typeof single) =>
      client.callTool(call).then(
        () => 'answered',
        (error: Error) => `${error.name}: ${error.message}`,
      );

    expect(names).toEqual(['nc_core_count', 'nc_core_fail']);
    expect(await refusal(single)).toBe(await refusal(full));
    expect(await refusal(full)).toMatch(/nc_core_nothing not found/);
  });
});

describe('tool calls', () => {
  it('answer a schema violation with an isError result that names the problem', async () => {
    const client = await clientFor([countTool as unknown as ToolDefinition]);

    const result = await client.callTool({ name: 'nc_core_count', arguments: { upTo: 50 } });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/upTo/);
  });

  it('send progress notifications when the caller asks for them', async () => {
    const client = await clientFor([countTool as unknown as ToolDefinition]);
    const progress: number[] = [];

    const result = await client.callTool(
      { name: 'nc_core_count', arguments: { upTo: 3 } },
      { onprogress: (p) => progress.push(p.progress) },
    );

    expect(result.structuredContent).toEqual({ counted: 3 });
    expect(progress).toEqual([1, 2, 3]);
  });

  it('turn a known failure into its safe message with the request id', async () => {
    const client = await clientFor([failingTool(new NotFoundError('No such note.')) as unknown as ToolDefinition]);

    const result = await client.callTool({ name: 'nc_core_fail', arguments: {} });

    expect(result).toMatchObject({ isError: true, content: [{ type: 'text', text: 'No such note. (request req-1)' }] });
  });

  it('turn an unexpected failure into a generic message that leaks nothing', async () => {
    const client = await clientFor([
      failingTool(new Error('ECONNREFUSED http://10.0.0.5:8080/secret/path')) as unknown as ToolDefinition,
    ]);

    const result = await client.callTool({ name: 'nc_core_fail', arguments: {} });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).not.toMatch(/10\.0\.0\.5|secret|ECONNREFUSED/);
  });
});
