// How a search reads its results' rows: each chunk, text and document found by its row id, the user checked on the
// row (not looked up in the user's index first), so 100 results cost about 300 row reads and no index reads.
import { afterEach, describe, expect, it } from 'vitest';
import type { SqliteSqlDatabase } from '../../../src/store/sql/sqlite-database.js';
import { prepareIndexStatements } from '../../../src/knowledge/index/sqlite/index-rows.js';
import { migratedDatabase } from './index-fixtures.js';

let db: SqliteSqlDatabase | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

describe('the point statements', () => {
  it('find chunks, texts and documents by row id, without the user index', async () => {
    db = await migratedDatabase(':memory:');
    const statements = prepareIndexStatements(db.raw);
    for (const statement of [statements.points, statements.pointsWithVectors]) {
      const plan = db.raw
        .prepare<[string, string], { detail: string }>(`EXPLAIN QUERY PLAN ${statement.source}`)
        .all('[]', 'alice')
        .map((row) => row.detail);
      expect(plan).toContain('SEARCH c USING INTEGER PRIMARY KEY (rowid=?)');
      expect(plan).toContain('SEARCH d USING INTEGER PRIMARY KEY (rowid=?)');
      expect(plan).toContain('SEARCH t USING INTEGER PRIMARY KEY (rowid=?)');
      expect(plan.join(' ')).not.toContain('idx_index_chunks_user');
    }
  });
});
