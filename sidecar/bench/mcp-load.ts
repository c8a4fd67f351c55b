// 200 concurrent MCP clients calling a tool for a minute (errors must be 0), and the memory of idle sessions.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { BENCH_PASSWORD } from './child-process.js';
import type { ChildMemory } from './mcp-sidecar-child.js';
import { percentile, printLine, type BenchLine } from './report.js';

const CLIENTS = 200;
const SECONDS = Number(process.env.MCP_LOAD_SECONDS ?? 60);
const SESSIONS_AT_ONCE = 10;
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export async function benchMcpLoad(dbPath: string): Promise<BenchLine[]> {
  const double = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [BENCH_PASSWORD] }] });
  double.setLatency(30);
  const sidecar = await startMeasuredSidecar({
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
  // Memory per session is what the second hundred sessions add to the first, after a full garbage collection: what
  // the first session pays once (code compiled on first use, caches) and the garbage of opening sessions are not a
  // session's. RSS is reported beside it (it also holds garbage and heap the process has not given back).
  const clients = await openSessions(connect, CLIENTS / 2);
  const half = await sidecar.memory();
  clients.push(...(await openSessions(connect, CLIENTS / 2)));
  const full = await sidecar.memory();
  const perSessionKb = (full.heapUsedBytes - half.heapUsedBytes) / 1024 / (CLIENTS / 2);
  const rssPerSessionKb = (full.rssBytes - half.rssBytes) / 1024 / (CLIENTS / 2);

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
      name: `memory per idle session (heap after GC, from ${CLIENTS / 2} to ${CLIENTS} sessions)`,
      value: perSessionKb,
      unit: 'KB',
      target: '<= 150',
      pass: perSessionKb <= 150,
    },
    {
      name: 'RSS per idle session (the same sessions)',
      value: rssPerSessionKb,
      unit: 'KB',
      target: 'reported',
      pass: true,
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

interface MeasuredSidecar {
  info: { url: string };
  memory(): Promise<ChildMemory>;
  stop(): Promise<void>;
}

/** The real sidecar in a child process that can collect its garbage and report its memory. */
async function startMeasuredSidecar(env: Record<string, string>): Promise<MeasuredSidecar> {
  const script = fileURLToPath(new URL('./mcp-sidecar-child.ts', import.meta.url));
  const child = spawn(process.execPath, ['--expose-gc', '--import', TSX, script, JSON.stringify(env)], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const info = await new Promise<{ url: string }>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()) as { url: string }));
    child.once('exit', (code) => reject(new Error(`sidecar child exited with ${code}`)));
  });
  return {
    info,
    memory: async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const answer = new Promise<ChildMemory>((resolve) => child.once('message', (m) => resolve(m as ChildMemory)));
      child.send('memory');
      return answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
