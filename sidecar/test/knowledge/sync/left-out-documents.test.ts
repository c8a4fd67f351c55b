// What the sync left out, on both engines: documents skipped or indexed in part are kept with their reason until new
// work for them arrives, counted by type, kind and reason, never over newer work, and forgotten once they are gone.
import { afterEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/open-store.js';
import { createLeftOutDocuments } from '../../../src/knowledge/sync/left-out-documents.js';
import { createSyncQueue } from '../../../src/knowledge/sync/sync-queue.js';
import { createSyncUserStore } from '../../../src/knowledge/sync/sync-users.js';
import { describeOnEngines } from '../../support/sql-engines.js';

const CLAIM_MS = 60_000;

describeOnEngines('documents left out', (engine) => {
  const opened: Store[] = [];
  afterEach(async () => {
    for (const storage of opened.splice(0)) await storage.close();
  });

  const open = async () => {
    const where = await engine.fresh();
    const storage = await openStore({ path: where.path, databaseUrl: where.databaseUrl });
    opened.push(storage);
    await createSyncUserStore(storage.db).ensure('ada', 0);
    return { queue: createSyncQueue(storage.db, { max: 10 }), leftOut: createLeftOutDocuments(storage.db) };
  };
  const request = (docId: string, version = 'v1') => ({
    userId: 'ada',
    docType: 'file' as const,
    docId,
    action: 'index' as const,
    version,
  });

  it('keeps a skipped and a partial document with their reasons until a new version arrives, counted apart', async () => {
    const { queue, leftOut } = await open();
    for (const docId of ['5', '6', '7']) await queue.enqueue(request(docId), 0);
    const [five, six, seven] = await queue.claim(0, 3, CLAIM_MS);
    await leftOut.record(five!, 'skipped', 'too large', 1);
    await leftOut.record(six!, 'skipped', 'too large', 1);
    await leftOut.record(seven!, 'partial', 'PDF: text beyond the character limit', 1);
    await queue.enqueue(request('5'), 2);

    const counted = await leftOut.counts('ada');
    await queue.enqueue(request('5', 'v2'), 3);

    expect(counted).toEqual({
      file: { skipped: { 'too large': 2 }, partial: { 'PDF: text beyond the character limit': 1 } },
    });
    expect((await leftOut.counts('ada')).file?.skipped).toEqual({ 'too large': 1 });
    expect((await queue.claim(3, 10, CLAIM_MS)).map((r) => [r.docId, r.version])).toEqual([['5', 'v2']]);
  });

  it('releases instead of recording when newer work was queued while the document was read', async () => {
    const { queue, leftOut } = await open();
    await queue.enqueue(request('7'), 0);
    const [held] = await queue.claim(0, 1, CLAIM_MS);
    await queue.enqueue(request('7', 'v2'), 1);

    await leftOut.record(held!, 'skipped', 'unsupported type', 2);

    expect(await leftOut.counts('ada')).toEqual({});
    expect((await queue.claim(2, 10, CLAIM_MS)).map((r) => r.version)).toEqual(['v2']);
  });

  it('forgets the skipped, partial and dead entries of documents that are gone, and nothing queued', async () => {
    const { queue, leftOut } = await open();
    for (const docId of ['1', '2', '3', '4']) await queue.enqueue(request(docId), 0);
    const [one, two, three] = await queue.claim(0, 3, CLAIM_MS);
    await leftOut.record(one!, 'skipped', 'too large', 1);
    await leftOut.record(two!, 'partial', 'text beyond 5000 chunks', 1);
    await queue.dead(three!.id, 'The PDF could not be read.', 1);
    const before = (await leftOut.ids('ada', 'file')).sort();

    await leftOut.forget('ada', 'file', ['1', '2', '3', '4']);

    expect(before).toEqual(['1', '2', '3']);
    expect(await leftOut.ids('ada', 'file')).toEqual([]);
    expect(await queue.queuedCount('ada')).toBe(1);
  });
});
