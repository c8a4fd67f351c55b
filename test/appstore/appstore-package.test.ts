// scripts/build-appstore.sh: the tarball holds only what Nextcloud loads, the PHP the tests ran, a valid info.xml.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const schema = join(root, 'test/php/fixtures/info.xsd');
const allowedTopLevel = ['CHANGELOG.md', 'LICENSE', 'README.md', 'appinfo', 'img', 'js', 'l10n', 'lib', 'templates'];
const forbiddenSegments = ['node_modules', 'vendor', 'sidecar', 'test', 'tests', 'companion', 'migrations', 'data'];
const forbiddenSegmentsAnywhere = ['.git', '.env', 'build', 'screenshots'];
const forbiddenNames = /\.(db|sqlite|sqlite3|map|key|pem|crt|log)$|^\.|-wal$|-shm$/;

let workDir = '';
let app = '';
let archive = '';

beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), 'appstore-test-'));
  buildInto(join(workDir, 'first'));
  archive = join(workDir, 'first', 'mcp_companion.tar.gz');
  execFileSync('tar', ['-xzf', archive, '-C', workDir]);
  app = join(workDir, 'mcp_companion');
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

describe('scripts/build-appstore.sh', () => {
  it('packs one mcp_companion folder with exactly the allowed top-level entries', () => {
    const topLevel = readdirSync(workDir).filter((name) => name !== 'first');

    expect(topLevel).toEqual(['mcp_companion']);
    expect(readdirSync(app).sort()).toEqual(allowedTopLevel);
  });

  it('packs nothing of the sidecar, the tests, installed packages, data, secrets or source maps', () => {
    const files = listFiles(app).map((file) => relative(app, file));

    const forbidden = files.filter((file) => {
      const segments = file.split('/');
      return (
        forbiddenSegments.includes(segments[0]!) ||
        segments.some(
          (segment) => forbiddenSegmentsAnywhere.includes(segment) || forbiddenSegments.includes(segment),
        ) ||
        forbiddenNames.test(segments.at(-1)!)
      );
    });

    expect(files.length).toBeGreaterThan(40);
    expect(forbidden).toEqual([]);
  });

  it('packs every PHP file byte for byte as in the checkout PHPUnit loads the app from', () => {
    const autoload = readFileSync(join(root, 'vendor/composer/autoload_psr4.php'), 'utf8');
    const phpInCheckout = ['appinfo', 'lib', 'templates'].flatMap((dir) => listFiles(join(root, dir)));
    const expected = digests(
      phpInCheckout.filter((file) => file.endsWith('.php')),
      root,
    );

    const packed = digests(
      listFiles(app).filter((file) => file.endsWith('.php')),
      app,
    );

    expect(autoload).toContain(`'OCA\\\\McpCompanion\\\\' => array($baseDir . '/lib')`);
    expect(Object.keys(packed).length).toBeGreaterThan(20);
    expect(packed).toEqual(expected);
  });

  it('packs an info.xml that xmllint validates against the app store schema', () => {
    const result = spawnSync('xmllint', ['--noout', '--schema', schema, join(app, 'appinfo/info.xml')], {
      encoding: 'utf8',
    });

    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(join(app, 'appinfo/info.xml'))).toEqual(readFileSync(join(root, 'appinfo/info.xml')));
  });

  it('packs the built pages Nextcloud loads, every chunk they import, and no pointer to a missing source map', () => {
    const js = readdirSync(join(app, 'js'));
    const scripts = new Map(
      js.filter((name) => name.endsWith('.mjs')).map((name) => [name, readFileSync(join(app, 'js', name), 'utf8')]),
    );
    const imported = new Set(
      [...scripts.values()].flatMap((text) =>
        [...text.matchAll(/\.\/(mcp_companion-[\w-]+\.(?:mjs|css))/g)].map((m) => m[1]!),
      ),
    );

    expect(js).toEqual(
      expect.arrayContaining(['mcp_companion-personal.mjs', 'mcp_companion-admin.mjs', 'mcp_companion-search.mjs']),
    );
    expect([...imported].filter((name) => !js.includes(name))).toEqual([]);
    expect([...scripts].filter(([, text]) => text.includes('sourceMappingURL')).map(([name]) => name)).toEqual([]);
  });

  it('writes the same bytes for the same tree, with entries owned by 0 at one fixed time', () => {
    buildInto(join(workDir, 'second'));

    const listing = execFileSync('tar', ['-tvzf', archive, '--numeric-owner'], { encoding: 'utf8' }).trim().split('\n');

    expect(sha256(join(workDir, 'second', 'mcp_companion.tar.gz'))).toBe(sha256(archive));
    expect(listing.filter((line) => !/^\S+ 0\/0 +\d+ 2026-01-01 00:00 /.test(line))).toEqual([]);
  });
});

function buildInto(out: string): void {
  execFileSync(join(root, 'scripts/build-appstore.sh'), ['--out', out], {
    env: { ...process.env, SOURCE_DATE_EPOCH: '' },
    stdio: 'pipe',
  });
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

function digests(files: string[], base: string): Record<string, string> {
  return Object.fromEntries(files.map((file) => [relative(base, file), sha256(file)]).sort());
}

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}
