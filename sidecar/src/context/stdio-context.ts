// The smaller context of `run --transport stdio`: one configured user and no HTTP server, so no store (a database
// file would be created for nothing), no OAuth, no knowledge index and no previews; the log goes to stderr, as
// stdout carries the protocol.
import { createLogger } from '../logging/logger.js';
import { memoryRateLimiters } from '../limits/rate-limit.js';
import type { StdioDeps } from '../mcp/stdio.js';
import { createCallerMemoStore } from '../platform/caller-memo.js';
import type { Settings } from '../settings/settings.js';
import { addressPolicyFor, createHttpClientFor, documentReadersFor } from './parts.js';

export interface StdioContext extends StdioDeps {
  close(): Promise<void>;
}

export async function createStdioContext(settings: Settings): Promise<StdioContext> {
  const { pino } = await import('pino');
  const logger = createLogger(settings.logLevel, pino.destination(2));
  for (const notice of settings.notices) logger[notice.level](notice.message);
  const http = createHttpClientFor(settings, addressPolicyFor(settings));
  const documents = documentReadersFor(settings);
  return {
    settings,
    logger,
    http,
    memo: createCallerMemoStore(),
    // One process, one user: nothing to share the knowledge tools' allowance with (they are not served on stdio).
    rateLimiters: memoryRateLimiters(),
    documents,
    close: async () => {
      await documents.close();
      await http.close();
    },
  };
}
