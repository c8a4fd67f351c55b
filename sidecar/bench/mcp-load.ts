// 200 concurrent MCP clients calling a tool for a minute (errors must be 0), and the memory of idle sessions.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { BENCH_PASSWORD, startSidecarChild } from './child-process.js';
import { percentile, printLine, type BenchLine } from './report.js';

const CLIENTS = 200;
const SECONDS = Number(process.env.MCP_LOAD_SECONDS ?? 60);

export async function benchMcpLoad(dbPath: string): Promise<BenchLine[]> {
  const double = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [BENCH_PASSWORD] }] });
  double.setLatency(30);
  const sidecar = await startSidecarChild({
    NEXTCLOUD_HOST: double.url,
    ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    // All clients are one user here; the default cap (10 sessions per caller) would close the oldest ones.
    MCP_MAX_SESSIONS_PER_USER: String(CLIENTS),
    TOKEN_STORAGE_DB: dbPath,
  });
  const authorization = `Basic ${Buffer.from(`alice:${BENCH_PASSWORD}`).toString('base64')}`;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rssBefore = sidecar.rssMb();
  const clients = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const client = new Client({ name: 'load', version: '1' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${sidecar.info.url}/mcp`), {
          requestInit: { headers: { authorization } },
        }),
      );
      return client;
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const perSessionKb = ((sidecar.rssMb() - rssBefore) * 1024) / CLIENTS;

  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        const start = performance.now();
        try {
          const result = await client.callTool({ name: 'nc_core_whoami', arguments: {} });
          if (result.isError) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - start);
      }
    }),
  );
  await Promise.all(clients.map((client) => client.close()));
  await sidecar.stop();
  await double.close();
  latencies.sort((a, b) => a - b);

  const lines: BenchLine[] = [
    {
      name: `${CLIENTS} clients calling tools for ${SECONDS} s: errors`,
      value: errors,
      unit: `of ${latencies.length} calls`,
      target: '0',
      pass: errors === 0,
    },
    {
      name: `${CLIENTS} clients: throughput`,
      value: latencies.length / SECONDS,
      unit: 'calls/s',
      target: 'reported',
      pass: true,
    },
    {
      name: `${CLIENTS} clients: p50 / p99 latency (Nextcloud 30 ms)`,
      value: percentile(latencies, 50),
      unit: `ms (p99 ${percentile(latencies, 99).toFixed(0)} ms)`,
      target: 'reported',
      pass: true,
    },
    { name: 'memory per idle session', value: perSessionKb, unit: 'KB', target: 'reported', pass: true },
  ];
  lines.forEach(printLine);
  return lines;
}
