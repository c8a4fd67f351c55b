// The embedded index shares its SQLite connection with the token stores: a token-store transaction that rolls back
// while an index write waits must neither take the index write with it nor swallow it.
import { afterEach, describe, expect, it } from 'vitest';
import type { IndexedDocument } from '../../../src/knowledge/index/index-store.js';
import { createSqliteIndexStore } from '../../../src/knowledge/index/sqlite-index-store.js';
import type { SqliteSqlDatabase } from '../../../src/store/sql/sqlite-database.js';
import { migratedDatabase, syntheticText } from './index-fixtures.js';

const DIMENSIONS = 8;
const { text, chunks } = syntheticText(11);
const note = (docId: string, version: string): IndexedDocument => ({
  docType: 'note',
  docId,
  title: `note ${docId}`,
  mimeType: 'text/markdown',
  version,
});

/** Holds a token-store transaction open (an audit row written) until `release`, then rolls it back. */
function rolledBackTransaction(db: SqliteSqlDatabase) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const done = db.transaction(async (tx) => {
    await tx.run('INSERT INTO audit_log (at, user_id, action, outcome) VALUES (?, ?, ?, ?)', [1, 'ada', 'x', 'ok']);
    await gate;
    throw new Error('rolled back');
  });
  return { release, done };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('the embedded index on the shared SQLite connection', () => {
  let db: SqliteSqlDatabase | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('keeps index writes that waited for a token-store transaction which rolled back', async () => {
    db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db, { writeSliceMs: 1 });
    await store.useEmbedder('test', DIMENSIONS);
    await store.replaceDocument('ada', note('gone', 'v1'), chunks(text(2000, 'walrus'), DIMENSIONS));

    const open = rolledBackTransaction(db);
    // A small document (one transaction), a large one (staged in slices, then switched) and a delete, all while
    // the token-store transaction is open.
    const writes = Promise.all([
      store.replaceDocument('ada', note('small', 'v1'), chunks(text(3000, 'narwhal'), DIMENSIONS)),
      store.replaceDocument('ada', note('large', 'v1'), chunks(text(200_000, 'narwhal'), DIMENSIONS)),
      store.deleteDocument('ada', 'note', 'gone'),
    ]);
    await settle();
    open.release();
    await expect(open.done).rejects.toThrow('rolled back');
    await writes;

    expect(db.raw.prepare('SELECT count(*) AS n FROM audit_log').get()).toEqual({ n: 0 });
    // A store that reads everything from the database again, not from the first one's memory.
    const reread = createSqliteIndexStore(db);
    await reread.useEmbedder('test', DIMENSIONS);
    expect(await reread.versions('ada', 'note')).toEqual(
      new Map([
        ['small', 'v1'],
        ['large', 'v1'],
      ]),
    );
    expect((await reread.bm25('ada', 'walrus', { limit: 1 })).total).toBe(0);
    expect((await reread.bm25('ada', 'narwhal', { limit: 1 })).total).toBeGreaterThan(100);
    expect(db.raw.prepare('SELECT count(*) AS n FROM index_pending').get()).toEqual({ n: 0 });
  }, 60_000);

  it('lets a token-store transaction commit only its own rows while index writes wait', async () => {
    db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db);
    await store.useEmbedder('test', DIMENSIONS);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const committed = db.transaction(async (tx) => {
      await tx.run('INSERT INTO audit_log (at, user_id, action, outcome) VALUES (?, ?, ?, ?)', [1, 'ada', 'x', 'ok']);
      await gate;
      // The index write has not landed in this transaction: it waits until the transaction is over.
      return tx.get<{ n: number }>('SELECT count(*) AS n FROM index_documents');
    });
    const write = store.replaceDocument('ada', note('small', 'v1'), chunks(text(3000, 'narwhal'), DIMENSIONS));
    await settle();
    release();
    expect(await committed).toEqual({ n: 0 });
    await write;
    expect(await store.versions('ada', 'note')).toEqual(new Map([['small', 'v1']]));
    expect(db.raw.prepare('SELECT count(*) AS n FROM audit_log').get()).toEqual({ n: 1 });
  });
});
