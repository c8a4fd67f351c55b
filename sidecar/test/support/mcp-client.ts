// Connects the official MCP SDK client to the sidecar over Streamable HTTP, in the 2025 era or 2026-07-28.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

export type ProtocolEra = 'legacy' | 'modern';

export async function connectClient(
  url: string,
  options: { era?: ProtocolEra; headers?: Record<string, string> } = {},
) {
  const client = new Client(
    { name: 'sidecar-test', version: '1.0.0' },
    { versionNegotiation: { mode: options.era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
  );
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: options.headers ?? {} },
  });
  await client.connect(transport);
  return { client, transport, close: () => client.close() };
}

/** The headers a Streamable HTTP client sends with every POST. */
export const MCP_POST_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** A raw 2025-era `initialize` POST (for tests of what the endpoint answers before any session exists). */
export function postInitialize(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...MCP_POST_HEADERS, ...headers },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'sidecar-test', version: '1' } },
    }),
  });
}
