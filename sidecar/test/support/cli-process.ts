// Spawns the CLI from source (through tsx) with a given environment and collects its output.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const ENTRY = new URL('./cli-entry.ts', import.meta.url).pathname;
/** tsx's loader by absolute URL, so the child may run in any working directory. */
const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export function spawnCli(args: string[], env: Record<string, string>, cwd?: string): ChildProcess {
  return spawn(process.execPath, ['--import', TSX_LOADER, ENTRY, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function runCliProcess(args: string[], env: Record<string, string>, cwd?: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawnCli(args, env, cwd);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
