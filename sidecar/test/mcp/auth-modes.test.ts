// The MCP endpoint in each auth mode, with the SDK client, in both protocol eras.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp } from '../../../test/platform/apps/deck.js';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { createNotesApp } from '../../../test/platform/apps/notes.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { findFreePort } from '../../../test/platform/free-port.js';
import { connectClient, postInitialize, type ProtocolEra } from '../support/mcp-client.js';
import { OPAQUE_CLIENT, startNextcloudWithOidc, tokensFor } from '../support/nextcloud-with-oidc.js';
import { APP_PASSWORD, basicAuth, startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

const BOB_PASSWORD = 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB';
const CAROL_PASSWORD = 'CCCCC-CCCCC-CCCCC-CCCCC-CCCCC';
let nextcloud: PlatformDouble;
const sidecars: TestSidecar[] = [];

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc(
    [
      { id: 'alice', displayName: 'Alice', appPasswords: [APP_PASSWORD] },
      { id: 'bob', displayName: 'Bob', appPasswords: [BOB_PASSWORD] },
      {
        id: 'uid-carol',
        displayName: 'Carol',
        email: 'carol@example.com',
        appPasswords: [{ password: CAROL_PASSWORD, loginName: 'carol@example.com' }],
      },
    ],
    { apps: [createFilesApp(), createNotesApp(), createDeckApp()] },
  );
});
afterAll(async () => {
  await Promise.all(sidecars.map((sidecar) => sidecar.stop()));
  await nextcloud.close();
});

async function sidecarWith(env: Record<string, string>): Promise<TestSidecar> {
  const sidecar = await startTestSidecar({ NEXTCLOUD_HOST: nextcloud.url, ...env });
  sidecars.push(sidecar);
  return sidecar;
}

type WhoAmI = { user_id: string; display_name: string };
const whoami = async (client: Awaited<ReturnType<typeof connectClient>>['client']) =>
  client.callTool({ name: 'nc_core_whoami', arguments: {} });

describe.each<ProtocolEra>(['legacy', 'modern'])('basic mode (%s era)', (era) => {
  it('lists the core tools and acts as the configured user', async () => {
    const sidecar = await sidecarWith({ NEXTCLOUD_USERNAME: 'alice', NEXTCLOUD_PASSWORD: APP_PASSWORD });
    const { client, close } = await connectClient(`${sidecar.url}/mcp`, { era });

    const tools = await client.listTools();
    const result = await whoami(client);

    await close();
    expect(tools.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['nc_core_whoami', 'nc_core_capabilities']),
    );
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as WhoAmI).user_id).toBe('alice');
  });
});

describe('multi_user_basic mode', () => {
  it('acts as the caller of each request, per the Basic credentials', async () => {
    const sidecar = await sidecarWith({ ENABLE_MULTI_USER_BASIC_AUTH: 'true' });
    const alice = await connectClient(`${sidecar.url}/mcp`, {
      headers: { authorization: basicAuth('alice', APP_PASSWORD) },
    });
    const bob = await connectClient(`${sidecar.url}/mcp`, {
      era: 'modern',
      headers: { authorization: basicAuth('bob', BOB_PASSWORD) },
    });

    const [a, b] = await Promise.all([whoami(alice.client), whoami(bob.client)]);

    await alice.close();
    await bob.close();
    expect((a.structuredContent as WhoAmI).user_id).toBe('alice');
    expect((b.structuredContent as WhoAmI).user_id).toBe('bob');
  });

  it('answers 401 with a Basic challenge without credentials', async () => {
    const sidecar = await sidecarWith({ ENABLE_MULTI_USER_BASIC_AUTH: 'true' });

    const response = await postInitialize(`${sidecar.url}/mcp`);

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it("refuses another caller's session as unknown", async () => {
    const sidecar = await sidecarWith({ ENABLE_MULTI_USER_BASIC_AUTH: 'true' });
    const alice = await connectClient(`${sidecar.url}/mcp`, {
      headers: { authorization: basicAuth('alice', APP_PASSWORD) },
    });
    const sessionId = alice.transport.sessionId!;

    const response = await fetch(`${sidecar.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
        authorization: basicAuth('bob', BOB_PASSWORD),
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'nc_core_whoami', arguments: {} },
      }),
    });

    await alice.close();
    expect(response.status).toBe(404);
  });

  it('answers initialize with 401 and a Basic challenge when Nextcloud rejects the password', async () => {
    const sidecar = await sidecarWith({ ENABLE_MULTI_USER_BASIC_AUTH: 'true' });

    const response = await postInitialize(`${sidecar.url}/mcp`, {
      authorization: basicAuth('alice', 'ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ-ZZZZZ'),
    });

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(((await response.json()) as { message: string }).message).toContain('Nextcloud did not accept');
  });
});

describe('oauth mode', () => {
  const env = () => ({ TOKEN_ENCRYPTION_KEY: TEST_KEY });

  it('answers 401 with resource metadata in WWW-Authenticate without a token', async () => {
    const sidecar = await sidecarWith(env());

    const response = await fetch(`${sidecar.url}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });

    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(
      /^Bearer resource_metadata=".*\/\.well-known\/oauth-protected-resource\/mcp"$/,
    );
  });

  it('explains how to provision when the user has no app password, then works once one is stored', async () => {
    const port = await findFreePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const sidecar = await sidecarWith({ ...env(), MCP_SERVER_PORT: String(port), NEXTCLOUD_MCP_SERVER_URL: publicUrl });
    const token = (await tokensFor(nextcloud, 'alice', undefined, `${publicUrl}/mcp`)).access_token;
    const client = await connectClient(`${sidecar.url}/mcp`, { headers: { authorization: `Bearer ${token}` } });

    const before = await whoami(client.client);
    await fetch(`${sidecar.url}/api/v1/users/alice/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth('alice', APP_PASSWORD) },
    });
    const after = await whoami(client.client);

    await client.close();
    expect(before.isError).toBe(true);
    expect(JSON.stringify(before.content)).toContain('/index.php/settings/user/mcp_companion');
    expect((after.structuredContent as WhoAmI).user_id).toBe('alice');
  });

  it('reaches Nextcloud with the login name the app password was minted under, not the token subject', async () => {
    const port = await findFreePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const sidecar = await sidecarWith({ ...env(), MCP_SERVER_PORT: String(port), NEXTCLOUD_MCP_SERVER_URL: publicUrl });
    const token = (await tokensFor(nextcloud, 'uid-carol', undefined, `${publicUrl}/mcp`)).access_token;
    await fetch(`${sidecar.url}/api/v1/users/uid-carol/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth('carol@example.com', CAROL_PASSWORD) },
    });
    const client = await connectClient(`${sidecar.url}/mcp`, { headers: { authorization: `Bearer ${token}` } });

    const result = await whoami(client.client);

    await client.close();
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect((result.structuredContent as WhoAmI).user_id).toBe('uid-carol');
  });

  it('serves an MCP client that signed in at the oidc app with an opaque token for /mcp: the default tools, whoami', async () => {
    const port = await findFreePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const sidecar = await sidecarWith({ ...env(), MCP_SERVER_PORT: String(port), NEXTCLOUD_MCP_SERVER_URL: publicUrl });
    await fetch(`${sidecar.url}/api/v1/users/bob/app-password`, {
      method: 'POST',
      headers: { authorization: basicAuth('bob', BOB_PASSWORD) },
    });
    const token = (await tokensFor(nextcloud, 'bob', OPAQUE_CLIENT, `${publicUrl}/mcp`)).access_token;
    const client = await connectClient(`${sidecar.url}/mcp`, { headers: { authorization: `Bearer ${token}` } });

    const tools = await client.client.listTools();
    const result = await whoami(client.client);

    await client.close();
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/); // opaque, not a JWT
    expect(tools.tools.map((tool) => tool.name)).toContain('nc_core_enable_tool_groups');
    expect(tools.tools.length).toBeGreaterThanOrEqual(30);
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    expect((result.structuredContent as WhoAmI).user_id).toBe('bob');
  });

  it('refuses a token issued for another audience', async () => {
    const sidecar = await sidecarWith(env());
    const token = (await tokensFor(nextcloud, 'alice')).access_token;

    const response = await fetch(`${sidecar.url}/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });

    expect(response.status).toBe(401);
  });
});

describe('smithery mode', () => {
  it('describes its configuration and takes it per request from query parameters', async () => {
    const sidecar = await sidecarWith({
      MCP_DEPLOYMENT_MODE: 'smithery',
      SMITHERY_ALLOWED_NEXTCLOUD_HOSTS: '127.0.0.1',
    });
    const schema = (await (await fetch(`${sidecar.url}/.well-known/mcp-config`)).json()) as { required: string[] };
    const query = new URLSearchParams({ nextcloud_url: nextcloud.url, username: 'bob', app_password: BOB_PASSWORD });
    const client = await connectClient(`${sidecar.url}/mcp?${query}`);

    const result = await whoami(client.client);

    await client.close();
    expect(schema.required).toEqual(['nextcloud_url', 'username', 'app_password']);
    expect((result.structuredContent as WhoAmI).user_id).toBe('bob');
  });

  it('answers 400 for an invalid configuration', async () => {
    const sidecar = await sidecarWith({ MCP_DEPLOYMENT_MODE: 'smithery' });
    const query = new URLSearchParams({ nextcloud_url: 'ftp://x', username: 'bob', app_password: 'short' });

    const response = await fetch(`${sidecar.url}/mcp?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });

    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/nextcloud_url.*app_password/);
  });
});

describe('DNS-rebinding protection', () => {
  it('refuses a Host header that is not allowed, and a foreign Origin', async () => {
    const sidecar = await sidecarWith({ NEXTCLOUD_USERNAME: 'alice', NEXTCLOUD_PASSWORD: APP_PASSWORD });
    const { request } = await import('node:http');
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve) => {
        const url = new URL(sidecar.url);
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: '/mcp',
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          },
        );
        req.end('{}');
      });

    expect(await status({ host: 'evil.example.com' })).toBe(403);
    expect(await status({ origin: 'https://evil.example.com' })).toBe(403);
  });

  it('refuses an Origin on an allowed host name but another port, and accepts the same origin', async () => {
    const sidecar = await sidecarWith({ NEXTCLOUD_USERNAME: 'alice', NEXTCLOUD_PASSWORD: APP_PASSWORD });
    const post = (origin: string) =>
      fetch(`${sidecar.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: '{}',
      });

    const otherPort = await post('http://localhost:6666');
    const sameOrigin = await post(sidecar.url);

    expect(otherPort.status).toBe(403);
    expect(sameOrigin.status).not.toBe(403);
  });
});
