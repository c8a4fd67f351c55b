#!/usr/bin/env node
// Command-line entry point of the sidecar: runs the compiled CLI.
import { runCli } from '../dist/cli.js';

process.exitCode = await runCli(process.argv.slice(2));
