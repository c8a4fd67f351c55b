// The tool list as assistants receive it: within its size budget, trimmed schemas, apps detected the way Nextcloud
// allows (capabilities, or the user's menu for News), and warm before the first caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoubleApp } from '../../../test/platform/double-app.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { listTool, measureToolList } from '../../src/mcp/listed-tools.js';
import { ALL_TOOLS } from '../../src/mcp/tool-catalog.js';
import { connectClient } from '../support/mcp-client.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';
import { listedToolNames, startBasicSidecar } from '../support/tool-calls.js';

/** An app that only shows in the user's menu, as News 28 does: no capabilities entry. */
const MENU_ONLY_NEWS: DoubleApp = { id: 'news', handle: () => false };
const TOOL_LIST_BUDGET_BYTES = 64 * 1024;

describe('the full tool list', () => {
  it(`fits in ${TOOL_LIST_BUDGET_BYTES / 1024} KB for every tool with its output schema`, () => {
    const { totalBytes } = measureToolList(ALL_TOOLS);

    expect(totalBytes).toBeLessThanOrEqual(TOOL_LIST_BUDGET_BYTES);
  });
});

describe('tools/list', () => {
  let nextcloud: PlatformDouble;
  let sidecar: TestSidecar;
  beforeAll(async () => {
    nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }] });
    sidecar = await startBasicSidecar(nextcloud.url);
  });
  afterAll(async () => {
    await sidecar.stop();
    await nextcloud.close();
  });

  it('gives schemas without $schema and read-only tools without the hints that only writes have', async () => {
    const connection = await connectClient(`${sidecar.url}/mcp`);

    const { tools } = await connection.client.listTools();
    await connection.close();

    const whoami = tools.find((tool) => tool.name === 'nc_core_whoami');
    expect(JSON.stringify(tools)).not.toContain('$schema');
    expect(whoami?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
  });

  it('answers the same list to both protocol eras', async () => {
    const legacy = await connectClient(`${sidecar.url}/mcp`, { era: 'legacy' });
    const modern = await connectClient(`${sidecar.url}/mcp`, { era: 'modern' });

    const [a, b] = await Promise.all([legacy.client.listTools(), modern.client.listTools()]);
    await Promise.all([legacy.close(), modern.close()]);

    expect(b.tools).toEqual(a.tools);
  });

  it('adds a tool group to one 2025 session, which is told its list changed, and to no other', async () => {
    const [session, other] = [await connectClient(`${sidecar.url}/mcp`), await connectClient(`${sidecar.url}/mcp`)];
    let changes = 0;
    session.client.setNotificationHandler('notifications/tools/list_changed', () => {
      changes += 1;
    });
    const names = async (connection: typeof session) =>
      (await connection.client.listTools()).tools.map((tool) => tool.name);

    const before = await names(session);
    await session.client.callTool({ name: 'nc_core_enable_tool_groups', arguments: { groups: ['contacts'] } });
    const [after, others] = [await names(session), await names(other)];
    await Promise.all([session.close(), other.close()]);

    expect(before).not.toContain('nc_contacts_search');
    expect(after).toContain('nc_contacts_search');
    expect(others).not.toContain('nc_contacts_search');
    expect(changes).toBe(1);
  });

  it('answers enabling a group in a 2026-07-28 request, which has no session, with the tools to call by name', async () => {
    const modern = await connectClient(`${sidecar.url}/mcp`, { era: 'modern' });

    const result = await modern.client.callTool({
      name: 'nc_core_enable_tool_groups',
      arguments: { groups: ['contacts'] },
    });
    const search = await modern.client.callTool({ name: 'nc_contacts_search', arguments: { query: 'x' } });
    await modern.close();

    expect(result.structuredContent).toMatchObject({ enabled: ['contacts'], list_changed: false });
    expect(JSON.stringify(search.content)).not.toContain('not found');
  });

  it('is warm once the sidecar says so, without a warning in the log', async () => {
    const fresh = await startTestSidecar({
      NEXTCLOUD_HOST: nextcloud.url,
      ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    });

    await fresh.warmedUp;
    await fresh.stop();

    expect(fresh.logText()).not.toContain('warm-up failed');
  });
});

describe('which apps get tools', () => {
  it('lists the News tools when News is in the user menu although it publishes no capability', async () => {
    const names = await listedToolNames([MENU_ONLY_NEWS]);

    expect(names.filter((name) => name.startsWith('nc_news_')).length).toBeGreaterThan(0);
  });

  it('lists no News tools when News is neither in the menu nor in the capabilities', async () => {
    const names = await listedToolNames([]);

    expect(names.some((name) => name.startsWith('nc_news_'))).toBe(false);
  });
});

describe('the listed form of a tool', () => {
  const entryOf = (name: string) => listTool(ALL_TOOLS.find((tool) => tool.name === name)!).entry;

  it('always says whether a tool only reads and whether it destroys, and leaves out the hints the spec defaults', () => {
    expect(entryOf('nc_core_whoami').annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(entryOf('nc_files_delete').annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(entryOf('nc_mail_send_draft').annotations).not.toHaveProperty('openWorldHint');
    expect(ALL_TOOLS.every((tool) => listTool(tool).entry.annotations?.idempotentHint !== false)).toBe(true);
  });

  it('outlines a result: the names of its top-level fields and nothing else', () => {
    const schema = entryOf('nc_calendar_list_events').outputSchema;

    expect(schema).toEqual({ type: 'object', properties: { events: {}, next_cursor: {}, time_zone: {} } });
  });
});
