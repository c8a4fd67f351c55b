// What a new user runs from the README works and runs only our code: no npx of a package we do not publish, MCP client
// configurations that start this checkout's sidecar, a key made before anything is built, and lock files npm and
// Composer can install from.
import { execFileSync } from 'node:child_process';
import { accessSync, constants, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(`${ROOT}${path}`, 'utf8');
/** Packages the README may run with npx: published by the MCP project itself. */
const ALLOWED_NPX_PACKAGES = new Set(['@modelcontextprotocol/inspector']);

function codeBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

describe('the README', () => {
  it('runs no npm package we do not publish (npx nextcloud-mcp-server fetched an unrelated one)', () => {
    const npxPackages = codeBlocks(read('README.md')).flatMap((block) =>
      [...block.matchAll(/\bnpx\s+(?:-y\s+)?(\S+)/g)].map((match) => match[1] ?? ''),
    );

    expect(npxPackages.filter((name) => !ALLOWED_NPX_PACKAGES.has(name))).toEqual([]);
    expect(read('README.md')).toMatch(/`npx nextcloud-mcp-server`[^.]*somebody else's package, so never use it/);
  });

  it("configures MCP clients with this checkout's launcher, which exists and is executable", () => {
    const commands = codeBlocks(read('README.md')).flatMap((block) =>
      [...block.matchAll(/"command":\s*"([^"]+)"/g)].map((match) => match[1] ?? ''),
    );

    expect(commands.length).toBeGreaterThan(0);
    expect(commands.every((command) => command.endsWith('/scripts/nextcloud-mcp-server'))).toBe(true);
    expect(() => accessSync(`${ROOT}scripts/nextcloud-mcp-server`, constants.X_OK)).not.toThrow();
  });
});

describe('the set-up commands', () => {
  it('make key prints an encryption key without needing a build', () => {
    // Outside any make that runs the tests (its MAKEFLAGS would print directories).
    const env = { ...process.env, MAKEFLAGS: '', MAKELEVEL: '', MFLAGS: '' };
    const key = execFileSync('make', ['-s', 'key'], { cwd: ROOT, encoding: 'utf8', env }).trim();

    expect(Buffer.from(key, 'base64')).toHaveLength(32);
  });

  it("scripts/nextcloud-mcp-server runs this checkout's command line", () => {
    const key = execFileSync(`${ROOT}scripts/nextcloud-mcp-server`, ['generate-key'], { encoding: 'utf8' }).trim();

    expect(Buffer.from(key, 'base64')).toHaveLength(32);
  });

  it('the committed .npmrc names no machine-specific nodedir (npm warned on every call)', () => {
    expect(read('.npmrc')).not.toMatch(/nodedir/);
  });

  it('npm ci accepts package-lock.json (it refused a lock that lacked platform packages)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'npm-ci-'));
    for (const file of [
      'package.json',
      'package-lock.json',
      '.npmrc',
      'sidecar/package.json',
      'companion/package.json',
    ]) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      copyFileSync(`${ROOT}${file}`, join(dir, file));
    }

    const run = () => execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts'], { cwd: dir, stdio: 'pipe' });

    try {
      expect(run).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('composer.lock pins the PHP test tools', () => {
    const lock = JSON.parse(read('composer.lock')) as { 'packages-dev': { name: string }[] };

    expect(lock['packages-dev'].map((entry) => entry.name)).toContain('phpunit/phpunit');
  });
});
