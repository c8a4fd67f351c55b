// The real sidecar with the knowledge sync on against a Nextcloud double with OIDC: its settings, users signed in
// (a token, an app password provisioned), calls to its API as a user, and waiting until the sync got somewhere.
import { expect } from 'vitest';
import { findFreePort } from '../../../test/platform/free-port.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { COMPANION_CLIENT, tokensFor } from './nextcloud-with-oidc.js';
import { basicAuth, startTestSidecar, TEST_KEY, type TestSidecar } from './sidecar.js';

/** Multi-user settings with the sync on, a slow scan interval and the companion's client trusted; `extra` adds or overrides. */
export async function syncSidecarEnv(
  nextcloudUrl: string,
  extra: Record<string, string> = {},
): Promise<Record<string, string>> {
  const port = await findFreePort();
  return {
    NEXTCLOUD_HOST: nextcloudUrl,
    ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    KNOWLEDGE_ENABLED: 'true',
    KNOWLEDGE_SCAN_INTERVAL: '3600',
    MCP_SERVER_PORT: String(port),
    NEXTCLOUD_MCP_SERVER_URL: `http://127.0.0.1:${port}`,
    // The companion's client, whose tokens `signIn` hands out, as README tells operators to trust it.
    MANAGEMENT_API_TRUSTED_CLIENTS: COMPANION_CLIENT.clientId,
    ...extra,
  };
}

/** Signs `userId` in: an access token from the provider, and the app password handed to the sidecar for the sync. */
export async function signIn(
  nextcloud: PlatformDouble,
  sidecar: TestSidecar,
  userId: string,
  appPassword: string,
): Promise<string> {
  const token = (await tokensFor(nextcloud, userId)).access_token;
  const provisioned = await fetch(`${sidecar.url}/api/v1/users/${userId}/app-password`, {
    method: 'POST',
    headers: { authorization: basicAuth(userId, appPassword) },
  });
  expect(provisioned.status).toBe(200);
  return token;
}

/** Starts the sidecar with `syncSidecarEnv` and signs in each user (id → app password); their tokens by id. */
export async function startSyncSidecar(
  nextcloud: PlatformDouble,
  users: Record<string, string>,
): Promise<{ sidecar: TestSidecar; tokens: Record<string, string> }> {
  const sidecar = await startTestSidecar(await syncSidecarEnv(nextcloud.url));
  const tokens: Record<string, string> = {};
  for (const [userId, password] of Object.entries(users))
    tokens[userId] = await signIn(nextcloud, sidecar, userId, password);
  return { sidecar, tokens };
}

/** A JSON call to the sidecar's API with a bearer token. */
export function callApi(sidecar: { url: string }, token: string, path: string, init: RequestInit = {}) {
  return fetch(`${sidecar.url}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
}

export interface UntilOptions {
  timeoutMs?: number;
  intervalMs?: number;
  /** What to add to the timeout's message (the last status, the log). */
  detail?: () => string | Promise<string>;
}

/** Polls `check` until it holds; throws "timed out waiting until <what>" after the timeout (default 15 s). */
export async function until(
  what: string,
  check: () => Promise<boolean> | boolean,
  options: UntilOptions = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (!(await check())) {
    if (Date.now() > deadline) {
      const detail = options.detail ? `\n${await options.detail()}` : '';
      throw new Error(`timed out waiting until ${what}${detail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}
