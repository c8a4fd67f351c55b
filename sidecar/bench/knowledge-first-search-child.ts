// Child process of the lean-index benchmark: a fresh process, as after a restart, opens the Cranfield index in
// argv[2] and times the first bm25 + nearest (limit 100) of its user, the next 20 searches, and the first search of a
// second store in the same process; prints one JSON line ({ firstMs, firstCpuMs, laterMedianMs, warmProcessMs }).
import type { IndexStore } from '../src/knowledge/index/index-store.js';
import { createSqliteIndexStore } from '../src/knowledge/index/sqlite-index-store.js';
import { warmUpSearchCode } from '../src/knowledge/index/sqlite/warm-up.js';
import { readCranfield } from './ir-collection.js';
import { DIMENSIONS, defaultEmbedder, openIndexDatabase } from './knowledge-corpus.js';

const [dbPath, userId = 'reader'] = process.argv.slice(2);
if (!dbPath) throw new Error('usage: knowledge-first-search-child.ts <db> [user]');
const collection = readCranfield();
if (!collection) throw new Error('The Cranfield collection is missing.');
const { embedder } = defaultEmbedder();
const queries = collection.queries.slice(0, 21).map((query) => query.text);
const vectors = await embedder.embed(queries);
const db = await openIndexDatabase(dbPath);

const searchBoth = async (store: IndexStore, i: number) => {
  const started = performance.now();
  await Promise.all([
    store.bm25(userId, queries[i]!, { limit: 100 }),
    store.nearest(userId, vectors[i]!, { limit: 100 }),
  ]);
  return performance.now() - started;
};
const openStore = async () => {
  const store = createSqliteIndexStore(db);
  await store.useEmbedder(embedder.id, DIMENSIONS, embedder.kind);
  // A sidecar's store opens with the sync's first tick, and its warm-up runs then, before anyone searches.
  await warmUpSearchCode(DIMENSIONS, embedder.kind === 'lexical' ? 'int8' : 'float32');
  return store;
};

const store = await openStore();
const cpuBefore = process.cpuUsage();
const firstMs = await searchBoth(store, 0);
const { user, system } = process.cpuUsage(cpuBefore);
const firstCpuMs = (user + system) / 1000;
const later: number[] = [];
for (let i = 1; i < queries.length; i++) later.push(await searchBoth(store, i));
later.sort((a, b) => a - b);
await store.close();
// A store that has loaded nobody, in a process whose search code has run: what loading one user costs alone.
const again = await openStore();
const warmProcessMs = await searchBoth(again, 0);
await again.close();
await db.close();
console.log(
  JSON.stringify({ firstMs, firstCpuMs, laterMedianMs: later[Math.floor(later.length / 2)] ?? 0, warmProcessMs }),
);
process.once('SIGTERM', () => process.exit(0));
setInterval(() => undefined, 60_000);
