// Child process of the status benchmark: serves a bare Express handler and the real sidecar on SQLite (and, given a
// DATABASE_URL, a second real sidecar on PostgreSQL) in this one process; prints their URLs.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { startServer } from '../src/main.js';
import { parseSettings } from '../src/settings/settings.js';
import { createBatchedDestination } from '../src/logging/batched-destination.js';
import { createLogger } from '../src/logging/logger.js';

const dbPath = process.argv[2] ?? ':memory:';
const databaseUrl = process.argv[3];
const bare = express();
bare.get('/api/v1/status', (_req, res) => {
  res.json({ version: '0.1.0', auth_mode: 'basic', supports_app_passwords: false, uptime_seconds: 1 });
});
const bareServer = bare.listen(0, '127.0.0.1');
await new Promise((resolve) => bareServer.once('listening', resolve));
// Request logging stays on, through the sidecar's own logger and destination, written to /dev/null: a deployment pays
// for it.
const logger = createLogger('info', createBatchedDestination('/dev/null'));
const startSidecar = (database: Record<string, string>) =>
  startServer({
    settings: parseSettings({
      NEXTCLOUD_HOST: 'http://127.0.0.1:9',
      NEXTCLOUD_USERNAME: 'bench',
      NEXTCLOUD_PASSWORD: 'bench',
      MCP_SERVER_PORT: '0',
      ...database,
    }),
    logger,
  });
const sidecar = await startSidecar({ TOKEN_STORAGE_DB: dbPath });
const postgres = databaseUrl ? await startSidecar({ DATABASE_URL: databaseUrl }) : undefined;
console.log(
  JSON.stringify({
    bare: `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`,
    sidecar: sidecar.url,
    postgres: postgres?.url,
  }),
);
