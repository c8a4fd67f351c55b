// The shared tool dispatcher: every server of a process answers tools/list from one list per offered set, so a
// session costs a few kilobytes of heap rather than a copy of every tool.
import { InMemoryTransport, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { NextcloudAccess } from '../../src/auth/nextcloud-credentials.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { createCallerMemoStore } from '../../src/platform/caller-memo.js';
import { ALL_RESOURCE_TEMPLATES } from '../../src/mcp/resource-catalog.js';
import { buildMcpServer, type ServerFactoryDeps } from '../../src/mcp/server-factory.js';
import { ALL_TOOLS } from '../../src/mcp/tool-catalog.js';
import { createToolDispatcher } from '../../src/mcp/tool-dispatcher.js';

/** Each server held 130 KB or more when it registered every tool itself (measured: 137 KB). */
const MAX_HEAP_PER_SERVER_BYTES = 40 * 1024;
const SERVERS = 50;

const access: NextcloudAccess = { host: 'http://127.0.0.1:9', principal: 'alice', sessionKey: 'alice' };

function factoryDeps(): ServerFactoryDeps {
  return {
    tools: ALL_TOOLS,
    resources: ALL_RESOURCE_TEMPLATES,
    http: createHttpClient({ verifySsl: true, timeoutMs: 1000, userAgent: 'test' }),
    logger: createLogger('silent'),
    memo: createCallerMemoStore(),
    scopeOf: () => ({ access, requestId: 'req-1' }),
    listAllTools: true,
  };
}

/** A server that answered initialize and tools/list to a raw in-memory peer (a client would weigh more than it). */
async function listedServer(deps: ServerFactoryDeps) {
  const server = await buildMcpServer(deps, access);
  const [peer, serverSide] = InMemoryTransport.createLinkedPair();
  const answers = new Map<number, (message: JSONRPCMessage) => void>();
  peer.onmessage = (message) => answers.get((message as { id: number }).id)?.(message);
  const ask = (id: number, method: string, params: Record<string, unknown> = {}) =>
    new Promise<JSONRPCMessage>((resolve) => {
      answers.set(id, resolve);
      void peer.send({ jsonrpc: '2.0', id, method, params });
    });
  await server.connect(serverSide);
  await peer.start();
  await ask(1, 'initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 't', version: '1' },
  });
  await peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const listed = (await ask(2, 'tools/list')) as unknown as { result: { tools: unknown[] } };
  return { server, peer, toolCount: listed.result.tools.length };
}

function heapUsedAfterGc(): number {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('run with --expose-gc (vitest.config.ts does)');
  collect();
  collect();
  return process.memoryUsage().heapUsed;
}

describe('servers of one process', () => {
  it(`hold under ${MAX_HEAP_PER_SERVER_BYTES / 1024} KB of heap each, with every tool listed`, async () => {
    const deps = factoryDeps();
    await listedServer(deps);
    const before = heapUsedAfterGc();

    const kept = [];
    for (let i = 0; i < SERVERS; i += 1) kept.push(await listedServer(deps));

    const perServer = (heapUsedAfterGc() - before) / SERVERS;
    expect(kept.every((listed) => listed.toolCount === ALL_TOOLS.length)).toBe(true);
    expect(perServer).toBeLessThan(MAX_HEAP_PER_SERVER_BYTES);
  });
});

describe('the tool dispatcher', () => {
  const dispatcher = createToolDispatcher({
    tools: ALL_TOOLS,
    run: () => Promise.resolve({ content: [] }),
    refuse: (_tool, error) => ({ content: [{ type: 'text', text: error.message }], isError: true }),
    maxOffers: 2,
  });

  it('gives the same offer for the same set of tools, and another for another set', () => {
    const everything = dispatcher.offer(() => true);

    const again = dispatcher.offer((tool) => tool.app !== 'knowledge');
    const coreOnly = dispatcher.offer((tool) => tool.app === 'core');

    expect(again).toBe(everything);
    expect(again.list).toBe(everything.list);
    expect(coreOnly.list.tools.every((tool) => tool.name.startsWith('nc_core_'))).toBe(true);
  });

  it('keeps only the offers used last when more sets are asked for than it keeps', () => {
    const first = dispatcher.offer((tool) => tool.app === 'notes');
    dispatcher.offer((tool) => tool.app === 'files');
    dispatcher.offer((tool) => tool.app === 'deck');

    const firstAgain = dispatcher.offer((tool) => tool.app === 'notes');

    expect(firstAgain).not.toBe(first);
    expect(firstAgain.list).toEqual(first.list);
  });
});
