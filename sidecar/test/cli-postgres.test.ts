// The db commands on PostgreSQL (a real server, Debian's): DATABASE_URL or --database with a postgres:// URL, the same
// revisions as SQLite, a downgrade that asks, and a key rotation; no message ever shows the URL (it holds a password).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/cli.js';
import { captureIo } from './support/captured-io.js';
import { loadMigrations, migrationsDirFor } from '../src/store/migration-files.js';
import { openStore } from '../src/store/open-store.js';
import { startPostgresServer, type PostgresServer } from '../../test/platform/postgres-server.js';

const REVISIONS = loadMigrations(migrationsDirFor('postgres')).map((m) => m.revision);
const LATEST = REVISIONS.at(-1)!;
let server: PostgresServer;
let databases = 0;

beforeAll(async () => {
  server = await startPostgresServer();
});
afterAll(async () => server?.stop());

describe('nextcloud-mcp-server db on PostgreSQL', () => {
  it('upgrades, reports and downgrades the database DATABASE_URL names, without printing the URL', async () => {
    const url = await server.createDatabase(`cli_${(databases += 1)}`);
    const env = { DATABASE_URL: url };
    const [upgrade, current, history, declined, down] = [
      captureIo({ env }),
      captureIo({ env }),
      captureIo({ env }),
      captureIo({ env, confirm: async () => false }),
      captureIo({ env }),
    ];

    expect(await runCli(['db', 'upgrade'], upgrade.io)).toBe(0);
    expect(await runCli(['db', 'current'], current.io)).toBe(0);
    expect(await runCli(['db', 'history'], history.io)).toBe(0);
    expect(await runCli(['db', 'downgrade'], declined.io)).toBe(0);
    expect(await runCli(['db', 'downgrade', '--yes', '--revision', '001'], down.io)).toBe(0);

    expect(upgrade.out()).toContain(`Applied ${REVISIONS.join(', ')}.`);
    expect(current.out().trim()).toBe(LATEST);
    expect(history.out().trim().split('\n')).toHaveLength(REVISIONS.length);
    expect(declined.out()).toContain('Nothing changed.');
    expect(down.out()).toContain('Current revision: 001');
    const printed = [upgrade, current, history, declined, down].map((run) => run.out() + run.err()).join('');
    expect(printed).not.toContain(url);
    expect(printed).not.toContain('127.0.0.1');
  });

  it('takes a postgres:// URL in --database, and rotates the key of the secrets stored there', async () => {
    const url = await server.createDatabase(`cli_${(databases += 1)}`);
    const OLD = Buffer.alloc(32, 1).toString('base64');
    const NEW = Buffer.alloc(32, 2).toString('base64');
    const storage = await openStore({ path: '', databaseUrl: url, encryptionKey: Buffer.from(OLD, 'base64') });
    await storage.appPasswords!.store('alice', { loginName: 'alice', password: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE' });
    await storage.close();
    const rotated = captureIo({ env: { TOKEN_ENCRYPTION_KEY: NEW, TOKEN_ENCRYPTION_KEY_PREVIOUS: OLD } });

    expect(await runCli(['db', 'rotate-key', '--database', url], rotated.io)).toBe(0);

    expect(rotated.out()).toContain('Re-encrypted 1 stored secrets');
    const reopened = await openStore({ path: '', databaseUrl: url, encryptionKey: Buffer.from(NEW, 'base64') });
    expect((await reopened.appPasswords!.get('alice'))?.password).toBe('AAAAA-BBBBB-CCCCC-DDDDD-EEEEE');
    await reopened.close();
  });

  it('says the server does not answer, naming the setting and not the URL (exit 2)', async () => {
    const unreachable = 'postgres://mcp:s3cret@127.0.0.1:9/none';
    const failed = captureIo({ env: { DATABASE_URL: unreachable } });

    const code = await runCli(['db', 'current'], failed.io);

    expect(code).toBe(2);
    expect(failed.err()).toMatch(/DATABASE_URL does not answer/);
    expect(failed.err()).not.toContain('s3cret');
  });
});
