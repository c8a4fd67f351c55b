#!/usr/bin/env node
// Command-line entry point of the sidecar: checks the Node.js version before anything native loads, then runs the
// compiled CLI (imported only then: a static import would load better-sqlite3 first).
import { nativeModuleProblem, nodeVersionProblem } from './node-version.js';

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  process.stderr.write(`${problem}\n`);
  process.exit(2);
}
let cli;
try {
  cli = await import('../dist/cli/cli.js');
} catch (error) {
  const native = nativeModuleProblem(error);
  if (!native) throw error;
  process.stderr.write(`${native}\n`);
  process.exit(2);
}
process.exitCode = await cli.runCli(process.argv.slice(2));
