// MCP over stdio (`run --transport stdio`): one configured user (basic mode), with the parts of the stdio context the
// composition root built; nothing may be written to stdout but the protocol.
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { configuredAccess } from '../auth/nextcloud-credentials.js';
import { InvalidInputError } from '../errors.js';
import type { RateLimiterFactory } from '../limits/rate-limit.js';
import type { Logger } from '../logging/logger.js';
import type { HttpClient } from '../net/http-client.js';
import type { CallerMemoStore } from '../platform/caller-memo.js';
import type { DocumentReaders } from '../knowledge/extract/document-readers.js';
import type { Settings } from '../settings/settings.js';
import { SIDECAR_VERSION } from '../version.js';
import { createFactoryDeps } from './factory-deps.js';
import { buildMcpServer } from './server-factory.js';

export interface StdioDeps {
  settings: Settings;
  http: HttpClient;
  logger: Logger;
  memo: CallerMemoStore;
  rateLimiters: RateLimiterFactory;
  /** Where the file tools read documents (the stdio context's; it closes them). */
  documents: DocumentReaders;
}

/** Serves MCP on stdin/stdout until stdin closes; resolves then. */
export async function serveStdio(context: StdioDeps): Promise<void> {
  const { settings, logger } = context;
  if (settings.authMode !== 'basic') {
    throw new InvalidInputError(
      'The stdio transport serves one configured user: set NEXTCLOUD_USERNAME and NEXTCLOUD_PASSWORD (basic mode).',
    );
  }
  const access = configuredAccess(settings, 'stdio');
  let calls = 0;
  const deps = createFactoryDeps(context, () => ({ access, requestId: `stdio-${(calls += 1)}` }));
  const server = await buildMcpServer(deps, access);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
  await server.connect(transport);
  logger.info({ version: SIDECAR_VERSION }, 'serving MCP on stdio');
  await closed;
}
