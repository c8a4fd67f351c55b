// Starts a benchmark child process through tsx and reads the one JSON line it prints; reports its RSS. The sidecar
// child is the real sidecar, warm, with the settings given.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export interface BenchChild<T> {
  info: T;
  process: ChildProcess;
  rssMb(): number;
  stop(): Promise<void>;
}

export async function startBenchChild<T>(script: string, args: string[]): Promise<BenchChild<T>> {
  const child = spawn(process.execPath, ['--import', TSX, script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const info = await new Promise<T>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()) as T));
    child.once('exit', (code) => reject(new Error(`bench child exited with ${code}`)));
  });
  return {
    info,
    process: child,
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The app password of the benchmarks' user alice. */
export const BENCH_PASSWORD = 'AbCdE-12345-fGhIj-67890-KlMnO';

/** The real sidecar in a child process with `env` as its settings; resolves once it listens and is warm. */
export function startSidecarChild(env: Record<string, string>): Promise<BenchChild<{ url: string }>> {
  return startBenchChild(fileURLToPath(new URL('./sidecar-child.ts', import.meta.url)), [JSON.stringify(env)]);
}

/** Basic mode as alice against `nextcloudUrl`. */
export function basicModeEnv(nextcloudUrl: string, dbPath: string): Record<string, string> {
  return {
    NEXTCLOUD_HOST: nextcloudUrl,
    NEXTCLOUD_USERNAME: 'alice',
    NEXTCLOUD_PASSWORD: BENCH_PASSWORD,
    TOKEN_STORAGE_DB: dbPath,
  };
}
