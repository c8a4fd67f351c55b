// Start-to-listening time with an existing database and idle memory of the built CLI, against a bare Node process.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printLine, type BenchLine } from './report.js';

const BIN = fileURLToPath(new URL('../bin/nextcloud-mcp-server.js', import.meta.url));
const RUNS = 5;

export async function benchStartupAndMemory(dbPath: string): Promise<BenchLine[]> {
  const env = {
    PATH: process.env.PATH ?? '',
    NEXTCLOUD_HOST: 'http://127.0.0.1:9',
    ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
    TOKEN_STORAGE_DB: dbPath,
    MCP_SERVER_PORT: '0',
  };
  await startOnce([BIN, 'run'], env, /"msg":"listening"/); // creates and migrates the database
  const startTimes: number[] = [];
  const bareTimes: number[] = [];
  let idleRssMb = 0;
  let bareRssMb = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const sidecar = await startOnce([BIN, 'run'], env, /"msg":"listening"/, run === RUNS - 1 ? 3000 : 0);
    startTimes.push(sidecar.ms);
    idleRssMb = sidecar.rssMb;
    const bare = await startOnce(
      ['-e', 'console.log("ready"); setInterval(() => {}, 1000)'],
      env,
      /ready/,
      run === RUNS - 1 ? 3000 : 0,
    );
    bareTimes.push(bare.ms);
    bareRssMb = bare.rssMb;
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

  const lines: BenchLine[] = [
    {
      name: 'start to listening, existing database (median of 5)',
      value: median(startTimes),
      unit: 'ms',
      reference: { name: 'bare node process start', value: median(bareTimes) },
      target: '< 1500 ms',
      pass: median(startTimes) < 1500,
    },
    {
      name: 'idle memory (RSS, 3 s after listening)',
      value: idleRssMb,
      unit: 'MB',
      reference: { name: 'bare node process', value: bareRssMb },
      target: '< 120 MB',
      pass: idleRssMb < 120,
    },
  ];
  lines.forEach(printLine);
  return lines;
}

function startOnce(args: string[], env: Record<string, string>, ready: RegExp, idleMs = 0) {
  return new Promise<{ ms: number; rssMb: number }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!ready.test(output)) return;
      const ms = performance.now() - started;
      ready.lastIndex = 0;
      output = '';
      setTimeout(() => {
        const rssMb = readRssMb(child.pid!);
        child.once('close', () => resolve({ ms, rssMb }));
        child.kill('SIGTERM');
      }, idleMs);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
  });
}

function readRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
