// Shared helpers of the tool tests: a sidecar in basic mode, reading tool results, and the tools a sidecar lists.
import { expect } from 'vitest';
import type { DoubleApp } from '../../../test/platform/double-app.js';
import { startPlatformDouble } from '../../../test/platform/platform-double.js';
import { connectClient } from './mcp-client.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from './sidecar.js';

type CallResult = { isError?: boolean; content?: unknown; structuredContent?: unknown };

/** The sidecar in basic mode as `loginName` (an app password of the test users). */
export function startBasicSidecar(
  nextcloudUrl: string,
  loginName = 'alice',
  password = APP_PASSWORD,
): Promise<TestSidecar> {
  return startTestSidecar({
    NEXTCLOUD_HOST: nextcloudUrl,
    NEXTCLOUD_USERNAME: loginName,
    NEXTCLOUD_PASSWORD: password,
  });
}

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

/** The tools a sidecar lists for user alice when Nextcloud runs only `apps`. */
export async function listedToolNames(apps: DoubleApp[] = []): Promise<string[]> {
  const nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps });
  const sidecar = await startBasicSidecar(nextcloud.url);
  const connection = await connectClient(`${sidecar.url}/mcp`);
  try {
    return (await connection.client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await connection.close();
    await sidecar.stop();
    await nextcloud.close();
  }
}
