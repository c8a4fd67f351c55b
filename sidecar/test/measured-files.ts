// The test files that measure the machine; vitest.config.ts runs them one at a time, after the others.

/**
 * Files whose assertions measure time, CPU or memory (event-loop gaps, CPU per request, latency under a flood, peak
 * memory, a deadline in wall-clock time). They run alone, so a neighbouring test's CPU never decides their outcome;
 * `measured-files.test.ts` finds every file that uses a measuring API and requires it here.
 */
export const MEASURED_TEST_FILES = [
  'test/api/knowledge-search-cost.test.ts',
  'test/api/knowledge-search-nextcloud.test.ts',
  'test/auth/user-tokens.test.ts',
  'test/authorization-server/client-identification.test.ts',
  'test/knowledge/search/large-write-lag.test.ts',
  'test/knowledge/search/postgres-write-lag.test.ts',
  // Not a measurement, but seconds of CPU under a 20 s test timeout: alone, it keeps a whole core.
  'test/knowledge/search/postings.test.ts',
  'test/knowledge/search/sqlite-index-load.test.ts',
  'test/knowledge/sync/pdf-text-bounds.test.ts',
  'test/knowledge/sync/pdf-text.test.ts',
  'test/mcp/mcp-sessions.test.ts',
  'test/mcp/tool-dispatcher.test.ts',
  'test/mcp/tools-unified-search.test.ts',
  'test/net/address-policy.test.ts',
  'test/platform/unified-search-client.test.ts',
  'test/preview/pdf-preview-fairness.test.ts',
  'test/preview/pdf-render-pool.test.ts',
];

/**
 * Files that use a measuring API only for a deadline far above what they need, which holds with another test
 * beside them: the image tree's drain (it must finish before the sidecar's own 10 s grace, not in a given time).
 * They run with the others; the image tree's build (npm and tsc, about 40 s) overlaps them.
 */
export const GENEROUS_DEADLINE_FILES = ['test/container/image-tree.test.ts'];
