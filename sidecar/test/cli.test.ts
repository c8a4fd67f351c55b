// The command line: db subcommands on real files, key rotation, key generation, exit codes, start-up and SIGTERM.
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/cli.js';
import { captureIo } from './support/captured-io.js';
import { runDbCommand } from '../src/cli/db-cli.js';
import { DEFAULT_MIGRATIONS_DIR, loadMigrations } from '../src/store/migration-files.js';
import { openStore } from '../src/store/open-store.js';
import { runCliProcess, spawnCli } from './support/cli-process.js';
import { makeTempDir } from './support/temp-dir.js';

/** Every revision: later migrations extend the expectations by themselves. */
const REVISIONS = loadMigrations().map((m) => m.revision);
const LATEST = REVISIONS.at(-1)!;
let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir('cli-');
});
afterEach(() => temp.remove());

describe('nextcloud-mcp-server db', () => {
  it('upgrades, reports the current revision and the history', async () => {
    const db = temp.file('tokens.db');
    const upgrade = captureIo();
    const current = captureIo();
    const history = captureIo();

    expect(await runCli(['db', 'upgrade', '--database', db], upgrade.io)).toBe(0);
    expect(await runCli(['db', 'current', '--database', db], current.io)).toBe(0);
    expect(await runCli(['db', 'history', '--database', db], history.io)).toBe(0);

    expect(upgrade.out()).toContain(`Applied ${REVISIONS.join(', ')}.`);
    expect(current.out().trim()).toBe(LATEST);
    expect(history.out()).toMatch(/001 +applied .*initial schema/);
    expect(history.out()).toMatch(/002 +applied .*app_passwords/);
    expect(history.out()).toMatch(/003 +applied .*login_name/);
    expect(history.out()).toMatch(/004 +applied .*encryption_key_check/);
  });

  it('upgrades a file from before migrations that has only refresh_tokens, creating the missing 001 tables', async () => {
    const path = temp.file('legacy.db');
    const legacy = new Database(path);
    legacy.exec(
      'CREATE TABLE refresh_tokens (user_id TEXT PRIMARY KEY, encrypted_token BLOB NOT NULL, ' +
        "scopes TEXT NOT NULL DEFAULT '', expires_at INTEGER, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)",
    );
    legacy.close();
    const upgrade = captureIo();

    const code = await runCli(['db', 'upgrade', '--database', path], upgrade.io);

    expect([code, upgrade.err()]).toEqual([0, '']);
    expect(upgrade.out()).toContain('stamped revision 001');
    expect(upgrade.out()).toContain('Created the missing tables: audit_log, oauth_clients, oauth_sessions, webhooks.');
    expect(upgrade.out()).toContain(`Current revision: ${LATEST}`);
  });

  it('upgrades to a given revision and shows the rest as pending', async () => {
    const db = temp.file('tokens.db');
    const history = captureIo();

    await runCli(['db', 'upgrade', '--revision', '001', '--database', db], captureIo().io);
    await runCli(['db', 'history', '--database', db], history.io);

    expect(history.out()).toMatch(/002 +pending/);
  });

  it('takes the database path from TOKEN_STORAGE_DB', async () => {
    const current = captureIo({ env: { TOKEN_STORAGE_DB: temp.file('env.db') } });
    await runCli(['db', 'upgrade'], { ...captureIo().io, env: { TOKEN_STORAGE_DB: temp.file('env.db') } });

    await runCli(['db', 'current'], current.io);

    expect(current.out().trim()).toBe(LATEST);
  });

  it('refuses to downgrade without a terminal and without --yes, changing nothing', async () => {
    const db = temp.file('tokens.db');
    await runCli(['db', 'upgrade', '--database', db], captureIo().io);
    const refused = captureIo();
    const current = captureIo();

    const code = await runCli(['db', 'downgrade', '--database', db], refused.io);
    await runCli(['db', 'current', '--database', db], current.io);

    expect(code).toBe(2);
    expect(refused.err()).toMatch(/--yes/);
    expect(current.out().trim()).toBe(LATEST);
  });

  it('asks on a terminal and keeps the database when the answer is no', async () => {
    const db = temp.file('tokens.db');
    await runCli(['db', 'upgrade', '--database', db], captureIo().io);
    const questions: string[] = [];
    const declined = captureIo({ confirm: async (q) => (questions.push(q), false) });

    const code = await runCli(['db', 'downgrade', '--database', db], declined.io);

    expect(code).toBe(0);
    expect(questions[0]).toContain(`now at ${LATEST}`);
    expect(declined.out()).toContain('Nothing changed.');
  });

  it('downgrades with --yes', async () => {
    const db = temp.file('tokens.db');
    await runCli(['db', 'upgrade', '--database', db], captureIo().io);
    const down = captureIo();

    const code = await runCli(['db', 'downgrade', '--yes', '--database', db], down.io);

    expect(code).toBe(0);
    expect(down.out()).toContain(`Reverted ${LATEST}.`);
  });

  it('writes the next numbered migration for both engines with empty up and down parts', async () => {
    const dir = temp.file('migrations');
    mkdirSync(dir);
    mkdirSync(join(dir, 'postgres'));
    for (const sub of ['', 'postgres']) {
      for (const file of readdirSync(join(DEFAULT_MIGRATIONS_DIR, sub)).filter((name) => name.endsWith('.sql')))
        copyFileSync(join(DEFAULT_MIGRATIONS_DIR, sub, file), join(dir, sub, file));
    }
    const created = captureIo();

    const code = await runDbCommand(['migrate', 'Add search index state'], { migrationsDir: dir }, created.io);

    expect(code).toBe(0);
    const next = String(Number(LATEST) + 1).padStart(3, '0');
    for (const sub of ['', 'postgres']) {
      const text = readFileSync(join(dir, sub, `${next}_add_search_index_state.sql`), 'utf8');
      expect(text).toBe('-- description: Add search index state\n-- migrate:up\n\n-- migrate:down\n');
    }
  });

  it.each([
    [['db'], 2],
    [['db', 'sideways'], 2],
    [['db', 'migrate'], 2],
    [['db', 'upgrade', '--revision', '042'], 2],
    [['--bogus'], 2],
    [['fly'], 2],
  ])('answers %j with exit code %i', async (args, code) => {
    const io = captureIo();

    expect(await runCli([...args, ...(args[0] === 'db' ? ['--database', temp.file('x.db')] : [])], io.io)).toBe(code);
  });
});

describe('nextcloud-mcp-server db rotate-key', () => {
  const OLD = Buffer.alloc(32, 1).toString('base64');
  const NEW = Buffer.alloc(32, 2).toString('base64');
  const OTHER = Buffer.alloc(32, 3).toString('base64');

  async function databaseWithAlice(key: string): Promise<string> {
    const path = temp.file('tokens.db');
    const storage = await openStore({ path, encryptionKey: Buffer.from(key, 'base64') });
    await storage.appPasswords!.store('alice', { loginName: 'alice', password: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE' });
    await storage.close();
    return path;
  }

  it('re-encrypts every secret under the new key, after which only the new key opens the database', async () => {
    const path = await databaseWithAlice(OLD);
    const rotated = captureIo({
      env: { TOKEN_STORAGE_DB: path, TOKEN_ENCRYPTION_KEY: NEW, TOKEN_ENCRYPTION_KEY_PREVIOUS: OLD },
    });

    const code = await runCli(['db', 'rotate-key'], rotated.io);

    expect(code).toBe(0);
    expect(rotated.out()).toContain('Re-encrypted 1 stored secrets');
    const reopened = await openStore({ path, encryptionKey: Buffer.from(NEW, 'base64') });
    expect((await reopened.appPasswords!.get('alice'))?.password).toBe('AAAAA-BBBBB-CCCCC-DDDDD-EEEEE');
    await reopened.close();
    await expect(openStore({ path, encryptionKey: Buffer.from(OLD, 'base64') })).rejects.toThrow(
      /TOKEN_ENCRYPTION_KEY is not the key/,
    );
  });

  it('exits with 1 and changes nothing when a secret opens with neither key', async () => {
    const path = await databaseWithAlice(OLD);
    const db = new Database(path);
    db.prepare("UPDATE app_passwords SET encrypted_password = randomblob(64) WHERE user_id = 'alice'").run();
    db.prepare("INSERT INTO refresh_tokens VALUES ('bob', randomblob(64), '', NULL, 1, 1)").run();
    const before = db.prepare('SELECT hex(encrypted_password) AS s FROM app_passwords').all();
    db.close();
    const refused = captureIo({
      env: { TOKEN_STORAGE_DB: path, TOKEN_ENCRYPTION_KEY: NEW, TOKEN_ENCRYPTION_KEY_PREVIOUS: OLD },
    });

    const code = await runCli(['db', 'rotate-key'], refused.io);

    expect(code).toBe(1);
    expect(refused.err()).toContain('app_passwords.encrypted_password: 1, refresh_tokens.encrypted_token: 1');
    expect(refused.err()).not.toMatch(/\n\s+at /);
    const after = new Database(path, { readonly: true });
    expect(after.prepare('SELECT hex(encrypted_password) AS s FROM app_passwords').all()).toEqual(before);
    after.close();
  });

  it.each([
    ['without TOKEN_ENCRYPTION_KEY', {}, /needs TOKEN_ENCRYPTION_KEY/],
    [
      'with keys that are not the database key',
      { TOKEN_ENCRYPTION_KEY: NEW, TOKEN_ENCRYPTION_KEY_PREVIOUS: OTHER },
      /Neither/,
    ],
  ])('exits with 2 %s', async (_name, keys, message) => {
    const path = await databaseWithAlice(OLD);
    const refused = captureIo({ env: { TOKEN_STORAGE_DB: path, ...keys } });

    const code = await runCli(['db', 'rotate-key'], refused.io);

    expect(code).toBe(2);
    expect(refused.err()).toMatch(message);
  });

  it('exits with 2 when there is no database to rotate', async () => {
    const refused = captureIo({ env: { TOKEN_STORAGE_DB: temp.file('missing.db'), TOKEN_ENCRYPTION_KEY: NEW } });

    const code = await runCli(['db', 'rotate-key'], refused.io);

    expect(code).toBe(2);
    expect(refused.err()).toMatch(/no database/);
  });
});

describe('nextcloud-mcp-server generate-key', () => {
  it('prints the base64 of 32 random bytes, different each time', async () => {
    const first = captureIo();
    const second = captureIo();

    await runCli(['generate-key'], first.io);
    await runCli(['generate-key'], second.io);

    expect(Buffer.from(first.out().trim(), 'base64')).toHaveLength(32);
    expect(first.out()).not.toBe(second.out());
  });
});

describe('nextcloud-mcp-server run (child process)', () => {
  it('exits with status 2 and lists every configuration problem', async () => {
    const result = await runCliProcess(['run'], { NEXTCLOUD_HOST: 'ftp://x', TOKEN_ENCRYPTION_KEY: 'nope' }, temp.path);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/NEXTCLOUD_HOST must start with http/);
    expect(result.stderr).toMatch(/TOKEN_ENCRYPTION_KEY must be .*generate-key/);
  });

  it('exits with status 2 and a clear message, without a stack trace, when the key is not the database key', async () => {
    const path = join(temp.path, 'tokens.db');
    const storage = await openStore({ path, encryptionKey: new Uint8Array(32).fill(1) });
    await storage.close();
    const env = {
      NEXTCLOUD_HOST: 'http://127.0.0.1:9',
      ENABLE_MULTI_USER_BASIC_AUTH: 'true',
      ENABLE_BACKGROUND_OPERATIONS: 'true',
      NEXTCLOUD_OIDC_CLIENT_ID: 'sidecar',
      TOKEN_STORAGE_DB: path,
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64'),
    };

    const result = await runCliProcess(['run', '--port', '0'], env, temp.path);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/TOKEN_ENCRYPTION_KEY is not the key the secrets in the database/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.stdout).not.toContain('identity provider');
  });

  it('reads a .env file, serves, and stops cleanly on SIGTERM', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(temp.path, '.env'),
      'NEXTCLOUD_HOST=http://127.0.0.1:9\nNEXTCLOUD_USERNAME=alice\nNEXTCLOUD_PASSWORD=secret\n',
    );
    const child = spawnCli(
      ['run', '--port', '0'],
      { TOKEN_STORAGE_DB: join(temp.path, 'data', 'tokens.db') },
      temp.path,
    );
    const url = await new Promise<string>((resolve, reject) => {
      let buffer = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const match = /"url":"(http:\/\/[^"]+)"/.exec(buffer);
        if (match?.[1]) resolve(match[1]);
      });
      child.on('close', () => reject(new Error(`exited early: ${buffer}`)));
    });

    const status = (await (await fetch(`${url}/api/v1/status`)).json()) as { auth_mode: string };
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');

    expect(status.auth_mode).toBe('basic');
    expect(await exited).toBe(0);
  });
});
