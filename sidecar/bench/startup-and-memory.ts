// Start-to-listening time with an existing database and idle memory of the built CLI in three modes (basic,
// multi_user_basic, hybrid with the knowledge sync on), against a bare Node HTTP server started the same way.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printLine, type BenchLine } from './report.js';

const BIN = fileURLToPath(new URL('../bin/nextcloud-mcp-server.js', import.meta.url));
const RUNS = 5;
/** Idle memory is read this long after listening (the MCP warm-up and the first sync tick have run by then). */
const IDLE_MS = 12_000;
const BARE_SERVER = `require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', () => console.log('ready'))`;

interface Mode {
  name: string;
  env: Record<string, string>;
}

export async function benchStartupAndMemory(dbPath: string): Promise<BenchLine[]> {
  const common = {
    PATH: process.env.PATH ?? '',
    // Nothing listens there: the sidecar must start and idle without Nextcloud answering.
    NEXTCLOUD_HOST: 'http://127.0.0.1:9',
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
    MCP_SERVER_PORT: '0',
  };
  const modes: Mode[] = [
    {
      name: 'basic',
      env: { ...common, TOKEN_STORAGE_DB: `${dbPath}.basic`, NEXTCLOUD_USERNAME: 'a', NEXTCLOUD_PASSWORD: 'b' },
    },
    {
      name: 'multi_user_basic',
      env: { ...common, TOKEN_STORAGE_DB: `${dbPath}.multi`, ENABLE_MULTI_USER_BASIC_AUTH: 'true' },
    },
    {
      name: 'hybrid with the knowledge sync',
      env: {
        ...common,
        TOKEN_STORAGE_DB: `${dbPath}.hybrid`,
        ENABLE_MULTI_USER_BASIC_AUTH: 'true',
        ENABLE_BACKGROUND_OPERATIONS: 'true',
        VECTOR_SYNC_ENABLED: 'true',
      },
    },
  ];
  const bareTimes: number[] = [];
  let bareRssMb = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const bare = await startOnce(['-e', BARE_SERVER], common, /ready/, run === RUNS - 1 ? IDLE_MS : 0);
    bareTimes.push(bare.ms);
    bareRssMb = bare.rssMb;
  }
  const lines: BenchLine[] = [];
  for (const mode of modes) {
    await startOnce([BIN, 'run'], mode.env, /"msg":"listening"/); // creates and migrates the database
    const startTimes: number[] = [];
    let idleRssMb = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const sidecar = await startOnce([BIN, 'run'], mode.env, /"msg":"listening"/, run === RUNS - 1 ? IDLE_MS : 0);
      startTimes.push(sidecar.ms);
      idleRssMb = sidecar.rssMb;
    }
    lines.push(
      {
        name: `${mode.name}: start to listening, existing database (median of ${RUNS})`,
        value: median(startTimes),
        unit: 'ms',
        reference: { name: 'bare Node HTTP server', value: median(bareTimes) },
        target: '<= 500 ms',
        pass: median(startTimes) <= 500,
      },
      {
        name: `${mode.name}: idle memory (RSS, ${IDLE_MS / 1000} s after listening)`,
        value: idleRssMb,
        unit: 'MB',
        reference: { name: 'bare Node HTTP server', value: bareRssMb },
        target: '<= 80 MB',
        pass: idleRssMb <= 80,
      },
    );
  }
  lines.forEach(printLine);
  return lines;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

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
