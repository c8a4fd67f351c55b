// A real PostgreSQL server for tests (Debian's `postgresql` package): a fresh cluster in a temporary directory on a
// free loopback port, trust authentication, stopped with its whole process group and deleted by `stop()`.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { findFreePort } from './free-port.js';

export interface PostgresServer {
  /** `postgres://test@127.0.0.1:<port>/postgres`. */
  url: string;
  /** A new, empty database on this server; returns its URL. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

const USER = 'test';

/** The newest installed server's bin folder, or undefined when Debian's postgresql package is missing. */
export function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (Debian package postgresql; make test installs it).');
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  // initdb and postgres refuse to run as root: as root, the cluster belongs to Debian's postgres user.
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? postgresIds() : undefined;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const command = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, program), ...args]] : [join(bin, program), args];

  const [initdb, initArgs] = command('initdb', [
    '-D',
    join(dir, 'data'),
    '-U',
    USER,
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'ignore', cwd: dir });
  const port = await findFreePort();
  const [postgres, serverArgs] = command('postgres', [
    '-D',
    join(dir, 'data'),
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'max_connections=200',
  ]);
  // Its own process group, so stop() reaches postgres behind runuser and every backend it forked.
  const child = spawn(postgres, serverArgs, { cwd: dir, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const url = `postgres://${USER}@127.0.0.1:${port}/postgres`;
  try {
    await waitUntilAccepting(url, child, () => log);
  } catch (error) {
    await stopGroup(child);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return `postgres://${USER}@127.0.0.1:${port}/${name}`;
    },
    async stop() {
      await stopGroup(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function waitUntilAccepting(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const giveUpAt = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`PostgreSQL exited at start:\n${log()}`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > giveUpAt) throw new Error(`PostgreSQL did not accept connections:\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** SIGINT is PostgreSQL's fast shutdown (rolls back open transactions); SIGKILL to the group if it lingers. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGINT');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 10_000);
  await exited;
  clearTimeout(timer);
}
