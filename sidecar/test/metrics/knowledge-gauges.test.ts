// The knowledge gauges read the real sync queue at scrape time: depth over all users, lag of the oldest waiting item.
import { Registry } from 'prom-client';
import { afterEach, expect, it } from 'vitest';
import { KNOWLEDGE_GAUGE_NAMES, registerKnowledgeMetrics } from '../../src/metrics/knowledge-metrics.js';
import { knowledgeMetricsSourceOf } from '../../src/metrics/knowledge-source.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import { createSyncQueue } from '../../src/knowledge/sync/sync-queue.js';
import { createSyncUserStore, type SyncUserStore } from '../../src/knowledge/sync/sync-users.js';
import { createRescanNotices, type RescanNotices } from '../../src/knowledge/sync/rescan-notices.js';
import { createLogger } from '../../src/logging/logger.js';
import { makeTempDir } from '../support/temp-dir.js';
import { parseExposition } from './scrape.js';

const temp = makeTempDir('knowledge-gauges-');
let storage: Store | undefined;
let notices: RescanNotices | undefined;
afterEach(async () => {
  notices?.stop();
  await storage?.close();
  temp.remove();
});

it('reports the queue depth and how long its oldest item has waited', async () => {
  storage = await openStore({ path: temp.file('tokens.db') });
  const users = createSyncUserStore(storage.db);
  const queue = createSyncQueue(storage.db, { max: 100 });
  for (const user of ['ada', 'bea']) await users.ensure(user, 0);
  await queue.enqueue({ userId: 'ada', docType: 'note', docId: '1', action: 'index', version: 'a' }, 10_000);
  await queue.enqueue({ userId: 'bea', docType: 'file', docId: '/x.md', action: 'index', version: 'a' }, 40_000);
  const registry = new Registry();
  // The index store's per-user counts (the gauge sums them over the background users).
  const knowledge = {
    queue,
    store: { counts: async () => ({ documents: 2, chunks: 5, byType: {} }) } as never,
    rescanNotices: noticesOver(users),
  };
  registerKnowledgeMetrics(
    registry,
    knowledgeMetricsSourceOf(knowledge, { userIds: async () => ['ada', 'bea'] }),
    () => 70_000,
  );

  const samples = parseExposition(await registry.metrics());

  expect(samples.get('nextcloud_mcp_sync_queue_depth')).toBe(2);
  expect(samples.get('nextcloud_mcp_sync_queue_lag_seconds')).toBe(60);
  expect(samples.get('nextcloud_mcp_index_documents')).toBe(4);
  expect(samples.get('nextcloud_mcp_index_chunks')).toBe(10);
});

it('exports each gauge under its knowledge name and, with the same value, under its old name marked deprecated', async () => {
  storage = await openStore({ path: temp.file('tokens.db') });
  const users = createSyncUserStore(storage.db);
  const queue = createSyncQueue(storage.db, { max: 100 });
  await users.ensure('ada', 0);
  await queue.enqueue({ userId: 'ada', docType: 'note', docId: '1', action: 'index', version: 'a' }, 10_000);
  const registry = new Registry();
  const knowledge = {
    queue,
    store: { counts: async () => ({ documents: 3, chunks: 7, byType: {} }) } as never,
    rescanNotices: noticesOver(users),
  };
  registerKnowledgeMetrics(
    registry,
    knowledgeMetricsSourceOf(knowledge, { userIds: async () => ['ada'] }),
    () => 25_000,
  );

  const text = await registry.metrics();

  const samples = parseExposition(text);
  expect(Object.values(KNOWLEDGE_GAUGE_NAMES).map(([name, old]) => [samples.get(name), samples.get(old)])).toEqual([
    [1, 1],
    [15, 15],
    [3, 3],
    [7, 7],
  ]);
  expect(text).toContain(
    '# HELP nextcloud_mcp_sync_queue_depth Deprecated alias of nextcloud_mcp_knowledge_queue_depth: Documents waiting',
  );
});

it("counts the companion's rescan notices by outcome, those that started no scan included", async () => {
  storage = await openStore({ path: temp.file('tokens.db') });
  const users = createSyncUserStore(storage.db);
  const queue = createSyncQueue(storage.db, { max: 100 });
  await users.ensure('ada', 0);
  const rescanNotices = noticesOver(users);
  await rescanNotices.notify('ada', ['file']);
  await rescanNotices.notify('ada', ['note']);
  await rescanNotices.notify('zoe', ['file']);
  const registry = new Registry();
  const knowledge = { queue, store: { counts: async () => ({ documents: 0, chunks: 0, byType: {} }) } as never };
  registerKnowledgeMetrics(
    registry,
    knowledgeMetricsSourceOf({ ...knowledge, rescanNotices }, { userIds: async () => [] }),
  );

  const text = await registry.metrics();

  expect(text).toContain('nextcloud_mcp_knowledge_rescan_notices_total{outcome="scheduled"} 1');
  expect(text).toContain('nextcloud_mcp_knowledge_rescan_notices_total{outcome="coalesced"} 1');
  expect(text).toContain('nextcloud_mcp_knowledge_rescan_notices_total{outcome="unknown_user"} 1');
  expect(text).toContain('nextcloud_mcp_knowledge_rescan_notices_total{outcome="deferred"} 0');
});

/** Real notices over the users' store; their scans would start an hour later (the tests end before). */
function noticesOver(users: SyncUserStore): RescanNotices {
  notices = createRescanNotices({
    users,
    scanSources: async () => undefined,
    logger: createLogger('silent'),
    scansPerMinute: 12,
    coalesceMs: 3_600_000,
  });
  return notices;
}
