// MCP over stdio (`run --transport stdio`): one configured user (basic mode), with the logger and HTTP client of the
// composition root; nothing may be written to stdout but the protocol.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import type { NextcloudAccess } from '../auth/caller-access.js';
import { InvalidInputError } from '../errors.js';
import type { Logger } from '../logging/logger.js';
import type { HttpClient } from '../net/http-client.js';
import type { Settings } from '../settings/settings.js';
import { SIDECAR_VERSION } from '../version.js';
import { createFactoryDeps } from './factory-deps.js';
import { buildMcpServer } from './server-factory.js';

export interface StdioDeps {
  settings: Settings;
  http: HttpClient;
  logger: Logger;
}

/** Serves MCP on stdin/stdout until stdin closes; resolves then. */
export async function serveStdio({ settings, http, logger }: StdioDeps): Promise<void> {
  if (settings.authMode !== 'basic') {
    throw new InvalidInputError(
      'The stdio transport serves one configured user: set NEXTCLOUD_USERNAME and NEXTCLOUD_PASSWORD (basic mode).',
    );
  }
  const loginName = settings.nextcloud.username ?? '';
  const access: NextcloudAccess = {
    host: settings.nextcloud.host,
    principal: loginName,
    sessionKey: 'stdio',
    credentials: { loginName, password: settings.nextcloud.password ?? '' },
  };
  let calls = 0;
  const deps = createFactoryDeps({ settings, http, logger }, () => ({ access, requestId: `stdio-${(calls += 1)}` }));
  const server = await buildMcpServer(deps, access);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  logger.info({ version: SIDECAR_VERSION }, 'serving MCP on stdio');
  await closed;
}
