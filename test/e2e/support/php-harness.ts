// Starts the companion's PHP harness (`php -S` with test/e2e/harness/router.php) on a free loopback port.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findFreePort } from '../../platform/free-port.js';

export { findFreePort };

const REPO = fileURLToPath(new URL('../../..', import.meta.url));

export interface PhpHarness {
  url: string;
  stateDir: string;
  output(): string;
  stop(): Promise<void>;
}

export async function startPhpHarness(env: {
  sidecarUrl: string;
  nextcloudUrl: string;
  user: string;
  /** Seeds the API key (sent to the sidecar as X-API-Key). */
  apiKey?: string;
  /** Seeds the OAuth client id and secret (sign-in to the sidecar). */
  oauthClientId?: string;
  oauthClientSecret?: string;
  /** Seeds overwrite.cli.url, the base of the OAuth redirect URI (default: the harness's own URL). */
  overwriteCliUrl?: string;
  /** Listen on this port (when its URL must be known in advance, e.g. as an OAuth redirect URI). */
  port?: number;
  /** More config.php values, as an admin left them (e.g. a key of an earlier companion, `config_is_read_only`). */
  systemValues?: Record<string, unknown>;
}): Promise<PhpHarness> {
  const stateDir = mkdtempSync(join(tmpdir(), 'harness-'));
  const port = env.port ?? (await findFreePort());
  let output = '';
  const child: ChildProcess = spawn('php', ['-S', `127.0.0.1:${port}`, join(REPO, 'test/e2e/harness/router.php')], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH ?? '',
      HARNESS_REPO: REPO,
      HARNESS_STATE_DIR: stateDir,
      HARNESS_USER: env.user,
      HARNESS_SIDECAR_URL: env.sidecarUrl,
      HARNESS_NEXTCLOUD_URL: env.nextcloudUrl,
      HARNESS_API_KEY: env.apiKey ?? '',
      HARNESS_OAUTH_CLIENT_ID: env.oauthClientId ?? '',
      HARNESS_OAUTH_CLIENT_SECRET: env.oauthClientSecret ?? '',
      HARNESS_OVERWRITE_CLI_URL: env.overwriteCliUrl ?? '',
      HARNESS_SYSTEM_VALUES: JSON.stringify(env.systemValues ?? {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(url, () => output);
  return {
    url,
    stateDir,
    output: () => output,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilAnswering(url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`${url}/index.php/csrftoken`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  throw new Error(`php -S did not start: ${output()}`);
}
