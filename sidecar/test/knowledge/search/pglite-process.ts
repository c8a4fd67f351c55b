// PGlite + pgvector in a process of its own (its queries then never run on the test's event loop): prints its URL,
// stops when its standard input closes.
import { startPgliteServer } from '../../../../test/platform/pglite-server.js';

const server = await startPgliteServer();
process.stdout.write(`${server.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void server.stop().finally(() => process.exit(0));
});
