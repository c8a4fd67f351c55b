// Launches a real Radicale (CalDAV/CardDAV) server on loopback for tests, with its storage in a temp directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningRadicale {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:5232. */
  url: string;
  /** The temp directory holding the config and the collections. */
  dir: string;
  stop(): Promise<void>;
}

export interface RadicaleOptions {
  /** The Radicale executable (default /usr/bin/radicale). */
  command?: string;
  /** How long to wait for the first answer, in milliseconds. */
  startTimeoutMs?: number;
}

/**
 * Starts Radicale with `owner_only` rights and `[auth] type = http_x_remote_user`: the `X-Remote-User` header names
 * the user, as behind an authenticating proxy (with `type = none` Radicale would not check owners at all).
 */
export async function startRadicale(options: RadicaleOptions = {}): Promise<RunningRadicale> {
  const dir = mkdtempSync(join(tmpdir(), 'radicale-test-'));
  const port = await findFreePort();
  const configPath = join(dir, 'config');
  writeFileSync(configPath, renderConfig(port, join(dir, 'collections')));
  const child = spawn(options.command ?? '/usr/bin/radicale', ['--config', configPath], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  child.once('error', (error) => stderr.push(`could not start: ${error.message}`));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(url, child, options.startTimeoutMs ?? 15_000, stderr);
  } catch (error) {
    await killProcess(child);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    dir,
    stop: async () => {
      await killProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function renderConfig(port: number, collectionsDir: string): string {
  return [
    '[server]',
    `hosts = 127.0.0.1:${port}`,
    '[auth]',
    'type = http_x_remote_user',
    '[rights]',
    'type = owner_only',
    '[storage]',
    'type = multifilesystem',
    `filesystem_folder = ${collectionsDir}`,
    '[web]',
    'type = none',
    '[logging]',
    'level = warning',
    '',
  ].join('\n');
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, timeoutMs: number, stderr: string[]) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) {
      throw new Error(`Radicale exited (${child.exitCode ?? child.signalCode}): ${stderr.join('').slice(-500)}`);
    }
    try {
      await fetch(`${url}/.well-known/caldav`, { redirect: 'manual', signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`Radicale did not answer within ${timeoutMs} ms: ${stderr.join('').slice(-500)}`);
}

function killProcess(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
