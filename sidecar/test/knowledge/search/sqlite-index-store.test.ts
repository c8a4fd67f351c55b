// The embedded index store (SQLite + in-memory segments) against the shared IndexStore suite.
import { createSqliteIndexStore } from '../../../src/knowledge/index/sqlite-index-store.js';
import { migratedDatabase } from './index-fixtures.js';
import { runIndexStoreSuite } from './index-store-suite.js';
import { runStemmingSuite } from './stemming-suite.js';

runIndexStoreSuite('sqlite', async () => {
  const db = await migratedDatabase(':memory:');
  return {
    store: createSqliteIndexStore(db),
    close: () => db.close(),
    openAgain: () => createSqliteIndexStore(db),
  };
});

runStemmingSuite('sqlite', async () => {
  const db = await migratedDatabase(':memory:');
  return {
    store: createSqliteIndexStore(db),
    close: () => db.close(),
    openAgain: () => createSqliteIndexStore(db),
    writeRecordedFormat: async (json) => {
      await db.run("UPDATE index_meta SET value = ? WHERE key = 'embedder'", [json]);
    },
  };
});
