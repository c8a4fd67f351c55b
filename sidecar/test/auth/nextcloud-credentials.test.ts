// The credential resolver as the composition root builds it (real SQLite store, OIDC and user endpoints of the
// platform double): an MCP request, a management request and background work each get the same Nextcloud credential
// for the same user, and each mode refuses what it cannot serve with its own status.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { createContext, type SidecarContext } from '../../src/context/context.js';
import { createErrorHandler } from '../../src/http/error-handler.js';
import { createRequestContext } from '../../src/http/request-context.js';
import { createLogger } from '../../src/logging/logger.js';
import { parseSettings } from '../../src/settings/settings.js';
import { startNextcloudWithOidc, tokensFor, TRUSTING_THE_COMPANION } from '../support/nextcloud-with-oidc.js';
import { APP_PASSWORD, basicAuth, TEST_KEY } from '../support/sidecar.js';
import { makeTempDir } from '../support/temp-dir.js';

const PUBLIC_URL = 'https://mcp.example.com';
const ALICE = { loginName: 'alice', password: APP_PASSWORD };

interface Resolving {
  context: SidecarContext;
  url: string;
  close(): Promise<void>;
}

/** The context of `env`, with its resolver's two request views served at /mcp-access and /management-caller. */
async function resolving(env: Record<string, string>): Promise<Resolving> {
  const temp = makeTempDir();
  const logger = createLogger('silent');
  const settings = parseSettings({
    ...env,
    TOKEN_STORAGE_DB: temp.file('store.db'),
    NEXTCLOUD_MCP_SERVER_URL: PUBLIC_URL,
  });
  const context = await createContext(settings, { logger });
  await context.oauth?.start();
  const app = express();
  app.use(createRequestContext(logger));
  app.get('/mcp-access', async (req, res) => void res.json(await context.credentials.mcpAccess(req)));
  app.get('/management-caller', async (req, res) => void res.json(await context.credentials.managementCaller(req)));
  app.use(createErrorHandler(logger));
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    context,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await context.close();
      temp.remove();
    },
  };
}

async function ask(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

let nextcloud: PlatformDouble;

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice', appPasswords: [APP_PASSWORD] }, { id: 'bob' }]);
});
afterAll(async () => {
  await nextcloud.close();
});

describe('the credential resolver in oauth mode', () => {
  let side: Resolving;
  beforeAll(async () => {
    side = await resolving({
      NEXTCLOUD_HOST: nextcloud.url,
      TOKEN_ENCRYPTION_KEY: TEST_KEY,
      ...TRUSTING_THE_COMPANION,
    });
    await side.context.storage.appPasswords!.store('alice', ALICE);
  });
  afterAll(async () => {
    await side.close();
  });

  it('gives the MCP request, the management request and the background work the stored app password', async () => {
    const mcpToken = (await tokensFor(nextcloud, 'alice', undefined, `${PUBLIC_URL}/mcp`)).access_token;
    const managementToken = (await tokensFor(nextcloud, 'alice')).access_token;

    const mcp = await ask(`${side.url}/mcp-access`, { authorization: `Bearer ${mcpToken}` });
    const management = await ask(`${side.url}/management-caller`, { authorization: `Bearer ${managementToken}` });

    expect(mcp.body).toEqual({
      host: nextcloud.url,
      principal: 'alice',
      sessionKey: 'oauth alice',
      credentials: ALICE,
    });
    expect(management.body).toEqual({ userId: 'alice', credentials: ALICE });
    expect(await side.context.credentials.background.userIds()).toEqual(['alice']);
    expect(await side.context.credentials.background.get('alice')).toEqual(ALICE);
  });

  it('explains how to provision when a user has no stored credential, and syncs nobody for them', async () => {
    const mcpToken = (await tokensFor(nextcloud, 'bob', undefined, `${PUBLIC_URL}/mcp`)).access_token;
    const managementToken = (await tokensFor(nextcloud, 'bob')).access_token;

    const mcp = await ask(`${side.url}/mcp-access`, { authorization: `Bearer ${mcpToken}` });
    const management = await ask(`${side.url}/management-caller`, { authorization: `Bearer ${managementToken}` });

    expect(mcp.body.credentials).toBeUndefined();
    expect(mcp.body.missingCredentialsMessage).toContain('No app password is provisioned for bob');
    expect(management.body).toEqual({ userId: 'bob' });
    expect(await side.context.credentials.background.get('bob')).toBeUndefined();
  });

  it('refuses a management request without a token with 401', async () => {
    expect((await ask(`${side.url}/management-caller`)).status).toBe(401);
  });
});

describe('the credential resolver in basic mode', () => {
  let side: Resolving;
  beforeAll(async () => {
    side = await resolving({
      NEXTCLOUD_HOST: nextcloud.url,
      NEXTCLOUD_USERNAME: 'alice',
      NEXTCLOUD_PASSWORD: APP_PASSWORD,
    });
  });
  afterAll(async () => {
    await side.close();
  });

  it('gives every caller the configured pair, as the user id Nextcloud names', async () => {
    const mcp = await ask(`${side.url}/mcp-access`);
    const management = await ask(`${side.url}/management-caller`);

    expect(mcp.body).toEqual({ host: nextcloud.url, principal: 'alice', sessionKey: 'basic', credentials: ALICE });
    expect(management.body).toEqual({ userId: 'alice', credentials: ALICE });
    expect(await side.context.credentials.background.userIds()).toEqual(['alice']);
    expect(await side.context.credentials.background.get('bob')).toBeUndefined();
  });

  it('refuses a management request from a foreign Origin with 403', async () => {
    expect((await ask(`${side.url}/management-caller`, { origin: 'https://evil.example' })).status).toBe(403);
  });
});

describe('the credential resolver in multi_user_basic mode', () => {
  let side: Resolving;
  beforeAll(async () => {
    side = await resolving({ NEXTCLOUD_HOST: nextcloud.url, ENABLE_MULTI_USER_BASIC_AUTH: 'true' });
  });
  afterAll(async () => {
    await side.close();
  });

  it('gives an MCP request the Basic pair Nextcloud accepts, bound to a hash of it', async () => {
    const mcp = await ask(`${side.url}/mcp-access`, { authorization: basicAuth('alice', APP_PASSWORD) });

    expect(mcp.body).toMatchObject({ principal: 'alice', credentials: ALICE });
    expect(mcp.body.sessionKey).toMatch(/^basic /);
    expect(mcp.body.sessionKey).not.toContain(APP_PASSWORD);
  });

  it('refuses a pair Nextcloud refuses with 401', async () => {
    expect((await ask(`${side.url}/mcp-access`, { authorization: basicAuth('alice', 'wrong') })).status).toBe(401);
  });

  it('has no management caller (404) and no background users', async () => {
    const management = await ask(`${side.url}/management-caller`);

    expect(management.status).toBe(404);
    expect(await side.context.credentials.background.userIds()).toEqual([]);
  });
});
