// Load generators for the HTTP benchmarks: wrk for throughput, and concurrent clients for latency.
import { execFileSync } from 'node:child_process';
import { Client } from 'undici';
import { percentile } from './report.js';

/** Requests per second of `wrk` saturating `url` with `connections` keep-alive connections. */
export function measureThroughput(url: string, connections: number, seconds: number): number {
  const output = execFileSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, url], { encoding: 'utf8' });
  if (/Non-2xx|Socket errors/.test(output)) throw new Error(`wrk saw errors:\n${output}`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? NaN);
}

/**
 * Latency percentiles with `connections` clients, each sending one request at a time and pausing `thinkMs` between
 * them (about connections × 1000 / thinkMs requests per second): the server is busy but not saturated. The clients
 * start spread over one pause, so the requests arrive spread out rather than in bursts of `connections`, and each
 * client's first request, which opens its connection, is not counted.
 */
export async function measureLatencyUnderLoad(url: string, connections: number, thinkMs: number, seconds: number) {
  const target = new URL(url);
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const runClient = async (index: number) => {
    const client = new Client(target.origin);
    await pause((index * thinkMs) / connections);
    for (let counted = false; performance.now() < deadline; counted = true) {
      const sentAt = performance.now();
      const response = await client.request({ method: 'GET', path: target.pathname });
      await response.body.text();
      if (response.statusCode !== 200) throw new Error(`status ${response.statusCode}`);
      if (counted) latencies.push(performance.now() - sentAt);
      await pause(thinkMs);
    }
    await client.close();
  };
  await Promise.all(Array.from({ length: connections }, (_, index) => runClient(index)));
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), rps: latencies.length / seconds };
}

export function ensureWrk(): void {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') throw new Error('wrk is not installed (Debian package wrk).');
  }
}
