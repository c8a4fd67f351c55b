// The embedded index store (SQLite + in-memory segments) against the shared IndexStore suite.
import { openDatabase } from '../../src/store/database.js';
import { loadMigrations } from '../../src/store/migration-files.js';
import { createMigrator } from '../../src/store/migrator.js';
import { createSqliteIndexStore } from '../../src/search/sqlite-index-store.js';
import { runIndexStoreSuite } from './index-store-suite.js';

/**
 * better-sqlite3 12.11 on Node 24 aborts the process when V8 finalises a dropped Statement in a garbage collection
 * started from a microtask ("Assertion failed: (env) != nullptr"); the migrator drops statements, so collect them
 * here, from plain JavaScript, where finalising is safe.
 */
const collectDroppedStatements = () => (globalThis as { gc?: () => void }).gc?.();

runIndexStoreSuite('sqlite', async () => {
  const db = openDatabase(':memory:');
  createMigrator(db, loadMigrations()).prepare();
  collectDroppedStatements();
  return {
    store: createSqliteIndexStore(db),
    close: async () => {
      db.close();
      collectDroppedStatements();
    },
  };
});
