// GET /api/v1/status against a bare Express handler served by the same child process: throughput and p99 latency;
// given a DATABASE_URL, the same figures of a sidecar on PostgreSQL in that process, against the SQLite sidecar's.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureWrk, measureLatencyUnderLoad, measureThroughput } from './load.js';
import { printLine, type BenchLine } from './report.js';

const CONNECTIONS = 50;
const ROUNDS = 3;
const SECONDS = 3;
/** Pause of each latency client between requests: 50 clients × 20/s ≈ 1,000 req/s, busy but not saturated. */
const THINK_MS = 50;
const SERVERS = fileURLToPath(new URL('./status-servers.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

interface ServerUrls {
  bare: string;
  sidecar: string;
  postgres?: string;
}

/** `databaseUrl`: an empty PostgreSQL database for a second sidecar with DATABASE_URL; without it, SQLite only. */
export async function benchStatusThroughput(dbPath: string, databaseUrl?: string): Promise<BenchLine[]> {
  ensureWrk();
  const args = [SERVERS, dbPath, ...(databaseUrl ? [databaseUrl] : [])];
  const child = spawn(process.execPath, ['--import', TSX, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const urls = await new Promise<ServerUrls>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()) as ServerUrls));
    child.once('exit', (code) => reject(new Error(`status servers exited with ${code}`)));
  });
  try {
    const bare = `${urls.bare}/api/v1/status`;
    const sidecar = `${urls.sidecar}/api/v1/status`;
    const postgres = urls.postgres && `${urls.postgres}/api/v1/status`;
    const targets = [bare, sidecar, ...(postgres ? [postgres] : [])];
    targets.forEach((url) => measureThroughput(url, CONNECTIONS, 1));
    const rps = targets.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round += 1) {
      targets.forEach((url, i) => rps[i]!.push(measureThroughput(url, CONNECTIONS, SECONDS)));
    }
    const [bareRps, sidecarRps, postgresRps] = rps as [number[], number[], number[] | undefined];
    const bareLatency = await measureLatencyUnderLoad(bare, CONNECTIONS, THINK_MS, SECONDS);
    const sidecarLatency = await measureLatencyUnderLoad(sidecar, CONNECTIONS, THINK_MS, SECONDS);
    const postgresLatency = postgres && (await measureLatencyUnderLoad(postgres, CONNECTIONS, THINK_MS, SECONDS));

    const lines: BenchLine[] = [
      {
        name: `GET /api/v1/status throughput, ${CONNECTIONS} connections (median of ${ROUNDS} interleaved rounds)`,
        value: median(sidecarRps),
        unit: 'req/s',
        reference: { name: 'bare Express handler', value: median(bareRps) },
        target: '>= 0.80 of the bare handler',
        pass: median(sidecarRps) >= 0.8 * median(bareRps),
      },
      {
        name: `GET /api/v1/status p50, ${CONNECTIONS} connections at ${Math.round(sidecarLatency.rps)} req/s`,
        value: sidecarLatency.p50,
        unit: 'ms',
        reference: { name: 'bare Express handler', value: bareLatency.p50 },
        target: 'reported',
        pass: true,
      },
      {
        name: `GET /api/v1/status p99, ${CONNECTIONS} connections at ${Math.round(sidecarLatency.rps)} req/s`,
        value: sidecarLatency.p99,
        unit: 'ms',
        reference: { name: 'bare Express handler', value: bareLatency.p99 },
        target: '< 5 ms',
        pass: sidecarLatency.p99 < 5,
      },
    ];
    if (postgresRps && postgresLatency) {
      // The route reads no state: these lines measure the sidecar running with a PostgreSQL pool, not the database.
      const what = 'GET /api/v1/status with DATABASE_URL (PostgreSQL; the route reads no state)';
      lines.push(
        {
          name: `${what} throughput, ${CONNECTIONS} connections (median of ${ROUNDS} interleaved rounds)`,
          value: median(postgresRps),
          unit: 'req/s',
          reference: { name: 'the same sidecar on SQLite', value: median(sidecarRps) },
          target: '>= 0.90 of SQLite',
          pass: median(postgresRps) >= 0.9 * median(sidecarRps),
        },
        {
          name: `${what} p99, ${CONNECTIONS} connections at ${Math.round(postgresLatency.rps)} req/s`,
          value: postgresLatency.p99,
          unit: 'ms',
          reference: { name: 'the same sidecar on SQLite', value: sidecarLatency.p99 },
          target: '< 5 ms, as on SQLite',
          pass: postgresLatency.p99 < 5,
        },
      );
    }
    lines.forEach(printLine);
    return lines;
  } finally {
    child.kill('SIGTERM');
  }
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}
