// Loading a user's embedded index with all, some or none of the counted rows held for the fill: the same index each
// way, writes during the load included.
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { IndexedDocument } from '../../../src/knowledge/index/index-store.js';
import { createSqliteIndexStore } from '../../../src/knowledge/index/sqlite-index-store.js';
import { prepareIndexStatements } from '../../../src/knowledge/index/sqlite/index-rows.js';
import { LoadedUsers } from '../../../src/knowledge/index/sqlite/loaded-users.js';
import { ALL_TYPES, type UserIndex } from '../../../src/knowledge/index/sqlite/user-index.js';
import { migratedDatabase, syntheticText } from './index-fixtures.js';

const DIMENSIONS = 16;
const { words, text, vector } = syntheticText(11, { vocabulary: 800, skew: 2 });
const document = (i: number, version = 'v1'): IndexedDocument => ({
  docType: i % 2 === 0 ? 'file' : 'note',
  docId: String(i),
  title: `${words[i % words.length]} title`,
  mimeType: 'text/plain',
  version,
});
const chunks = () =>
  Array.from({ length: 4 }, (_, index) => ({
    index,
    total: 4,
    start: 0,
    end: 1,
    page: null,
    text: text(200),
    vector: vector(DIMENSIONS),
  }));

/** BM25 hits of the first 60 term numbers, one by one, and the chunk count. */
function fingerprint(index: UserIndex): unknown {
  return { live: index.live, hits: Array.from({ length: 60 }, (_, term) => index.bm25([term], ALL_TYPES, 5)) };
}

describe('holding counted rows while loading the embedded index', () => {
  it('builds the same index whether all, some or none of the rows are held, with writes during the load', async () => {
    const db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db);
    await store.useEmbedder('test', DIMENSIONS);
    for (let i = 0; i < 150; i++) await store.replaceDocument('alice', document(i), chunks());
    const statements = prepareIndexStatements(db.raw);
    const load = (heldRowBytes: number | undefined) =>
      new LoadedUsers(statements, { maxLoadedBytes: 1e12, sliceMs: 15, heldRowBytes }).get(
        'alice',
        DIMENSIONS,
        'float32',
      );
    const all = fingerprint(await load(undefined));
    expect(fingerprint(await load(20_000))).toEqual(all);
    expect(fingerprint(await load(0))).toEqual(all);

    // A store that loads in slices of 1 ms (holding every row) while documents are replaced and deleted.
    const during = createSqliteIndexStore(db, { loadSliceMs: 1 });
    await during.useEmbedder('test', DIMENSIONS);
    const loading = during.bm25('alice', words[0]!, { limit: 1 });
    for (let i = 1; i < 150; i += 9) {
      await tick();
      await during.replaceDocument('alice', document(i, 'v2'), chunks());
      await during.deleteDocument('alice', document(i + 1).docType, String(i + 1));
    }
    await loading;
    const expected = await store.bm25('alice', `${words[0]} ${words[1]} ${words[5]}`, { limit: 30 });
    expect(await during.bm25('alice', `${words[0]} ${words[1]} ${words[5]}`, { limit: 30 })).toEqual(expected);
    await db.close();
  });
});
