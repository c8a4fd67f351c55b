// The wrong Node.js gets one line naming the Node.js the sidecar needs and how to get it, before anything native
// loads (under Node 20 the native store module crashed the process with a segmentation fault).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript of the launcher, checked by these tests
import { nodeVersionProblem, SUPPORTED_NODE } from '../bin/node-version.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = `${ROOT}sidecar/bin/nextcloud-mcp-server.js`;
const problemOf = nodeVersionProblem as (version: string) => string | undefined;

/** A Node.js older than 22 on this machine (Debian 12's is 20), or undefined. */
function oldNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    if (!existsSync(candidate)) continue;
    const major = Number(spawnSync(candidate, ['-p', 'process.versions.node.split(".")[0]']).stdout.toString());
    if (major > 0 && major < 22) return candidate;
  }
  return undefined;
}

describe('the Node.js version check', () => {
  it.each([
    ['20.20.2', false],
    ['22.21.1', false],
    ['22.22.0', true],
    ['23.11.0', false],
    ['24.14.0', false],
    ['24.15.0', true],
    ['26.1.0', true],
  ])('takes Node.js %s as supported: %s', (version, supported) => {
    expect(problemOf(version) === undefined).toBe(supported);
  });

  it('names the Node.js it needs and the two ways to run it with that one', () => {
    const message = problemOf('20.20.2');

    expect(message).toContain('Node.js 24.15 or later');
    expect(message).toContain('this is Node.js 20.20.2');
    expect(message).toMatch(/scripts\/nextcloud-mcp-server.*make run/);
  });

  it('states the same ranges as engines in both package.json files', () => {
    const engines = ['package.json', 'sidecar/package.json'].map(
      (file) => (JSON.parse(readFileSync(`${ROOT}${file}`, 'utf8')) as { engines: { node: string } }).engines.node,
    );

    expect(engines).toEqual([SUPPORTED_NODE, SUPPORTED_NODE]);
  });

  const node20 = oldNode();
  it.runIf(node20 !== undefined)(
    'exits with 2 and one line under an old Node.js, before the native module loads',
    () => {
      const run = spawnSync(node20!, [BIN, 'db', 'current', '--database', ':memory:'], { encoding: 'utf8' });

      expect(run.status).toBe(2);
      expect(run.signal).toBeNull();
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^nextcloud-mcp-server needs Node\.js 24\.15 or later/);
      expect(run.stdout).toBe('');
    },
  );
});
