// The queue pump over a real queue: a worker takes the next item once its fetch is done, so fetches overlap the
// indexing of earlier items, yet never more than `workers` items fetch at once nor twice as many are in work; ready
// items are claimed in batches, so one claim serves several fetches.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createLogger } from '../../../src/logging/logger.js';
import { openStore, type Store } from '../../../src/store/open-store.js';
import { CLAIM_BATCH, createQueuePump } from '../../../src/knowledge/sync/queue-pump.js';
import { createSyncQueue, type QueueItem } from '../../../src/knowledge/sync/sync-queue.js';
import { createSyncUserStore } from '../../../src/knowledge/sync/sync-users.js';

const WORKERS = 2;
const ITEMS = 8;

let storage: Store | undefined;
let dir: string | undefined;
afterEach(async () => {
  await storage?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  storage = undefined;
  dir = undefined;
});

/** A promise with its resolve function, so the test decides when each phase of an item ends. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 2));
  expect(condition()).toBe(true);
}

it('fetches the next items while earlier ones are indexed, within the workers and twice as many in work', async () => {
  dir = mkdtempSync(join(tmpdir(), 'queue-pump-'));
  storage = await openStore({ path: join(dir, 'store.db') });
  const users = createSyncUserStore(storage.db);
  await users.ensure('ada', 0);
  const queue = createSyncQueue(storage.db, { max: 100 });
  for (let i = 0; i < ITEMS; i++) {
    await queue.enqueue({ userId: 'ada', docType: 'note', docId: String(i), action: 'index' }, 0);
  }
  const fetches = new Map<string, ReturnType<typeof gate>>();
  const indexings = new Map<string, ReturnType<typeof gate>>();
  let fetching = 0;
  let mostFetching = 0;
  let done = 0;
  const pump = createQueuePump({
    queue,
    workers: WORKERS,
    clock: () => 1,
    isRunning: () => true,
    async process(item: QueueItem, fetchDone) {
      fetching++;
      mostFetching = Math.max(mostFetching, fetching);
      const fetch = gate();
      fetches.set(item.docId, fetch);
      await fetch.promise;
      fetching--;
      fetchDone();
      const indexing = gate();
      indexings.set(item.docId, indexing);
      await indexing.promise;
      await queue.done(item);
      done++;
    },
    afterPass: async () => {},
    logger: createLogger('silent'),
  });

  pump.pump();
  await until(() => fetches.size === 2);
  // Both fetches end; their items are indexed while the workers fetch two more.
  for (const id of [...fetches.keys()]) fetches.get(id)!.open();
  await until(() => fetches.size === 4 && indexings.size === 2);
  // Those fetches end too: four items wait to be indexed, and nothing more is claimed until one of them ends.
  for (const id of [...fetches.keys()].slice(2)) fetches.get(id)!.open();
  await until(() => indexings.size === 4 && !pump.pumping());
  expect(fetches.size).toBe(4);
  indexings.values().next().value!.open();
  await until(() => fetches.size === 5);
  expect(mostFetching).toBe(WORKERS);

  // Everything else runs through.
  await until(() => {
    for (const g of [...fetches.values(), ...indexings.values()]) g.open();
    return done === ITEMS;
  });
  expect(mostFetching).toBe(WORKERS);
  expect(await queue.queuedCount()).toBe(0);
});

it('claims ready items in batches: one claim in the database serves the fetches of several items', async () => {
  dir = mkdtempSync(join(tmpdir(), 'queue-pump-'));
  storage = await openStore({ path: join(dir, 'store.db') });
  const users = createSyncUserStore(storage.db);
  await users.ensure('ada', 0);
  const queue = createSyncQueue(storage.db, { max: 100 });
  const total = CLAIM_BATCH + 4;
  for (let i = 0; i < total; i++) {
    await queue.enqueue({ userId: 'ada', docType: 'note', docId: String(i), action: 'index' }, 0);
  }
  /** Claims that found work (once the queue is empty, every free worker's pass finds none). */
  let claims = 0;
  let done = 0;
  const pump = createQueuePump({
    queue: {
      claim: async (...args) => {
        const claimed = await queue.claim(...args);
        if (claimed.length > 0) claims++;
        return claimed;
      },
      extend: (...args) => queue.extend(...args),
    },
    workers: WORKERS,
    clock: () => 1,
    isRunning: () => true,
    async process(item: QueueItem, fetchDone) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      fetchDone();
      await queue.done(item);
      done++;
    },
    afterPass: async () => {},
    logger: createLogger('silent'),
  });

  pump.pump();

  await until(() => done === total);
  expect(claims).toBe(2);
  expect(await queue.queuedCount()).toBe(0);
});

it('gives the items it claimed ahead back to the queue when it stops', async () => {
  dir = mkdtempSync(join(tmpdir(), 'queue-pump-'));
  storage = await openStore({ path: join(dir, 'store.db') });
  const users = createSyncUserStore(storage.db);
  await users.ensure('ada', 0);
  const queue = createSyncQueue(storage.db, { max: 100 });
  for (let i = 0; i < 6; i++) {
    await queue.enqueue({ userId: 'ada', docType: 'note', docId: String(i), action: 'index' }, 0);
  }
  let running = true;
  const fetch = gate();
  const pump = createQueuePump({
    queue,
    workers: 1,
    clock: () => 1,
    isRunning: () => running,
    async process(item: QueueItem, fetchDone) {
      await fetch.promise;
      fetchDone();
      await queue.extend([item.id], 0);
    },
    afterPass: async () => {},
    logger: createLogger('silent'),
  });
  pump.pump();
  await until(() => pump.inWork() === 6 && !pump.pumping());

  running = false;
  fetch.open();

  await until(() => pump.inWork() === 0 && !pump.pumping());
  expect((await queue.claim(2, 10, 1000)).length).toBe(6);
});
