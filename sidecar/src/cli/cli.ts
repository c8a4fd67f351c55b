// The command line: `run` (the default), `db …`, `oauth …` and `generate-key`; exit codes 0 success, 1 failure, 2 usage.
import { parseArgs } from 'node:util';
import { type CliIo, EXIT } from './cli-io.js';
import { runDbCommand } from './db-cli.js';
import { InvalidInputError } from '../errors.js';
import { readEnvironment } from '../settings/environment.js';
import { parseSettings, SettingsError } from '../settings/settings.js';
import { generateEncryptionKey } from '../store/secret-box.js';
import { SIDECAR_VERSION } from '../version.js';

const USAGE = `Usage: nextcloud-mcp-server [command] [options]

Commands:
  run [--host HOST] [--port PORT]       start the sidecar (the default command)
  run --transport stdio                 serve MCP on stdin/stdout for one configured user (basic mode)
  db upgrade [--revision REV]           upgrade the database to the latest (or the given) revision
  db current                            show the applied revision
  db history                            list applied and pending revisions
  db downgrade [--revision REV] [--yes] revert to REV (default: one step back; "base" reverts all)
  db migrate "<description>"            write the next numbered migration file
  db rotate-key                         re-encrypt every stored secret under TOKEN_ENCRYPTION_KEY (reading with
                                        it or TOKEN_ENCRYPTION_KEY_PREVIOUS), in one transaction
  oauth rotate-signing-key              replace the signing key of the sidecar's authorization server now (the old
                                        one stays published until the tokens it signed have expired)
  generate-key                          print a new TOKEN_ENCRYPTION_KEY

Options:
  --database PATH   the SQLite file (overrides TOKEN_STORAGE_DB)
  --help, --version
Settings come from the environment or a .env file in the working directory; see the README.`;

export async function runCli(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        transport: { type: 'string' },
        database: { type: 'string' },
        revision: { type: 'string' },
        yes: { type: 'boolean', short: 'y' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    });
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  const { values, positionals } = parsed;
  if (values.help) return print(io, USAGE, EXIT.ok);
  if (values.version) return print(io, SIDECAR_VERSION, EXIT.ok);

  const [command = 'run', ...rest] = positionals;
  try {
    switch (command) {
      case 'run':
        return await runServerCommand(values, io);
      case 'db':
        return await runDbCommand(rest, values, io);
      case 'oauth':
        return await (await import('./oauth-cli.js')).runOAuthCommand(rest, values, io);
      case 'generate-key':
        return print(io, await generateEncryptionKey(), EXIT.ok);
      default:
        io.stderr(`Unknown command "${command}".\n\n${USAGE}\n`);
        return EXIT.usage;
    }
  } catch (error) {
    if (error instanceof SettingsError || error instanceof InvalidInputError) {
      io.stderr(`${error.message}\n`);
      return EXIT.usage;
    }
    io.stderr(`Failed: ${(error as Error).message}\n`);
    return EXIT.failure;
  }
}

async function runServerCommand(values: { host?: string; port?: string; transport?: string }, io: CliIo) {
  if (values.transport !== undefined && values.transport !== 'http' && values.transport !== 'stdio') {
    io.stderr(`Unknown transport "${values.transport}" (available: http, stdio).\n`);
    return EXIT.usage;
  }
  const env = { ...(io.env ?? readEnvironment()) };
  // Each transport loads only its own parts (start time, idle memory).
  if (values.transport === 'stdio') {
    const [{ createStdioContext }, { serveStdio }] = await Promise.all([
      import('../context/stdio-context.js'),
      import('../mcp/stdio.js'),
    ]);
    const context = await createStdioContext(parseSettings(env, 'stdio'));
    try {
      await serveStdio(context);
    } finally {
      await context.close();
    }
    return EXIT.ok;
  }
  if (values.host) env.MCP_SERVER_HOST = values.host;
  if (values.port) env.MCP_SERVER_PORT = values.port;
  const settings = parseSettings(env, 'server');
  const [{ createContext }, { serveHttp }] = await Promise.all([import('../context/context.js'), import('../main.js')]);
  const server = await serveHttp(await createContext(settings));
  const stop = listenForStopSignals();
  try {
    await stop.requested;
    await server.close();
  } finally {
    stop.dispose();
  }
  return EXIT.ok;
}

/**
 * Settles on the first SIGTERM or SIGINT. Later ones (Ctrl-C after `docker compose stop`) arrive while requests
 * drain: they are absorbed until dispose, so the server closes once and nothing kills the process mid-drain.
 */
function listenForStopSignals(): { requested: Promise<void>; dispose: () => void } {
  let onSignal = () => {};
  const requested = new Promise<void>((resolve) => (onSignal = () => resolve()));
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return {
    requested,
    dispose: () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
    },
  };
}

function print(io: CliIo, text: string, code: number): number {
  io.stdout(`${text}\n`);
  return code;
}

function defaultIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    confirm: process.stdin.isTTY ? askOnTerminal : undefined,
  };
}

async function askOnTerminal(question: string): Promise<boolean> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await rl.question(`${question} [y/N] `)).trim());
  } finally {
    rl.close();
  }
}
