// MCP over stdio (`run --transport stdio`): one configured user (basic mode); logs go to stderr, never stdout.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { InvalidInputError } from '../errors.js';
import { createLogger } from '../logging/logger.js';
import { createHttpClient } from '../net/http-client.js';
import type { Settings } from '../settings/settings.js';
import { SIDECAR_VERSION } from '../version.js';
import type { NextcloudAccess } from './access.js';
import { createFactoryDeps } from './mcp-service.js';
import { buildMcpServer } from './server-factory.js';

/** Serves MCP on stdin/stdout until stdin closes; resolves then. */
export async function runStdio(settings: Settings): Promise<void> {
  if (settings.authMode !== 'basic') {
    throw new InvalidInputError(
      'The stdio transport serves one configured user: set NEXTCLOUD_USERNAME and NEXTCLOUD_PASSWORD (basic mode).',
    );
  }
  const { pino } = await import('pino');
  const logger = createLogger(settings.logLevel, pino.destination(2));
  for (const notice of settings.notices) logger[notice.level](notice.message);
  const http = createHttpClient({
    verifySsl: settings.nextcloud.verifySsl,
    caBundlePath: settings.nextcloud.caBundlePath,
    timeoutMs: settings.nextcloud.httpTimeoutMs,
    userAgent: `nextcloud-mcp-server/${SIDECAR_VERSION}`,
  });
  const access: NextcloudAccess = {
    host: settings.nextcloud.host,
    principal: settings.nextcloud.username ?? '',
    credentials: { loginName: settings.nextcloud.username ?? '', password: settings.nextcloud.password ?? '' },
  };
  let calls = 0;
  const deps = createFactoryDeps({ settings, http, logger }, () => ({ access, requestId: `stdio-${(calls += 1)}` }));
  const server = await buildMcpServer(deps, access);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  logger.info({ version: SIDECAR_VERSION }, 'serving MCP on stdio');
  await closed;
  await http.close();
}
