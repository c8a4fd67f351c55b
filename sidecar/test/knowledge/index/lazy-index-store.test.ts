// The lazily opened index store: opened once by its first use (callers asking together share the opening), opened
// again after a failed opening, never opened by a close, and closed after an opening in progress.
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteIndexStore } from '../../../src/knowledge/index/sqlite-index-store.js';
import { lazyIndexStore } from '../../../src/knowledge/index/lazy-index-store.js';
import type { IndexStore } from '../../../src/knowledge/index/index-store.js';
import type { SqliteSqlDatabase } from '../../../src/store/sql/sqlite-database.js';
import { migratedDatabase } from '../search/index-fixtures.js';

let db: SqliteSqlDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

/** The real embedded store behind a counter of openings; `failFirst` makes the first opening fail. */
async function counted(options: { failFirst?: boolean } = {}) {
  db = await migratedDatabase(':memory:');
  const database = db;
  const opened: IndexStore[] = [];
  let attempts = 0;
  let closes = 0;
  const store = lazyIndexStore('sqlite', async () => {
    attempts += 1;
    if (options.failFirst && attempts === 1) throw new Error('The index cannot be opened.');
    const real = createSqliteIndexStore(database);
    opened.push(real);
    return { ...real, close: () => ((closes += 1), real.close()) };
  });
  return { store, opened, attempts: () => attempts, closes: () => closes };
}

describe('lazyIndexStore', () => {
  it('opens nothing until first used, then once for callers asking together', async () => {
    const { store, opened, closes } = await counted();
    expect(store.engine).toBe('sqlite');
    expect(opened).toHaveLength(0);

    await store.useEmbedder('hashing-v2:8', 8);
    const [counts, versions] = await Promise.all([store.counts('ada'), store.versions('ada', 'note')]);

    expect(opened).toHaveLength(1);
    expect(counts.documents).toBe(0);
    expect(versions.size).toBe(0);
    await store.close();
    expect(closes()).toBe(1);
  });

  it('gives the failure to the caller whose use opened it, and opens again at the next use', async () => {
    const { store, opened, attempts } = await counted({ failFirst: true });

    await expect(store.counts('ada')).rejects.toThrow('The index cannot be opened.');
    await store.useEmbedder('hashing-v2:8', 8);

    expect(attempts()).toBe(2);
    expect(opened).toHaveLength(1);
    expect((await store.counts('ada')).chunks).toBe(0);
    await store.close();
  });

  it('closes without opening when never used, and refuses uses after closing', async () => {
    const { store, attempts, closes } = await counted();

    await store.close();

    expect(attempts()).toBe(0);
    expect(closes()).toBe(0);
    await expect(store.counts('ada')).rejects.toThrow('The index store is closed.');
    expect(attempts()).toBe(0);
  });

  it('closes a store whose opening was in progress once it is open', async () => {
    const { store, opened, closes } = await counted();
    const using = store.useEmbedder('hashing-v2:8', 8);

    await store.close();
    await using;

    expect(opened).toHaveLength(1);
    expect(closes()).toBe(1);
  });
});
