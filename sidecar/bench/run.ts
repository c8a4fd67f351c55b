// Runs every benchmark of the sidecar and prints each figure with its same-run reference and target.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAppPasswordRoute } from './app-password-route.js';
import { benchAppPasswordStore } from './app-password-store.js';
import { benchAuthorizationServerRefresh } from './authorization-server-refresh.js';
import { benchAuthorizationServerToken } from './authorization-server-token.js';
import { benchJwtVerify } from './jwt-verify.js';
import { benchKnowledge } from './knowledge.js';
import { benchMcpLoad } from './mcp-load.js';
import { benchMcpToolCall } from './mcp-tool-call.js';
import { benchMcpToolList } from './mcp-tool-list.js';
import { benchPdfPreview } from './pdf-preview.js';
import { benchRefreshWait } from './refresh-wait.js';
import { benchStartupAndMemory } from './startup-and-memory.js';
import { benchStatusThroughput } from './status-throughput.js';
import { benchToolListSize } from './tool-list-size.js';
import { startPostgresServer } from '../../test/platform/postgres-server.js';

const dir = mkdtempSync(join(tmpdir(), 'sidecar-bench-'));
// DATABASE_URL runs: a real PostgreSQL server (Debian's), measured beside SQLite in the same run.
const postgres = await startPostgresServer();
try {
  const lines = [
    ...(await benchAppPasswordStore({ label: 'SQLite', path: join(dir, 'store.db'), targetMs: 0.5 })),
    ...(await benchAppPasswordStore({
      label: 'PostgreSQL',
      path: '',
      databaseUrl: await postgres.createDatabase('bench_store'),
      targetMs: 2,
    })),
    ...(await benchJwtVerify()),
    ...(await benchAuthorizationServerToken()),
    ...(await benchAuthorizationServerRefresh(join(dir, 'authorization-server.db'))),
    ...(await benchRefreshWait(join(dir, 'refresh.db'))),
    ...(await benchAppPasswordRoute(join(dir, 'route.db'), await postgres.createDatabase('bench_route'))),
    ...(await benchStatusThroughput(join(dir, 'status.db'), await postgres.createDatabase('bench_status'))),
    ...(await benchStartupAndMemory(join(dir, 'startup.db'))),
    ...benchToolListSize(),
    ...(await benchMcpToolList(join(dir, 'tool-list.db'))),
    ...(await benchMcpToolCall(join(dir, 'mcp.db'), await postgres.createDatabase('bench_mcp'))),
    ...(await benchMcpLoad(join(dir, 'load.db'))),
    ...(await benchKnowledge(dir)),
    ...(await benchPdfPreview(dir)),
  ];
  const missed = lines.filter((line) => !line.pass).length;
  console.log(`\n${lines.length - missed} targets met, ${missed} missed`);
} finally {
  await postgres.stop();
  rmSync(dir, { recursive: true, force: true });
}
