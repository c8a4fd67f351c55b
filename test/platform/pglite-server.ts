// PostgreSQL for tests: PGlite with pgvector, served on a loopback port so the real `pg` driver talks to it.
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { findFreePort } from './free-port.js';

export interface PgliteServer {
  /** `postgres://…@127.0.0.1:<port>/postgres`, for `pg.Pool({ connectionString })`. */
  url: string;
  stop(): Promise<void>;
}

export async function startPgliteServer(): Promise<PgliteServer> {
  const db = await PGlite.create({ extensions: { vector } });
  const port = await findFreePort();
  // More connections than the sidecar's pool (8) opens, plus a test's own: PGlite refuses those past the limit.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 16 });
  await server.start();
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}
