// Warms the MCP side once after start: the SDK's wire schemas, every tool's listed JSON Schemas, and one in-memory
// initialize + tools/list round trip, so that the first real caller does not pay for them (~0.7 s cold).
import { InMemoryTransport, preloadSchemas, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { listTool } from './listed-tools.js';
import { buildMcpServer, type ServerFactoryDeps } from './server-factory.js';

export async function warmUpMcp(deps: ServerFactoryDeps): Promise<void> {
  preloadSchemas();
  for (const tool of deps.tools) {
    listTool(tool);
    await yieldToRequests();
  }
  const server = await buildMcpServer(deps, { host: '', principal: 'warm-up', sessionKey: 'warm-up' });
  const [client, serverSide] = InMemoryTransport.createLinkedPair();
  const answered = new Map<number, (message: JSONRPCMessage) => void>();
  client.onmessage = (message) => {
    const id = (message as { id?: unknown }).id;
    if (typeof id === 'number') answered.get(id)?.(message);
  };
  const ask = (id: number, method: string, params: Record<string, unknown> = {}) =>
    new Promise<JSONRPCMessage>((resolve) => {
      answered.set(id, resolve);
      void client.send({ jsonrpc: '2.0', id, method, params });
    });
  await server.connect(serverSide);
  await client.start();
  await ask(1, 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'warm-up', version: '1' },
  });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await ask(2, 'tools/list');
  await server.close();
}

/** Lets requests that arrive meanwhile in between (each tool takes about a millisecond). */
function yieldToRequests(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
