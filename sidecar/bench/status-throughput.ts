// GET /api/v1/status against a bare Express handler served by the same child process: throughput and p99 latency.
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

export async function benchStatusThroughput(dbPath: string): Promise<BenchLine[]> {
  ensureWrk();
  const child = spawn(process.execPath, ['--import', TSX, SERVERS, dbPath], { stdio: ['ignore', 'pipe', 'inherit'] });
  const urls = await new Promise<{ bare: string; sidecar: string }>((resolve) => {
    child.stdout.once('data', (chunk: Buffer) =>
      resolve(JSON.parse(chunk.toString()) as { bare: string; sidecar: string }),
    );
  });
  try {
    const bare = `${urls.bare}/api/v1/status`;
    const sidecar = `${urls.sidecar}/api/v1/status`;
    measureThroughput(bare, CONNECTIONS, 1);
    measureThroughput(sidecar, CONNECTIONS, 1);
    const bareRps: number[] = [];
    const sidecarRps: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      bareRps.push(measureThroughput(bare, CONNECTIONS, SECONDS));
      sidecarRps.push(measureThroughput(sidecar, CONNECTIONS, SECONDS));
    }
    const bareLatency = await measureLatencyUnderLoad(bare, CONNECTIONS, THINK_MS, SECONDS);
    const sidecarLatency = await measureLatencyUnderLoad(sidecar, CONNECTIONS, THINK_MS, SECONDS);

    const lines: BenchLine[] = [
      {
        name: `GET /api/v1/status throughput, ${CONNECTIONS} connections (median of ${ROUNDS} interleaved rounds)`,
        value: median(sidecarRps),
        unit: 'req/s',
        reference: { name: 'bare Express handler', value: median(bareRps) },
        target: '>= 0.70 of the bare handler',
        pass: median(sidecarRps) >= 0.7 * median(bareRps),
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
    lines.forEach(printLine);
    return lines;
  } finally {
    child.kill('SIGTERM');
  }
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}
