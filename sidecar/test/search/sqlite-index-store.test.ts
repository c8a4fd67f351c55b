// The embedded index store (SQLite + in-memory segments) against the shared IndexStore suite.
import { openDatabase } from '../../src/store/database.js';
import { loadMigrations } from '../../src/store/migration-files.js';
import { createMigrator } from '../../src/store/migrator.js';
import { createSqliteIndexStore } from '../../src/search/sqlite-index-store.js';
import { runIndexStoreSuite } from './index-store-suite.js';

runIndexStoreSuite('sqlite', async () => {
  const db = openDatabase(':memory:');
  createMigrator(db, loadMigrations()).prepare();
  return {
    store: createSqliteIndexStore(db),
    close: async () => {
      db.close();
    },
  };
});
