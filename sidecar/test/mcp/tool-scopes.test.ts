// Tokens of the sidecar's own authorization server carry scopes: tools/list shows only the tools they allow, and a
// call of a tool outside them is refused with a message naming the missing scope; tokens without scopes see all.
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { NextcloudAccess } from '../../src/auth/nextcloud-credentials.js';
import { SUPPORTED_SCOPES } from '../../src/auth/scope-catalogue.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { createCallerMemoStore } from '../../src/platform/caller-memo.js';
import { buildMcpServer, requiredScope } from '../../src/mcp/server-factory.js';
import { ALL_TOOLS } from '../../src/mcp/tool-catalog.js';

async function clientWith(scopes: readonly string[] | undefined, calledTool?: string) {
  const http = createHttpClient({ verifySsl: true, timeoutMs: 1000, userAgent: 'test' });
  // No credentials: a tool that runs answers "no credentials", which tells a run apart from a scope refusal.
  const access: NextcloudAccess = {
    host: 'http://127.0.0.1:9',
    principal: 'alice',
    sessionKey: 'alice',
    missingCredentialsMessage: 'no credentials here',
    ...(scopes ? { scopes } : {}),
  };
  const server = await buildMcpServer(
    {
      tools: ALL_TOOLS,
      http,
      logger: createLogger('silent'),
      memo: createCallerMemoStore(),
      scopeOf: () => ({ access, requestId: 'req-1' }),
      // Scopes decide what is offered; every offered tool is listed here, not only the default groups.
      listAllTools: true,
    },
    access,
    calledTool,
  );
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'scope-test', version: '1' });
  await client.connect(clientSide);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text: string }[]).map((part) => part.text).join('\n');

describe('tool scopes', () => {
  it('asks of every tool a scope the consent page can grant', () => {
    const unknown = ALL_TOOLS.filter((tool) => !SUPPORTED_SCOPES.includes(requiredScope(tool)));
    expect(unknown.map((tool) => `${tool.name}: ${requiredScope(tool)}`)).toEqual([]);
  });

  it('lists only the tools of the granted scopes', async () => {
    const client = await clientWith(['files:read', 'notes:write']);
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    const expected = ALL_TOOLS.filter((tool) => ['files:read', 'notes:write'].includes(requiredScope(tool)));
    expect(listed).toEqual(expected.map((tool) => tool.name));
    expect(listed).toContain('nc_files_read_text');
    expect(listed).not.toContain('nc_files_write');
    expect(listed).not.toContain('nc_core_whoami');
  });

  it('refuses a call outside the scopes with the missing scope named, and runs one inside them', async () => {
    const client = await clientWith(['files:read']);
    const refused = await client.callTool({ name: 'nc_files_write', arguments: { path: 'a.txt', content: 'x' } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('"files:write"');
    const ran = await client.callTool({ name: 'nc_files_read_text', arguments: { path: 'a.txt' } });
    expect(ran.isError).toBe(true);
    expect(textOf(ran)).toContain('no credentials here');
    await expect(client.callTool({ name: 'nc_nothing_here', arguments: {} })).rejects.toThrow(/not found/);
  });

  it('refuses the same way on a server built for one call (the 2026-07-28 revision)', async () => {
    const client = await clientWith(['files:read'], 'nc_files_write');
    const refused = await client.callTool({ name: 'nc_files_write', arguments: { path: 'a.txt', content: 'x' } });
    expect(textOf(refused)).toContain('"files:write"');
  });

  it('offers every tool to a caller whose token carries no scopes (app passwords, Nextcloud-issued tokens)', async () => {
    const client = await clientWith(undefined);
    expect((await client.listTools()).tools).toHaveLength(ALL_TOOLS.length);
  });
});
