// Starts the real sidecar in hybrid mode on a loopback port for browser tests, with a temp database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../../sidecar/src/logging/logger.js';
import { startServer, type RunningServer } from '../../../sidecar/src/main.js';
import { parseSettings } from '../../../sidecar/src/settings/settings.js';

export interface E2eSidecar extends RunningServer {
  dbPath: string;
  stop(): Promise<void>;
}

/**
 * @param managementApiKey the sidecar's MANAGEMENT_API_KEY (none: every management call is accepted)
 * @param extraEnv more settings, e.g. `KNOWLEDGE_ENABLED` for the search page
 */
export async function startHybridSidecar(
  nextcloudUrl: string,
  managementApiKey?: string,
  extraEnv: Record<string, string> = {},
): Promise<E2eSidecar> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-sidecar-'));
  const dbPath = join(dir, 'tokens.db');
  const settings = parseSettings({
    NEXTCLOUD_HOST: nextcloudUrl,
    ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 3).toString('base64'),
    TOKEN_STORAGE_DB: dbPath,
    MCP_SERVER_PORT: '0',
    ...(managementApiKey !== undefined && { MANAGEMENT_API_KEY: managementApiKey }),
    ...extraEnv,
  });
  const server = await startServer({ settings, logger: createLogger('silent') });
  return {
    ...server,
    dbPath,
    stop: async () => {
      await server.close(1000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
