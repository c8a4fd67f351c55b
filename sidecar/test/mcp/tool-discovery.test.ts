// A tool list that fits every client: unknown arguments are refused for every tool, a session lists the default
// tool groups and enables others (telling the client its list changed), and MCP_LIST_ALL_TOOLS lists everything.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logging/logger.js';
import { measureToolList } from '../../src/mcp/listed-tools.js';
import { buildMcpServer, type ServerFactoryDeps } from '../../src/mcp/server-factory.js';
import { ALL_TOOLS } from '../../src/mcp/tool-catalog.js';
import type { ToolDefinition } from '../../src/mcp/tool-definition.js';
import { DEFAULT_TOOL_GROUPS } from '../../src/mcp/tool-groups.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { createCallerMemoStore } from '../../src/platform/caller-memo.js';

/** The server is built without credentials (no capabilities asked: every app counts as present); calls carry some. */
const access = { host: 'http://127.0.0.1:9', principal: 'alice', sessionKey: 'alice' };
const callerAccess = { ...access, credentials: { loginName: 'alice', password: 'x' } };
const DEFAULT_LIST_MAX_BYTES = 40 * 1024;
const DEFAULT_LIST_MAX_TOOLS = 50;

function factoryDeps(tools: ToolDefinition[], options: Partial<ServerFactoryDeps> = {}): ServerFactoryDeps {
  return {
    tools,
    http: createHttpClient({ verifySsl: true, timeoutMs: 1000, userAgent: 'test' }),
    logger: createLogger('silent'),
    memo: createCallerMemoStore(),
    scopeOf: () => ({ access: callerAccess, requestId: 'req-1' }),
    ...options,
  };
}

/** A client of a server built as stdio and each HTTP session build theirs; `changes` counts list_changed. */
async function connect(deps: ServerFactoryDeps, calledTool?: string) {
  const server = await buildMcpServer(deps, access, calledTool);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'discovery-test', version: '1' });
  let changes = 0;
  client.setNotificationHandler('notifications/tools/list_changed', () => {
    changes += 1;
  });
  await client.connect(clientSide);
  const names = async () => (await client.listTools()).tools.map((tool) => tool.name);
  return { client, names, changes: () => changes };
}

/** Every tool of the catalog, each recording that it ran instead of asking Nextcloud. */
function recordingTools(ran: string[]): ToolDefinition[] {
  return ALL_TOOLS.map((tool) => ({
    ...tool,
    run: () => {
      ran.push(tool.name);
      return Promise.reject(new Error('ran'));
    },
  }));
}

describe('unknown arguments', () => {
  it('are refused by every tool of the catalog, naming them and the accepted ones, and nothing runs', async () => {
    const ran: string[] = [];
    const tools = recordingTools(ran);
    const { client } = await connect(factoryDeps(tools, { listAllTools: true }));

    const answers = await Promise.all(
      tools.map(async (tool) => ({
        tool,
        result: await client.callTool({ name: tool.name, arguments: { calendars: ['personal'] } }),
      })),
    );

    expect(ran).toEqual([]);
    for (const { tool, result } of answers) {
      const text = JSON.stringify(result.content);
      expect(result.isError, tool.name).toBe(true);
      expect(text, tool.name).toContain('takes no argument \\"calendars\\"');
      for (const name of Object.keys(tool.input.shape)) expect(text, tool.name).toContain(name);
    }
  });

  it('are refused without every listed input schema restating it (no additionalProperties, 29 bytes a tool)', async () => {
    const { client } = await connect(factoryDeps(ALL_TOOLS, { listAllTools: true }));

    const { tools } = await client.listTools();

    expect(tools.length).toBe(ALL_TOOLS.length);
    expect(tools.filter((tool) => 'additionalProperties' in tool.inputSchema).map((tool) => tool.name)).toEqual([]);
  });

  it('name the arguments of the tool that was meant, here calendar_ids for the calendars', async () => {
    const { client } = await connect(factoryDeps(ALL_TOOLS));

    const result = await client.callTool({
      name: 'nc_calendar_list_events',
      arguments: { calendars: ['personal'], start: '2027-01-01', end: '2027-01-31' },
    });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/takes no argument \\"calendars\\".*calendar_ids/);
  });

  it('are refused inside objects too: a role of an attendee and a column of a filter condition, each named', async () => {
    const ran: string[] = [];
    const { client } = await connect(factoryDeps(recordingTools(ran), { listAllTools: true }));

    const attendee = await client.callTool({
      name: 'nc_calendar_create_event',
      arguments: {
        summary: 'Review',
        start: '2027-01-04T10:00:00Z',
        end: '2027-01-04T11:00:00Z',
        attendees: [{ email: 'bob@example.org' }, { email: 'eve@example.org', role: 'chair' }],
      },
    });
    const condition = await client.callTool({
      name: 'nc_tables_manage_view',
      arguments: { action: 'update', view_id: 3, filter: [{ column: 4, operator: 'contains', value: 'x' }] },
    });

    expect(ran).toEqual([]);
    expect(attendee.isError).toBe(true);
    expect(JSON.stringify(attendee.content)).toMatch(
      /takes no argument \\"attendees\.1\.role\\".*attendees\.1 takes: email, name\./,
    );
    expect(condition.isError).toBe(true);
    expect(JSON.stringify(condition.content)).toMatch(
      /takes no argument \\"filter\.0\.column\\".*column_id, operator, value/,
    );
  });
});

describe('tool groups', () => {
  it('list only the default groups at first, well within the size and count a client takes', async () => {
    const { names } = await connect(factoryDeps(ALL_TOOLS));

    const listed = await names();

    const defaults = ALL_TOOLS.filter((tool) => DEFAULT_TOOL_GROUPS.has(tool.app));
    expect(listed).toEqual(defaults.map((tool) => tool.name));
    expect(listed.length).toBeLessThanOrEqual(DEFAULT_LIST_MAX_TOOLS);
    expect(measureToolList(defaults).totalBytes).toBeLessThanOrEqual(DEFAULT_LIST_MAX_BYTES);
  });

  it('are named in the server instructions, which a client reads before any list', async () => {
    const [grouped, all] = [
      await connect(factoryDeps(ALL_TOOLS)),
      await connect(factoryDeps(ALL_TOOLS, { listAllTools: true })),
    ];

    expect(grouped.client.getInstructions()).toContain('nc_core_list_tool_groups');
    expect(all.client.getInstructions()).not.toContain('nc_core_list_tool_groups');
  });

  it('are listed with one line each, saying which are not listed yet', async () => {
    const { client } = await connect(factoryDeps(ALL_TOOLS));

    const result = await client.callTool({ name: 'nc_core_list_tool_groups', arguments: {} });

    const { groups } = result.structuredContent as { groups: { group: string; listed: boolean; about: string }[] };
    expect(groups.find((group) => group.group === 'deck')).toMatchObject({ listed: false, tool_count: 16 });
    expect(groups.find((group) => group.group === 'files')).toMatchObject({ listed: true });
    expect(groups.every((group) => group.about.length > 0)).toBe(true);
  });

  it('are enabled for the session that asked, which is told its list changed, and for no other', async () => {
    const deps = factoryDeps(ALL_TOOLS);
    const [session, other] = [await connect(deps), await connect(deps)];

    const result = await session.client.callTool({
      name: 'nc_core_enable_tool_groups',
      arguments: { groups: ['deck'] },
    });

    const deckTools = ALL_TOOLS.filter((tool) => tool.app === 'deck').map((tool) => tool.name);
    expect(result.structuredContent).toEqual({ enabled: ['deck'], tools: deckTools, list_changed: true });
    await expect.poll(() => session.changes()).toBe(1);
    expect(await session.names()).toEqual(expect.arrayContaining(deckTools));
    expect(await other.names()).not.toContain('nc_deck_list_boards');
  });

  it('refuse a group the account cannot use, naming the ones it can, and change nothing', async () => {
    const deps = factoryDeps(ALL_TOOLS, { enabledApps: new Set(['files']) });
    const session = await connect(deps);

    const result = await session.client.callTool({
      name: 'nc_core_enable_tool_groups',
      arguments: { groups: ['deck'] },
    });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/no tool group deck\. Groups: core, files/);
    expect(session.changes()).toBe(0);
  });

  it('answer a request without a session (2026-07-28) with the tools to call by name, sending nothing', async () => {
    const single = await connect(factoryDeps(ALL_TOOLS), 'nc_core_enable_tool_groups');

    const result = await single.client.callTool({
      name: 'nc_core_enable_tool_groups',
      arguments: { groups: ['news'] },
    });

    expect(result.structuredContent).toMatchObject({ enabled: ['news'], list_changed: false });
    expect(JSON.stringify(result.content)).toContain('can be called by name: nc_news_');
    expect(single.changes()).toBe(0);
  });

  it('leave the tools of groups not listed callable, as a client that kept an older list expects', async () => {
    const ran: string[] = [];
    const { client } = await connect(factoryDeps(recordingTools(ran)));

    await client.callTool({ name: 'nc_deck_list_boards', arguments: {} });

    expect(ran).toEqual(['nc_deck_list_boards']);
  });

  it('are all listed at once with MCP_LIST_ALL_TOOLS (its size: tool-list.test.ts)', async () => {
    const { names } = await connect(factoryDeps(ALL_TOOLS, { listAllTools: true }));

    expect(await names()).toEqual(ALL_TOOLS.map((tool) => tool.name));
  });
});
