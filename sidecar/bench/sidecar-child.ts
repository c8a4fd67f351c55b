// Child process of the MCP benchmarks: the real sidecar with the settings given as JSON in argv[2]; prints its URL.
import { startServer } from '../src/main.js';
import { parseSettings } from '../src/settings/settings.js';
import { createBatchedDestination } from '../src/logging/batched-destination.js';
import { createLogger } from '../src/logging/logger.js';

const env = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const settings = parseSettings({ MCP_SERVER_PORT: '0', ...env });
const server = await startServer({
  settings,
  // The sidecar's own logger and destination, at the default level: its lines cost what they cost in production.
  logger: createLogger('info', createBatchedDestination('/dev/null')),
});
await server.warmedUp;
console.log(JSON.stringify({ url: server.url }));
process.once('SIGTERM', () => void server.close(1000).then(() => process.exit(0)));
