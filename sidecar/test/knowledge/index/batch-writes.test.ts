// Small documents written together share transactions within bounds; on SQLite the batched build leaves the index
// as one write per document does (the PostgreSQL store runs the same suite in its own test file).
import { afterAll, describe, expect, it } from 'vitest';
import { groupWrites } from '../../../src/knowledge/index/batch-writes.js';
import { createSqliteIndexStore } from '../../../src/knowledge/index/sqlite-index-store.js';
import type { SqliteSqlDatabase } from '../../../src/store/sql/sqlite-database.js';
import { migratedDatabase } from '../search/index-fixtures.js';
import { note, runBatchWritesSuite } from './batch-writes-suite.js';

const databases: SqliteSqlDatabase[] = [];
afterAll(async () => {
  for (const db of databases) await db.close();
});

runBatchWritesSuite('sqlite', async () => {
  const db = await migratedDatabase(':memory:');
  databases.push(db);
  return createSqliteIndexStore(db);
});

describe('groupWrites', () => {
  it('keeps consecutive writes together within the bounds and puts an oversized one alone', () => {
    const write = (chunks: number, chars: number) => ({
      document: note(0),
      chunks: Array.from({ length: chunks }, () => ({ text: 'x'.repeat(chars) })),
    });
    const writes = [write(2, 10), write(2, 10), write(1, 10), write(10, 10), write(1, 500), write(0, 0)];
    const sizes = groupWrites(writes as never, { chunks: 5, chars: 100 }).map((group) => group.length);
    expect(sizes).toEqual([3, 1, 1, 1]);
  });
});
