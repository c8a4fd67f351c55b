// A changed TOKEN_ENCRYPTION_KEY: a wrong key stops start-up, a change with the previous key keeps every secret, and a
// sidecar whose key another process replaced says so (readiness 503, no usable app password).
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { runDbCommand } from '../../src/cli/db-cli.js';
import { EncryptionKeyError } from '../../src/store/key-check.js';
import { basicAuth, startTestSidecar, TEST_KEY, type TestSidecar } from '../support/sidecar.js';

const HYBRID = { ENABLE_MULTI_USER_BASIC_AUTH: 'true', ENABLE_BACKGROUND_OPERATIONS: 'true' };
const NEW_KEY = Buffer.alloc(32, 8).toString('base64');
const ALICE = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
const BOB = 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB';

let double: PlatformDouble;
beforeAll(async () => {
  double = await startPlatformDouble({
    users: [
      { id: 'alice', appPasswords: [ALICE] },
      { id: 'bob', appPasswords: [BOB] },
    ],
  });
});
afterAll(async () => {
  await double.close();
});

async function startWith(key: string, dir?: string): Promise<TestSidecar> {
  return startTestSidecar({ ...HYBRID, NEXTCLOUD_HOST: double.url, TOKEN_ENCRYPTION_KEY: key }, undefined, { dir });
}

const appPassword = (sidecar: TestSidecar, method: string, user: string, password: string) =>
  fetch(`${sidecar.url}/api/v1/users/${user}/app-password`, {
    method,
    headers: { authorization: basicAuth(user, password) },
  });

describe('start-up with another TOKEN_ENCRYPTION_KEY', () => {
  it('stops with a configuration error naming the setting, before reaching the identity provider', async () => {
    const first = await startWith(TEST_KEY);
    await appPassword(first, 'POST', 'alice', ALICE);
    await first.stop(true);
    const requestsBefore = double.requests.length;

    const starting = startWith(NEW_KEY, first.dir);

    await expect(starting).rejects.toBeInstanceOf(EncryptionKeyError);
    await expect(starting).rejects.toThrow(/TOKEN_ENCRYPTION_KEY is not the key/);
    expect(double.requests.length).toBe(requestsBefore);
  });
});

describe('a key change with TOKEN_ENCRYPTION_KEY_PREVIOUS', () => {
  it('keeps every stored password: started once with both keys, then with the new key alone', async () => {
    const before = await startWith(TEST_KEY);
    await appPassword(before, 'POST', 'alice', ALICE);
    await before.stop(true);
    const changing = await startTestSidecar(
      { ...HYBRID, NEXTCLOUD_HOST: double.url, TOKEN_ENCRYPTION_KEY: NEW_KEY, TOKEN_ENCRYPTION_KEY_PREVIOUS: TEST_KEY },
      undefined,
      { dir: before.dir },
    );
    const during = await (await appPassword(changing, 'GET', 'alice', ALICE)).json();
    const changeLog = changing.logText();
    await changing.stop(true);

    const after = await startWith(NEW_KEY, before.dir);
    const status = await (await appPassword(after, 'GET', 'alice', ALICE)).json();
    const ready = await fetch(`${after.url}/health/ready`);
    await after.stop();

    expect(during).toEqual({ user_id: 'alice', has_app_password: true });
    expect(changeLog).toMatch(/"reencrypted":\d+.*TOKEN_ENCRYPTION_KEY_PREVIOUS can be removed/);
    expect(status).toEqual({ user_id: 'alice', has_app_password: true });
    expect(ready.status).toBe(200);
  });
});

describe('a running sidecar whose key no longer opens the store', () => {
  let sidecar: TestSidecar;
  beforeAll(async () => {
    sidecar = await startWith(TEST_KEY);
    await appPassword(sidecar, 'POST', 'alice', ALICE);
    await appPassword(sidecar, 'POST', 'bob', BOB);
  });
  afterAll(async () => {
    await sidecar.stop();
  });

  it('says no app password is stored for a row it cannot decrypt', async () => {
    const db = new Database(sidecar.dbPath);
    db.prepare("UPDATE app_passwords SET encrypted_password = randomblob(64) WHERE user_id = 'bob'").run();
    db.close();

    const response = await appPassword(sidecar, 'GET', 'bob', BOB);

    expect(await response.json()).toEqual({ user_id: 'bob', has_app_password: false });
  });

  it('is not ready once another process re-encrypted the store under a new key', async () => {
    const env = {
      TOKEN_STORAGE_DB: sidecar.dbPath,
      TOKEN_ENCRYPTION_KEY: NEW_KEY,
      TOKEN_ENCRYPTION_KEY_PREVIOUS: TEST_KEY,
    };
    const io = { stdout: () => undefined, stderr: () => undefined, env };
    await runDbCommand(['upgrade'], {}, io);
    const db = new Database(sidecar.dbPath);
    db.prepare("DELETE FROM app_passwords WHERE user_id = 'bob'").run();
    db.close();
    expect(await runDbCommand(['rotate-key'], {}, io)).toBe(0);

    const ready = await fetch(`${sidecar.url}/health/ready`);
    const status = await appPassword(sidecar, 'GET', 'alice', ALICE);

    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'not_ready', checks: { store: 'cannot_decrypt', nextcloud: 'ok' } });
    expect(await status.json()).toEqual({ user_id: 'alice', has_app_password: false });
  });
});
