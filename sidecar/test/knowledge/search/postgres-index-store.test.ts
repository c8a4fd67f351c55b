// The PostgreSQL + pgvector index store against the shared IndexStore suite, over PGlite served to the real `pg`.
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startPgliteServer, type PgliteServer } from '../../../../test/platform/pglite-server.js';
import { createPostgresIndexStore } from '../../../src/knowledge/index/postgres-index-store.js';
import { runIndexStoreSuite } from './index-store-suite.js';
import { runStemmingSuite } from './stemming-suite.js';
import { runBatchWritesSuite } from '../index/batch-writes-suite.js';

let server: PgliteServer;
let schemas = 0;

beforeAll(async () => {
  server = await startPgliteServer();
}, 60_000);
afterAll(async () => {
  await server.stop();
});

runIndexStoreSuite('postgres', async () => {
  // A fresh schema per test: an empty index without dropping anything another test still reads.
  const schema = `index_test_${++schemas}`;
  const openStore = () =>
    createPostgresIndexStore(new pg.Pool({ connectionString: server.url, max: 2 }), { schema, ownsPool: true });
  return { store: openStore(), close: async () => undefined, openAgain: openStore };
});

runStemmingSuite('postgres', async () => {
  const schema = `stemming_test_${++schemas}`;
  const openStore = () =>
    createPostgresIndexStore(new pg.Pool({ connectionString: server.url, max: 2 }), { schema, ownsPool: true });
  return {
    store: openStore(),
    close: async () => undefined,
    openAgain: openStore,
    writeRecordedFormat: async (json) => {
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        await client.query(`UPDATE ${schema}.index_meta SET value = $1 WHERE key = 'embedder'`, [json]);
      } finally {
        await client.end();
      }
    },
  };
});

runBatchWritesSuite('postgres', async () =>
  createPostgresIndexStore(new pg.Pool({ connectionString: server.url, max: 2 }), {
    schema: `batch_test_${++schemas}`,
    ownsPool: true,
  }),
);
