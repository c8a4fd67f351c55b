// The encrypted app-password store: round trip, associated data bound to the user, audit rows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTokenStorage, type TokenStorage } from '../../src/store/token-storage.js';
import { makeTempDir } from '../support/temp-dir.js';

const KEY = new Uint8Array(32).fill(9);
const ALICE = { loginName: 'alice', password: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE' };
let temp: ReturnType<typeof makeTempDir>;
let storage: TokenStorage;

beforeEach(async () => {
  temp = makeTempDir();
  storage = await openTokenStorage({ path: temp.file('tokens.db'), encryptionKey: KEY });
});
afterEach(() => {
  storage.close();
  temp.remove();
});

describe('app-password store', () => {
  it('returns what was stored, with its login name and times', () => {
    storage.appPasswords!.store('alice', { loginName: 'alice@example.com', password: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE' });

    const record = storage.appPasswords!.get('alice');

    expect(record?.password).toBe('AAAAA-BBBBB-CCCCC-DDDDD-EEEEE');
    expect(record?.loginName).toBe('alice@example.com');
    expect(record?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses to decrypt a row copied to another user', () => {
    storage.appPasswords!.store('alice', ALICE);
    storage.db
      .prepare(
        "INSERT INTO app_passwords (user_id, login_name, encrypted_password, created_at, updated_at) SELECT 'mallory', 'mallory', encrypted_password, created_at, updated_at FROM app_passwords WHERE user_id = 'alice'",
      )
      .run();

    expect(() => storage.appPasswords!.get('mallory')).toThrow(/could not be decrypted/);
  });

  it('refuses to decrypt a row that was altered, and says no password is stored', () => {
    storage.appPasswords!.store('alice', ALICE);
    storage.db.prepare("UPDATE app_passwords SET encrypted_password = randomblob(60) WHERE user_id = 'alice'").run();

    expect(() => storage.appPasswords!.get('alice')).toThrow(/could not be decrypted/);
    expect(storage.appPasswords!.has('alice')).toBe(false);
  });

  it('writes an audit row for each store and delete, without the secret', () => {
    storage.appPasswords!.store('alice', ALICE, 'req-1');
    storage.appPasswords!.delete('alice', 'req-2');
    storage.appPasswords!.delete('alice', 'req-3');

    const entries = storage.audit.listForUser('alice');

    expect(entries.map((e) => [e.action, e.outcome, e.requestId])).toEqual([
      ['app_password.delete', 'none', 'req-3'],
      ['app_password.delete', 'ok', 'req-2'],
      ['app_password.store', 'ok', 'req-1'],
    ]);
    expect(JSON.stringify(entries)).not.toContain('AAAAA');
  });

  it('replaces an existing password and keeps its creation time', () => {
    storage.appPasswords!.store('alice', ALICE);
    const created = storage.appPasswords!.get('alice')!.createdAt;

    storage.appPasswords!.store('alice', { loginName: 'alice', password: 'ZZZZZ-BBBBB-CCCCC-DDDDD-EEEEE' });

    expect(storage.appPasswords!.get('alice')).toMatchObject({
      password: 'ZZZZZ-BBBBB-CCCCC-DDDDD-EEEEE',
      createdAt: created,
    });
    expect(storage.appPasswords!.listUserIds()).toEqual(['alice']);
  });

  it('reads a row from before migration 003 with the user id as its login name', () => {
    storage.appPasswords!.store('alice', ALICE);
    storage.db.prepare("UPDATE app_passwords SET login_name = NULL WHERE user_id = 'alice'").run();

    expect(storage.appPasswords!.get('alice')?.loginName).toBe('alice');
  });
});
