// Smithery mode names its Nextcloud per request: loopback, link-local (cloud metadata) and other special addresses,
// host names resolving to them, and URLs with a query or fragment are refused and reach nothing; an allowlisted
// address works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { connectClient, postInitialize } from '../support/mcp-client.js';
import { startTestSidecar, type TestSidecar } from '../support/sidecar.js';

const BOB = 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB';
let nextcloud: PlatformDouble;
let port: string;
let guarded: TestSidecar;
let allowing: TestSidecar;

beforeAll(async () => {
  nextcloud = await startPlatformDouble({ users: [{ id: 'bob', appPasswords: [BOB] }] });
  port = new URL(nextcloud.url).port;
  guarded = await startTestSidecar({ MCP_DEPLOYMENT_MODE: 'smithery' });
  allowing = await startTestSidecar({ MCP_DEPLOYMENT_MODE: 'smithery', SMITHERY_ALLOWED_NEXTCLOUD_HOSTS: '127.0.0.1' });
});
afterAll(async () => {
  await guarded.stop();
  await allowing.stop();
  await nextcloud.close();
});

const mcpUrl = (sidecar: TestSidecar, nextcloudUrl: string) =>
  `${sidecar.url}/mcp?${new URLSearchParams({ nextcloud_url: nextcloudUrl, username: 'bob', app_password: BOB })}`;

async function initialize(sidecar: TestSidecar, nextcloudUrl: string) {
  const response = await postInitialize(mcpUrl(sidecar, nextcloudUrl));
  return { status: response.status, body: await response.text() };
}

describe('smithery nextcloud_url', () => {
  it.each([
    ['a loopback address', () => `http://127.0.0.1:${port}`],
    ['the cloud metadata address', () => 'http://169.254.169.254/'],
    ['a private address', () => 'http://10.0.0.1/'],
    ['an IPv6 loopback address', () => `http://[::1]:${port}/`],
  ])('refuses %s with 400 before connecting', async (_name, url) => {
    const before = nextcloud.requests.length;

    const answer = await initialize(guarded, url());

    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/does not connect to loopback, private, link-local/);
    expect(nextcloud.requests.length).toBe(before);
  });

  it('refuses a host name that resolves to loopback when connecting, and the tool call reaches nothing', async () => {
    const before = nextcloud.requests.length;
    const client = await connectClient(mcpUrl(guarded, `http://localhost:${port}`));

    const result = await client.client.callTool({ name: 'nc_core_whoami', arguments: {} });

    await client.close();
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/does not connect to loopback, private, link-local/);
    expect(nextcloud.requests.length).toBe(before);
  });

  it.each([
    ['a query', () => `http://127.0.0.1:${port}/internal/hook?`],
    ['a query with parameters', () => `http://127.0.0.1:${port}/?next=/internal`],
    ['a fragment', () => `http://127.0.0.1:${port}/internal#`],
    ['user information', () => `http://admin:secret@127.0.0.1:${port}/`],
  ])('refuses a URL with %s, even to an allowlisted address', async (_name, url) => {
    const before = nextcloud.requests.length;

    const answer = await initialize(allowing, url());

    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/nextcloud_url must not contain/);
    expect(nextcloud.requests.length).toBe(before);
  });

  it('reaches an address that SMITHERY_ALLOWED_NEXTCLOUD_HOSTS names', async () => {
    const client = await connectClient(mcpUrl(allowing, `http://127.0.0.1:${port}/`));

    const result = await client.client.callTool({ name: 'nc_core_whoami', arguments: {} });

    await client.close();
    expect((result.structuredContent as { user_id: string }).user_id).toBe('bob');
  });
});
