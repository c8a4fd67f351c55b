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
