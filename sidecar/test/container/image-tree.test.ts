// The container image's file tree, built by the script the Dockerfile runs from what the build context holds: it
// starts, is ready, drains on SIGTERM and ships no dev dependency and no test.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { SIDECAR_CLIENT, startNextcloudWithOidc } from '../support/nextcloud-with-oidc.js';
import { makeTempDir } from '../support/temp-dir.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const BUILD_SCRIPT = 'scripts/build-sidecar-image-tree.sh';
/** Packages only the tests, the build or the companion use: none may reach the image. */
const DEV_PACKAGES = ['vitest', 'typescript', 'eslint', 'prettier', 'tsx', 'vite', '@electric-sql/pglite', 'vue'];
const APP_PASSWORD = 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE';
/** The sidecar's own wait for requests in flight after SIGTERM (main.ts). */
const GRACE_MS = 10_000;

let temp: ReturnType<typeof makeTempDir>;
let tree: string;
let nextcloud: PlatformDouble;

beforeAll(async () => {
  temp = makeTempDir('image-tree-');
  tree = temp.file('image');
  const context = copyBuildContext(temp.file('context'));
  await promisify(execFile)('bash', [join(context, BUILD_SCRIPT), tree], {
    cwd: context,
    timeout: 170_000,
    maxBuffer: 16 << 20,
  });
  nextcloud = await startNextcloudWithOidc([{ id: 'alice', appPasswords: [APP_PASSWORD] }]);
}, 180_000);

afterAll(async () => {
  await nextcloud?.close();
  temp?.remove();
});

describe('the image tree of scripts/build-sidecar-image-tree.sh', () => {
  it('holds the compiled sidecar with the migrations beside it, and no dev dependency, source or test', () => {
    const packages = readdirSync(join(tree, 'node_modules'));

    expect(readdirSync(tree).sort()).toEqual([
      'migrations',
      'node_modules',
      'package-lock.json',
      'package.json',
      'sidecar',
    ]);
    // sidecar/node_modules holds only packages npm could not hoist (a version conflict): present or not, as the lock says.
    const sidecarFiles = readdirSync(join(tree, 'sidecar')).filter((name) => name !== 'node_modules');
    expect(sidecarFiles.sort()).toEqual(['bin', 'dist', 'openapi.json', 'package.json']);
    expect(readdirSync(join(tree, 'migrations'))).toEqual(readdirSync(join(ROOT, 'migrations')));
    expect(existsSync(join(tree, 'sidecar/dist/cli/cli.js'))).toBe(true);
    expect(DEV_PACKAGES.filter((name) => existsSync(join(tree, 'node_modules', name)))).toEqual([]);
    expect(packages).toEqual(expect.arrayContaining(['better-sqlite3', 'mupdf', 'usearch', 'pg']));
    expect(filesUnder(join(tree, 'sidecar')).filter((file) => /\.(ts|map)$|\.test\./.test(file))).toEqual([]);
  });

  it('installs exactly the versions of the workspace lock', () => {
    const workspaceLock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
    const treeLock = JSON.parse(readFileSync(join(tree, 'package-lock.json'), 'utf8')) as Lock;

    const differing = Object.entries(treeLock.packages)
      .filter(([path]) => path.startsWith('node_modules/'))
      .filter(([path, entry]) => workspaceLock.packages[path]?.version !== entry.version);

    expect(differing).toEqual([]);
  });

  it('starts in hybrid mode on SQLite, is ready, and on SIGTERM finishes a request in flight and exits 0', async () => {
    const sidecar = startFromTree(hybridEnvironment());
    const url = await sidecar.url;
    const ready = await fetch(`${url}/health/ready`);
    const { response: inFlight } = await readinessInFlight(url);
    const startedAt = Date.now();

    sidecar.child.kill('SIGTERM');

    const drained = await inFlight;
    const code = await sidecar.exited;
    expect(ready.status).toBe(200);
    expect(existsSync(temp.file('data/tokens.db'))).toBe(true);
    expect(drained.status).toBe(200);
    expect(code).toBe(0);
    expect(Date.now() - startedAt).toBeLessThan(GRACE_MS);
    expect(sidecar.errorLogs()).toEqual([]);
  }, 60_000);

  it('stops once when SIGINT follows SIGTERM (compose stop, then Ctrl-C), exiting 0 without an error', async () => {
    // Nextcloud not reachable (still starting, or down): the sidecar runs all the same.
    const sidecar = startFromTree({
      NEXTCLOUD_HOST: 'http://127.0.0.1:9',
      NEXTCLOUD_USERNAME: 'alice',
      NEXTCLOUD_PASSWORD: APP_PASSWORD,
      MCP_SERVER_PORT: '0',
      TOKEN_STORAGE_DB: temp.file('basic/tokens.db'),
    });
    const live = await fetch(`${await sidecar.url}/health/live`);
    await new Promise((resolve) => setTimeout(resolve, 200));

    sidecar.child.kill('SIGTERM');
    sidecar.child.kill('SIGINT');

    expect(live.status).toBe(200);
    expect(await sidecar.exited).toBe(0);
    expect(sidecar.errorLogs()).toEqual([]);
  }, 60_000);
});

/** What `docker build .` sends: the paths .dockerignore lets through (it ignores `*` and lists exceptions). */
function copyBuildContext(context: string): string {
  const allowed = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('!'))
    .map((line) => line.slice(1).replace(/\/$/, ''));
  for (const path of allowed) cpSync(join(ROOT, path), join(context, path), { recursive: true });
  return context;
}

function hybridEnvironment(): Record<string, string> {
  return {
    NEXTCLOUD_HOST: nextcloud.url,
    ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    NEXTCLOUD_OIDC_CLIENT_ID: SIDECAR_CLIENT.clientId,
    NEXTCLOUD_OIDC_CLIENT_SECRET: SIDECAR_CLIENT.clientSecret,
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    VECTOR_SYNC_ENABLED: 'true',
    MCP_SERVER_HOST: '127.0.0.1',
    MCP_SERVER_PORT: '0',
    TOKEN_STORAGE_DB: temp.file('data/tokens.db'),
  };
}

/** A readiness check the sidecar is waiting on Nextcloud for (slowed to 1.5 s) when this resolves. */
async function readinessInFlight(url: string): Promise<{ response: Promise<Response> }> {
  nextcloud.setLatency(1_500);
  const before = countStatusChecks();
  const response = fetch(`${url}/health/ready`);
  const resetLatency = () => nextcloud.setLatency(0);
  response.then(resetLatency, resetLatency);
  await until(() => countStatusChecks() > before);
  return { response };
}

interface Lock {
  packages: Record<string, { version?: string }>;
}

function countStatusChecks(): number {
  return nextcloud.requests.filter((request) => request.path === '/status.php').length;
}

/** `node sidecar/bin/nextcloud-mcp-server.js run` from the tree, as the image's entrypoint runs it. */
function startFromTree(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [join(tree, 'sidecar/bin/nextcloud-mcp-server.js'), 'run'], {
    cwd: temp.path,
    env: { PATH: process.env.PATH ?? '', HOME: temp.path, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then((code) => reject(new Error(`exited with ${code} before listening: ${stdout}${stderr}`)));
  });
  /** Log lines at level error (50) or above, and anything written to stderr. */
  const errorLogs = () => [
    ...stdout.split('\n').filter((line) => Number(/"level":(\d+)/.exec(line)?.[1] ?? 0) >= 50),
    ...(stderr ? [stderr] : []),
  ];
  return { child, url, exited, errorLogs };
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => !path.includes('node_modules'));
}
