// Shared helpers of the tool tests: Nextcloud with some apps plus a sidecar and an SDK client, reading tool results,
// and the tools a sidecar lists.
import { expect } from 'vitest';
import type { DoubleApp } from '../../../test/platform/double-app.js';
import { startPlatformDouble, type DoubleUser, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { connectClient } from './mcp-client.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from './sidecar.js';

type CallResult = { isError?: boolean; content?: unknown; structuredContent?: unknown };

/** The sidecar in basic mode as `loginName` (an app password of the test users), with `env` besides. */
export function startBasicSidecar(
  nextcloudUrl: string,
  loginName = 'alice',
  password = APP_PASSWORD,
  env: Record<string, string> = {},
): Promise<TestSidecar> {
  return startTestSidecar({
    NEXTCLOUD_HOST: nextcloudUrl,
    NEXTCLOUD_USERNAME: loginName,
    NEXTCLOUD_PASSWORD: password,
    ...env,
  });
}

/** The tool tests look at every tool of an app, not at which groups a session starts with (tool-discovery.test.ts). */
const LIST_ALL_TOOLS = { MCP_LIST_ALL_TOOLS: 'true' };

/** The structured result of a call that must have succeeded. */
export function structured<T>(result: CallResult): T {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
}

/** The text of a call that must have failed with an isError result. */
export function errorText(result: CallResult): string {
  expect(result.isError).toBe(true);
  return JSON.stringify(result.content);
}

/** The tools a sidecar lists for user alice (all of them, MCP_LIST_ALL_TOOLS) when Nextcloud runs only `apps`. */
export async function listedToolNames(apps: DoubleApp[] = []): Promise<string[]> {
  const nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps });
  const sidecar = await startBasicSidecar(nextcloud.url, 'alice', APP_PASSWORD, LIST_ALL_TOOLS);
  const connection = await connectClient(`${sidecar.url}/mcp`);
  try {
    return (await connection.client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await connection.close();
    await sidecar.stop();
    await nextcloud.close();
  }
}

export interface ToolHarness {
  nextcloud: PlatformDouble;
  sidecar: TestSidecar;
  client: Awaited<ReturnType<typeof connectClient>>['client'];
  call(name: string, args?: Record<string, unknown>): ReturnType<ToolHarness['client']['callTool']>;
  close(): Promise<void>;
}

/**
 * The platform double with `apps`, the sidecar in basic mode as the first user listing every tool, and a connected
 * SDK client.
 */
export async function startToolHarness(options: { users: DoubleUser[]; apps: DoubleApp[] }): Promise<ToolHarness> {
  const [user] = options.users;
  if (!user) throw new Error('startToolHarness needs a user');
  const nextcloud = await startPlatformDouble({ users: options.users, apps: options.apps });
  const [minted = APP_PASSWORD] = user.appPasswords ?? [];
  const sidecar =
    typeof minted === 'string'
      ? await startBasicSidecar(nextcloud.url, user.loginName ?? user.id, minted, LIST_ALL_TOOLS)
      : await startBasicSidecar(nextcloud.url, minted.loginName, minted.password, LIST_ALL_TOOLS);
  const connection = await connectClient(`${sidecar.url}/mcp`);
  return {
    nextcloud,
    sidecar,
    client: connection.client,
    call: (name, args = {}) => connection.client.callTool({ name, arguments: args }),
    close: async () => {
      await connection.close();
      await sidecar.stop();
      await nextcloud.close();
    },
  };
}
