// Starts the real sidecar in-process on a loopback port, with a temp database and a captured log.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/logging/logger.js';
import { startServer, type RunningServer } from '../../src/main.js';
import { parseSettings } from '../../src/settings/settings.js';

export const TEST_KEY = Buffer.alloc(32, 7).toString('base64');

export interface TestSidecar extends RunningServer {
  dir: string;
  dbPath: string;
  /** Every log line written so far, as text. */
  logText(): string;
  /** Stops the server; the database directory is removed unless `keepFiles`. */
  stop(keepFiles?: boolean): Promise<void>;
}

export async function startTestSidecar(
  env: Record<string, string>,
  clock?: () => number,
  options: { dir?: string; oauthRetryDelaysMs?: number[] } = {},
): Promise<TestSidecar> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'sidecar-test-'));
  const dbPath = join(dir, 'tokens.db');
  const settings = parseSettings(
    { TOKEN_STORAGE_DB: dbPath, MCP_SERVER_HOST: '127.0.0.1', MCP_SERVER_PORT: '0', LOG_LEVEL: 'debug', ...env },
    'server',
  );
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const server = await startServer({
    settings,
    logger: createLogger('debug', sink),
    clock,
    oauthRetryDelaysMs: options.oauthRetryDelaysMs,
  });
  return {
    ...server,
    dir,
    dbPath,
    logText: () => lines.join(''),
    stop: async (keepFiles = false) => {
      await server.close(1000);
      if (!keepFiles) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function basicAuth(login: string, password: string): string {
  return `Basic ${Buffer.from(`${login}:${password}`, 'utf8').toString('base64')}`;
}

/** Two valid app passwords in the two formats Nextcloud produces. */
export const APP_PASSWORD = 'AbCdE-12345-fGhIj-67890-KlMnO';
export const LOGIN_FLOW_PASSWORD = 'a'.repeat(36) + 'B'.repeat(36);
