// MCP over stdio: the CLI's `run --transport stdio` serves the SDK client as the configured user.
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { runCliProcess } from '../support/cli-process.js';
import { APP_PASSWORD } from '../support/sidecar.js';

const ENTRY = new URL('../support/cli-entry.ts', import.meta.url).pathname;
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
let nextcloud: PlatformDouble;

beforeAll(async () => {
  nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }] });
});
afterAll(() => nextcloud.close());

describe('run --transport stdio', () => {
  it('serves tools on stdin/stdout as the configured user, adding a tool group when asked and saying so', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', TSX, ENTRY, 'run', '--transport', 'stdio'],
      env: {
        PATH: process.env.PATH ?? '',
        NEXTCLOUD_HOST: nextcloud.url,
        NEXTCLOUD_USERNAME: 'alice',
        NEXTCLOUD_PASSWORD: APP_PASSWORD,
        TOKEN_STORAGE_DB: ':memory:',
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-test', version: '1.0.0' });
    let changes = 0;
    client.setNotificationHandler('notifications/tools/list_changed', () => {
      changes += 1;
    });
    await client.connect(transport);
    const names = async () => (await client.listTools()).tools.map((tool) => tool.name);

    const result = await client.callTool({ name: 'nc_core_whoami', arguments: {} });
    const before = await names();
    await client.callTool({ name: 'nc_core_enable_tool_groups', arguments: { groups: ['contacts'] } });
    const after = await names();

    await client.close();
    expect((result.structuredContent as { user_id: string }).user_id).toBe('alice');
    expect(before).not.toContain('nc_contacts_list_addressbooks');
    expect(after).toContain('nc_contacts_list_addressbooks');
    expect(changes).toBe(1);
  });

  it('refuses modes without one configured user, with exit status 2', async () => {
    const result = await runCliProcess(['run', '--transport', 'stdio'], {
      NEXTCLOUD_HOST: nextcloud.url,
      ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    });

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/stdio transport serves one configured user/);
  });
});
