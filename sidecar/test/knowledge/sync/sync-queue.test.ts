// The persistent queue on both engines: one row per document, bounded, retry times, dead letters with reasons, kept
// across restarts, and claims: two replicas sharing the database never work on the same item at once.
import { afterEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/open-store.js';
import { createSyncQueue, type QueueItem, type SyncQueue } from '../../../src/knowledge/sync/sync-queue.js';
import { createSyncUserStore } from '../../../src/knowledge/sync/sync-users.js';
import { describeOnEngines, type FreshDatabase } from '../../support/sql-engines.js';

const CLAIM_MS = 60_000;

describeOnEngines('sync queue', (engine) => {
  const opened: Store[] = [];
  afterEach(async () => {
    for (const storage of opened.splice(0)) await storage.close();
  });

  const open = async (where: FreshDatabase, max = 3) => {
    const storage = await openStore({ path: where.path, databaseUrl: where.databaseUrl });
    opened.push(storage);
    const users = createSyncUserStore(storage.db);
    await users.ensure('ada', 0);
    return { storage, queue: createSyncQueue(storage.db, { max }), users };
  };
  const claimAll = (queue: SyncQueue, now: number) => queue.claim(now, 100, CLAIM_MS);

  it('keeps one row per document (the newest request wins), bounded, and survives a restart', async () => {
    const where = await engine.fresh();
    const { storage, queue } = await open(where);
    const item = { userId: 'ada', docType: 'note' as const, docId: '1' };
    expect(await queue.enqueue({ ...item, action: 'index', version: 'a' }, 10)).toBe(true);
    expect(await queue.enqueue({ ...item, action: 'delete' }, 11)).toBe(true);
    expect(await queue.enqueue({ ...item, docId: '2', action: 'index' }, 12)).toBe(true);
    expect(await queue.enqueue({ ...item, docId: '3', action: 'index' }, 12)).toBe(true);
    expect(await queue.enqueue({ ...item, docId: '4', action: 'index' }, 12)).toBe(false);
    expect(await queue.enqueue({ ...item, docId: '3', action: 'delete' }, 13)).toBe(true);
    await storage.close();
    opened.splice(0);
    const reopened = await open(where);
    expect(await reopened.queue.queuedCount()).toBe(3);
    const ready = await claimAll(reopened.queue, 100);
    expect(ready.map((r) => [r.docId, r.action])).toEqual([
      ['1', 'delete'],
      ['2', 'index'],
      ['3', 'delete'],
    ]);
  });

  it('tells when the longest-waiting queued document was queued, over all users (the metrics lag)', async () => {
    const { queue, users } = await open(await engine.fresh(), 10);
    await users.ensure('bea', 0);
    expect(await queue.oldestQueuedAt()).toBeUndefined();
    await queue.enqueue({ userId: 'bea', docType: 'note', docId: '1', action: 'index', version: 'a' }, 1_000);
    await queue.enqueue({ userId: 'ada', docType: 'note', docId: '2', action: 'index', version: 'a' }, 2_000);
    expect(await queue.oldestQueuedAt()).toBe(1_000);

    const [first] = (await claimAll(queue, 3_000)).filter((item) => item.docId === '1');
    await queue.done(first!);

    expect(await queue.oldestQueuedAt()).toBe(2_000);
    expect(await queue.queuedCount()).toBe(1);
  });

  it('counts a dead letter revived by a new version as waiting from then, not from its first queueing', async () => {
    const { queue } = await open(await engine.fresh(), 10);
    const note = { userId: 'ada', docType: 'note' as const, docId: '7' };
    await queue.enqueue({ ...note, action: 'index', version: 'a' }, 1_000);
    const [item] = await claimAll(queue, 1_500);
    await queue.dead(item!.id, 'corrupt', 1_600);
    expect(await queue.oldestQueuedAt()).toBeUndefined();

    await queue.enqueue({ ...note, action: 'index', version: 'a' }, 5_000);
    expect(await queue.oldestQueuedAt()).toBeUndefined();
    await queue.enqueue({ ...note, action: 'index', version: 'b' }, 9_000);

    expect(await queue.oldestQueuedAt()).toBe(9_000);
  });

  it('retries later, turns the last failure into a dead letter with its reason, and skips paused users', async () => {
    const { queue, users } = await open(await engine.fresh());
    await queue.enqueue({ userId: 'ada', docType: 'file', docId: '7', action: 'index', version: 'v' }, 0);
    const [item] = await queue.claim(0, 1, CLAIM_MS);
    await queue.retry(item!.id, 5000, 'Nextcloud answered 503', true);
    expect(await queue.nextReadyAt()).toBe(5000);
    expect(await queue.claim(4999, 1, CLAIM_MS)).toEqual([]);
    expect((await queue.claim(5000, 1, CLAIM_MS))[0]!.attempts).toBe(1);
    await queue.dead(item!.id, 'The PDF could not be read.', 7);
    expect(await queue.claim(1e12, 1, CLAIM_MS)).toEqual([]);
    expect(await queue.deadLetters('ada', 10)).toEqual([
      expect.objectContaining({ docType: 'file', docId: '7', reason: 'The PDF could not be read.', attempts: 2 }),
    ]);
    expect(await queue.deadCount('ada')).toBe(1);
    await queue.enqueue({ userId: 'ada', docType: 'file', docId: '8', action: 'index' }, 0);
    await users.pause('ada', 'refused');
    expect(await queue.claim(1e12, 5, CLAIM_MS)).toEqual([]);
    expect(await queue.nextReadyAt()).toBeUndefined();
    await users.resume('ada', 0);
    expect((await queue.claim(1e12, 5, CLAIM_MS)).map((r) => r.docId)).toEqual(['8']);
  });

  it('does not drop work queued again while a worker held the older request, and hands it out once released', async () => {
    const { queue } = await open(await engine.fresh());
    await queue.enqueue({ userId: 'ada', docType: 'note', docId: '1', action: 'index', version: 'v1' }, 0);
    const [held] = await queue.claim(0, 1, CLAIM_MS);
    await queue.enqueue({ userId: 'ada', docType: 'note', docId: '1', action: 'index', version: 'v2' }, 1);
    // Still claimed by the worker on v1: nobody else indexes the document meanwhile.
    expect(await queue.claim(10, 1, CLAIM_MS)).toEqual([]);
    await queue.done(held!);
    expect((await queue.claim(10, 1, CLAIM_MS)).map((r) => r.version)).toEqual(['v2']);
  });

  it('keeps the wait and the dead letter when a rescan queues the same version again; a new version starts afresh', async () => {
    const { queue } = await open(await engine.fresh());
    const request = { userId: 'ada', docType: 'file' as const, docId: '9', action: 'index' as const, version: 'v1' };
    await queue.enqueue(request, 0);
    const [item] = await queue.claim(0, 1, CLAIM_MS);
    await queue.retry(item!.id, 60_000, 'Nextcloud answered 503', true);
    await queue.enqueue(request, 1);
    expect(await queue.claim(59_999, 1, CLAIM_MS)).toEqual([]);
    await queue.dead(item!.id, 'The PDF could not be read.', 7);
    await queue.enqueue(request, 2);
    expect(await queue.deadCount('ada')).toBe(1);
    await queue.enqueue({ ...request, version: 'v2' }, 3);
    expect(await queue.deadCount('ada')).toBe(0);
    expect((await queue.claim(3, 1, CLAIM_MS)).map((r) => [r.version, r.attempts])).toEqual([['v2', 0]]);
  });

  it("takes turns between users: one user's backlog never holds another user's new document back", async () => {
    const { queue, users } = await open(await engine.fresh(), 1000);
    await users.ensure('bea', 0);
    for (let id = 1; id <= 200; id += 1) {
      await queue.enqueue({ userId: 'ada', docType: 'file', docId: String(id), action: 'index', version: 'v' }, id);
    }
    await queue.enqueue({ userId: 'bea', docType: 'note', docId: 'late', action: 'index', version: 'v' }, 500);

    const claimed = await queue.claim(1000, 2, CLAIM_MS);

    expect(claimed.map((item) => [item.userId, item.docId])).toEqual([
      ['ada', '1'],
      ['bea', 'late'],
    ]);
  });

  it('shares a claim evenly between users with backlogs, however much older one backlog is', async () => {
    const { queue, users } = await open(await engine.fresh(), 1000);
    await users.ensure('bea', 0);
    for (let id = 1; id <= 20; id += 1) {
      await queue.enqueue({ userId: 'ada', docType: 'file', docId: String(id), action: 'index', version: 'v' }, id);
      await queue.enqueue(
        { userId: 'bea', docType: 'file', docId: String(id), action: 'index', version: 'v' },
        100 + id,
      );
    }

    const shared = await queue.claim(1000, 16, CLAIM_MS);
    const rest = await queue.claim(1000, 30, CLAIM_MS);

    const count = (items: QueueItem[], userId: string) => items.filter((item) => item.userId === userId).length;
    expect([count(shared, 'ada'), count(shared, 'bea')]).toEqual([8, 8]);
    expect(shared.filter((item) => item.userId === 'ada').map((item) => item.docId)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    expect([count(rest, 'ada'), count(rest, 'bea')]).toEqual([12, 12]);
    expect(await queue.claim(1000, 16, CLAIM_MS)).toEqual([]);
  });

  it("refuses a user's work past their own share of the queue, and takes another user's", async () => {
    const where = await engine.fresh();
    const storage = await openStore({ path: where.path, databaseUrl: where.databaseUrl });
    opened.push(storage);
    const queue = createSyncQueue(storage.db, { max: 10, maxPerUser: 3 });
    const request = (userId: string, docId: string) =>
      queue.enqueue({ userId, docType: 'file', docId, action: 'index', version: 'v' }, 0);

    const accepted = [];
    for (const docId of ['1', '2', '3', '4']) accepted.push(await request('ada', docId));
    accepted.push(await request('bea', '1'), await request('ada', '2'));

    expect(accepted).toEqual([true, true, true, false, true, true]);
    expect([await queue.queuedCount('ada'), await queue.queuedCount('bea')]).toEqual([3, 1]);
  });

  it('queues many requests at once as one by one would: bounded per user, the later request for a document wins', async () => {
    const where = await engine.fresh();
    const storage = await openStore({ path: where.path, databaseUrl: where.databaseUrl });
    opened.push(storage);
    const users = createSyncUserStore(storage.db);
    await users.ensure('ada', 0);
    const queue = createSyncQueue(storage.db, { max: 10, maxPerUser: 3 });
    await queue.enqueue({ userId: 'ada', docType: 'file', docId: '1', action: 'index', version: 'old' }, 0);
    const request = (docId: string, version: string, action: 'index' | 'delete' = 'index') => ({
      userId: 'ada',
      docType: 'file' as const,
      docId,
      action,
      version,
      hint: `/f${docId}`,
    });

    const taken = await queue.enqueueMany(
      [request('1', 'new'), request('2', 'v'), request('3', 'v'), request('4', 'v'), request('2', '', 'delete')],
      5,
    );

    expect(taken).toEqual([true, true, true, false, true]);
    const claimed = await claimAll(queue, 10);
    expect(claimed.map((item) => [item.docId, item.action, item.version, item.hint ?? null])).toEqual([
      ['1', 'index', 'new', '/f1'],
      ['2', 'delete', '', '/f2'],
      ['3', 'index', 'v', '/f3'],
    ]);
  });

  it('finishes items done together at once, keeping and releasing the one queued again meanwhile', async () => {
    const { queue } = await open(await engine.fresh(), 10);
    for (const docId of ['1', '2', '3']) {
      await queue.enqueue({ userId: 'ada', docType: 'file', docId, action: 'index', version: 'v' }, 0);
    }
    const claimed = await claimAll(queue, 1);
    await queue.enqueue({ userId: 'ada', docType: 'file', docId: '2', action: 'index', version: 'newer' }, 2);

    await Promise.all(claimed.map((item) => queue.done(item)));

    expect(await queue.queuedCount()).toBe(1);
    expect((await claimAll(queue, 3)).map((item) => [item.docId, item.version])).toEqual([['2', 'newer']]);
  });

  it('counts a claim that expired (its worker died) as an attempt, and a released one not', async () => {
    const { queue } = await open(await engine.fresh());
    await queue.enqueue({ userId: 'ada', docType: 'file', docId: '1', action: 'index', version: 'v' }, 0);
    await queue.enqueue({ userId: 'ada', docType: 'file', docId: '2', action: 'index', version: 'v' }, 0);
    const first = await queue.claim(0, 2, CLAIM_MS);
    await queue.extend([first.find((item) => item.docId === '2')!.id], 0);

    const again = await queue.claim(CLAIM_MS, 2, CLAIM_MS);
    const third = await queue.claim(3 * CLAIM_MS, 2, CLAIM_MS);

    expect(first.map((item) => item.attempts)).toEqual([0, 0]);
    expect(again.map((item) => [item.docId, item.attempts])).toEqual([
      ['1', 1],
      ['2', 0],
    ]);
    expect(third.map((item) => [item.docId, item.attempts])).toEqual([
      ['1', 2],
      ['2', 1],
    ]);
  });

  it('returns an item whose claim expired, and a renewed claim keeps it', async () => {
    const { queue } = await open(await engine.fresh());
    await queue.enqueue({ userId: 'ada', docType: 'note', docId: '1', action: 'index', version: 'v1' }, 0);
    const [first] = await queue.claim(0, 1, 1000);
    expect(await queue.claim(999, 1, 1000)).toEqual([]);
    expect(await queue.nextReadyAt()).toBe(1000);
    await queue.extend([first!.id], 2000);
    expect(await queue.claim(1999, 1, 1000)).toEqual([]);
    const [again] = await queue.claim(2000, 1, 1000);
    expect(again?.id).toBe(first!.id);
    await queue.extend([again!.id], 0);
    expect((await queue.claim(2001, 1, 1000)).map((r) => r.id)).toEqual([first!.id]);
  });

  it('never gives one item to two replicas sharing the database', async () => {
    const where = await engine.fresh();
    const replicas = [await open(where, 1000), await open(where, 1000)];
    const total = 120;
    for (let i = 0; i < total; i++) {
      const userId = ['ada', 'bob', 'cy'][i % 3]!;
      await replicas[0]!.users.ensure(userId, 0);
      await replicas[0]!.queue.enqueue({ userId, docType: 'note', docId: String(i), action: 'index', version: 'v' }, 0);
    }
    const taken = new Map<number, number>();
    const inWork = new Set<number>();
    let overlaps = 0;
    // Each replica runs three workers claiming one item at a time; an item is "in work" until its worker is done.
    const worker = async (replica: number) => {
      const { queue } = replicas[replica]!;
      for (;;) {
        const [item]: QueueItem[] = await queue.claim(1, 1, CLAIM_MS);
        if (!item) return;
        if (inWork.has(item.id)) overlaps += 1;
        inWork.add(item.id);
        taken.set(item.id, (taken.get(item.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        inWork.delete(item.id);
        await queue.done(item);
      }
    };
    await Promise.all([0, 0, 0, 1, 1, 1].map(worker));
    expect(overlaps).toBe(0);
    expect(taken.size).toBe(total);
    expect([...taken.values()].every((count) => count === 1)).toBe(true);
    expect(await replicas[1]!.queue.queuedCount()).toBe(0);
  }, 60_000);

  it('claims a batch atomically: two replicas claiming at once split the ready items between them', async () => {
    const where = await engine.fresh();
    const [a, b] = [await open(where, 1000), await open(where, 1000)];
    for (let i = 0; i < 40; i++) {
      await a.queue.enqueue({ userId: 'ada', docType: 'file', docId: String(i), action: 'index', version: 'v' }, 0);
    }
    const rounds = await Promise.all([
      a.queue.claim(1, 25, CLAIM_MS),
      b.queue.claim(1, 25, CLAIM_MS),
      a.queue.claim(1, 25, CLAIM_MS),
      b.queue.claim(1, 25, CLAIM_MS),
    ]);
    const ids = rounds.flat().map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(40);
  }, 30_000);
});
