// Child process of the MCP benchmarks: the real sidecar with the settings given as JSON in argv[2]; prints its URL.
import { pino } from 'pino';
import { startServer } from '../src/main.js';
import { parseSettings } from '../src/settings/settings.js';

const env = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const settings = parseSettings({ MCP_SERVER_PORT: '0', ...env });
const server = await startServer({
  settings,
  logger: pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: false })),
});
await server.warmedUp;
console.log(JSON.stringify({ url: server.url }));
process.once('SIGTERM', () => void server.close(1000).then(() => process.exit(0)));
