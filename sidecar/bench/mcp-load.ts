// 200 concurrent MCP clients calling a tool for a minute (errors must be 0), and the memory of idle sessions.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { BENCH_PASSWORD, startSidecarChild } from './child-process.js';
import { percentile, printLine, type BenchLine } from './report.js';

const CLIENTS = 200;
const SECONDS = Number(process.env.MCP_LOAD_SECONDS ?? 60);
const SESSIONS_AT_ONCE = 10;

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
  const connect = async () => {
    const client = new Client({ name: 'load', version: '1' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${sidecar.info.url}/mcp`), {
        requestInit: { headers: { authorization } },
      }),
    );
    return client;
  };
  // Memory per session is the slope between the first and the second half of the sessions: what the first session
  // pays once (code compiled on first use, caches, the heap growing) and the garbage of a burst of 200 concurrent
  // initializes are not a session's.
  const clients = await openSessions(connect, CLIENTS / 2);
  await settle();
  const rssHalf = sidecar.rssMb();
  clients.push(...(await openSessions(connect, CLIENTS / 2)));
  await settle();
  const perSessionKb = ((sidecar.rssMb() - rssHalf) * 1024) / (CLIENTS / 2);

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
    {
      name: `memory per idle session (RSS from ${CLIENTS / 2} to ${CLIENTS} sessions)`,
      value: perSessionKb,
      unit: 'KB',
      target: '<= 150',
      pass: perSessionKb <= 150,
    },
  ];
  lines.forEach(printLine);
  return lines;
}

/** Opens `count` sessions, ten at a time. */
async function openSessions(connect: () => Promise<Client>, count: number): Promise<Client[]> {
  const clients: Client[] = [];
  for (let i = 0; i < count; i += SESSIONS_AT_ONCE) {
    clients.push(...(await Promise.all(Array.from({ length: Math.min(SESSIONS_AT_ONCE, count - i) }, connect))));
  }
  return clients;
}

function settle(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1000));
}
