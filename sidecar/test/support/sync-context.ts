// A SyncContext for tests: one user's Basic credentials against the platform double, through the real HTTP client.
import { createHttpClient, type HttpClient } from '../../src/net/http-client.js';
import { createNextcloudClient } from '../../src/platform/nextcloud-client.js';
import type { SyncContext } from '../../src/knowledge/sync/sync-source.js';

export interface TestSyncContexts {
  contextFor(userId: string, password: string): SyncContext;
  close(): Promise<void>;
}

export function createTestSyncContexts(host: string): TestSyncContexts {
  const http: HttpClient = createHttpClient({ verifySsl: false, timeoutMs: 10_000, userAgent: 'sync-test' });
  return {
    contextFor: (userId, password) => ({
      userId,
      client: createNextcloudClient({ http, host, credentials: { loginName: userId, password } }),
      signal: new AbortController().signal,
    }),
    close: () => http.close(),
  };
}
