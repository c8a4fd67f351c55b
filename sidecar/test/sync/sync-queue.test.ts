// The persistent queue: one row per document, bounded, retry times, dead letters with reasons, kept across restarts.
import { afterEach, describe, expect, it } from 'vitest';
import { openTokenStorage, type TokenStorage } from '../../src/store/token-storage.js';
import { createSyncQueue } from '../../src/sync/sync-queue.js';
import { createSyncUserStore } from '../../src/sync/sync-users.js';
import { makeTempDir } from '../support/temp-dir.js';

describe('sync queue', () => {
  let storage: TokenStorage | undefined;
  afterEach(() => storage?.close());

  const open = async (path: string) => {
    storage = await openTokenStorage({ path });
    const users = createSyncUserStore(storage.db);
    users.ensure('ada', 0);
    return { queue: createSyncQueue(storage.db, { max: 3 }), users };
  };

  it('keeps one row per document (the newest request wins), bounded, and survives a restart', async () => {
    const path = makeTempDir().file('store.db');
    const { queue } = await open(path);
    const item = { userId: 'ada', docType: 'note' as const, docId: '1' };
    expect(queue.enqueue({ ...item, action: 'index', version: 'a' }, 10)).toBe(true);
    expect(queue.enqueue({ ...item, action: 'delete' }, 11)).toBe(true);
    expect(queue.enqueue({ ...item, docId: '2', action: 'index' }, 12)).toBe(true);
    expect(queue.enqueue({ ...item, docId: '3', action: 'index' }, 12)).toBe(true);
    expect(queue.enqueue({ ...item, docId: '4', action: 'index' }, 12)).toBe(false);
    expect(queue.enqueue({ ...item, docId: '3', action: 'delete' }, 13)).toBe(true);
    storage!.close();
    const reopened = await open(path);
    const ready = reopened.queue.ready(100, 10, new Set());
    expect(ready.map((r) => [r.docId, r.action])).toEqual([
      ['1', 'delete'],
      ['2', 'index'],
      ['3', 'delete'],
    ]);
  });

  it('retries later, turns the last failure into a dead letter with its reason, and skips paused users', async () => {
    const { queue, users } = await open(makeTempDir().file('store.db'));
    queue.enqueue({ userId: 'ada', docType: 'file', docId: '7', action: 'index', version: 'v' }, 0);
    const [item] = queue.ready(0, 1, new Set());
    queue.retry(item!.id, 5000, 'Nextcloud answered 503', true);
    expect(queue.ready(4999, 1, new Set())).toEqual([]);
    expect(queue.ready(5000, 1, new Set())[0]!.attempts).toBe(1);
    queue.dead(item!.id, 'The PDF could not be read.', 7);
    expect(queue.ready(1e12, 1, new Set())).toEqual([]);
    expect(queue.deadLetters('ada', 10)).toEqual([
      expect.objectContaining({ docType: 'file', docId: '7', reason: 'The PDF could not be read.', attempts: 2 }),
    ]);
    queue.enqueue({ userId: 'ada', docType: 'file', docId: '8', action: 'index' }, 0);
    users.pause('ada', 'refused');
    expect(queue.ready(1e12, 5, new Set())).toEqual([]);
    users.resume('ada', 0);
    expect(queue.ready(1e12, 5, new Set()).map((r) => r.docId)).toEqual(['8']);
  });

  it('does not drop work queued again while a worker held the older request', async () => {
    const { queue } = await open(makeTempDir().file('store.db'));
    queue.enqueue({ userId: 'ada', docType: 'note', docId: '1', action: 'index', version: 'v1' }, 0);
    const [held] = queue.ready(0, 1, new Set());
    queue.enqueue({ userId: 'ada', docType: 'note', docId: '1', action: 'index', version: 'v2' }, 1);
    queue.done(held!);
    expect(queue.ready(10, 1, new Set()).map((r) => r.version)).toEqual(['v2']);
  });

  it('keeps the wait and the dead letter when a rescan queues the same version again; a new version starts afresh', async () => {
    const { queue } = await open(makeTempDir().file('store.db'));
    const request = { userId: 'ada', docType: 'file' as const, docId: '9', action: 'index' as const, version: 'v1' };
    queue.enqueue(request, 0);
    const [item] = queue.ready(0, 1, new Set());
    queue.retry(item!.id, 60_000, 'Nextcloud answered 503', true);
    queue.enqueue(request, 1);
    expect(queue.ready(59_999, 1, new Set())).toEqual([]);
    queue.dead(item!.id, 'The PDF could not be read.', 7);
    queue.enqueue(request, 2);
    expect(queue.deadCount('ada')).toBe(1);
    queue.enqueue({ ...request, version: 'v2' }, 3);
    expect(queue.deadCount('ada')).toBe(0);
    expect(queue.ready(3, 1, new Set()).map((r) => [r.version, r.attempts])).toEqual([['v2', 0]]);
  });
});
