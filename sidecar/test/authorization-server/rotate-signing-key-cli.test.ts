// `nextcloud-mcp-server oauth rotate-signing-key` replaces the authorization server's signing key in the database now,
// keeping the old one published; without an encryption key or a database it changes nothing and says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKeys, readSigningKeys } from '../../src/authorization-server/signing-keys.js';
import { runCli } from '../../src/cli/cli.js';
import { openStore } from '../../src/store/open-store.js';
import { captureIo } from '../support/captured-io.js';
import { TEST_KEY } from '../support/sidecar.js';
import { makeTempDir } from '../support/temp-dir.js';

const temp = makeTempDir('rotate-signing-key-');
let path: string;
let before: string;

beforeAll(async () => {
  path = temp.file('sidecar.db');
  const storage = await openStore({ path, encryptionKey: Buffer.from(TEST_KEY, 'base64') });
  const keys = await loadSigningKeys(storage.db, storage.box!, { rotationMs: 86_400_000, overlapMs: 3_600_000 });
  before = keys.privateJwks[0]!.kid!;
  await storage.close();
});
afterAll(() => temp.remove());

describe('oauth rotate-signing-key', () => {
  it('makes a new signing key that signs from now on and keeps the old one published', async () => {
    const run = captureIo({ env: { TOKEN_ENCRYPTION_KEY: TEST_KEY } });

    const code = await runCli(['oauth', 'rotate-signing-key', '--database', path], run.io);

    const storage = await openStore({ path, encryptionKey: Buffer.from(TEST_KEY, 'base64') });
    const kids = (await readSigningKeys(storage.db, storage.box!)).privateJwks.map((jwk) => jwk.kid);
    await storage.close();
    expect(code).toBe(0);
    expect(kids).toEqual([expect.any(String), before]);
    expect(run.out()).toContain(`New signing key ${kids[0]}`);
    expect(run.out()).toContain(`The previous key ${before} stays published`);
  });

  it('changes nothing without TOKEN_ENCRYPTION_KEY (exit 2)', async () => {
    const run = captureIo({ env: {} });

    const code = await runCli(['oauth', 'rotate-signing-key', '--database', path], run.io);

    expect(code).toBe(2);
    expect(run.err()).toContain('TOKEN_ENCRYPTION_KEY');
  });

  it('answers an unknown subcommand with its usage (exit 2)', async () => {
    const run = captureIo({ env: { TOKEN_ENCRYPTION_KEY: TEST_KEY } });

    const code = await runCli(['oauth', 'rotate'], run.io);

    expect(code).toBe(2);
    expect(run.err()).toContain('oauth rotate-signing-key');
  });
});
