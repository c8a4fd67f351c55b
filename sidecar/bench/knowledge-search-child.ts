// Child process of the hybrid search benchmark: opens the embedded index in argv[2], notes its RSS, loads the user by
// searching, and prints one JSON line ({ rssBeforeMb, rssLoadedMb, chunks }); the parent then reads its RSS again.
import { createSearchService } from '../src/knowledge/search/search-service.js';
import { createSqliteIndexStore } from '../src/knowledge/index/sqlite-index-store.js';
import {
  benchSearchRequest,
  collectGarbage,
  defaultEmbedder,
  openIndexDatabase,
  syntheticCorpus,
} from './knowledge-corpus.js';

const [dbPath, userId = 'alice'] = process.argv.slice(2);
if (!dbPath) throw new Error('usage: knowledge-search-child.ts <db> [user]');
const db = await openIndexDatabase(dbPath);
const store = createSqliteIndexStore(db);
const { handle } = defaultEmbedder();
const search = createSearchService({ store, embedder: handle, nextcloudHost: 'https://cloud.example.com' });
const queries = syntheticCorpus().queries(50, 77);
collectGarbage();
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
const rssBeforeMb = rssMb();
const [first] = await handle.peek()!.embed(queries.slice(0, 1));
await store.nearest(userId, first!, { limit: 10 });
collectGarbage();
const rssLoadedMb = rssMb();
for (const query of queries) {
  await search.search(userId, benchSearchRequest(query));
}
collectGarbage();
const { chunks } = await store.counts(userId);
console.log(JSON.stringify({ rssBeforeMb, rssLoadedMb, chunks }));
process.once('SIGTERM', () => {
  void db.close().then(() => process.exit(0));
});
setInterval(() => undefined, 60_000);
