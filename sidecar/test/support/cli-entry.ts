// Runs the CLI from source in a child process, exactly as bin/nextcloud-mcp-server.js runs the build.
import { runCli } from '../../src/cli/cli.js';

process.exitCode = await runCli(process.argv.slice(2));
