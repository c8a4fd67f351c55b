// The encrypted app-password store on both engines: round trip, associated data bound to the user, audit rows in
// the same transaction, replacement keeping the creation time.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/open-store.js';
import { describeOnEngines } from '../support/sql-engines.js';

const KEY = new Uint8Array(32).fill(9);
const ALICE = { loginName: 'alice', password: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE' };

describeOnEngines('app-password store', (engine) => {
  let storage: Store;
  const randomBytes = engine.engine === 'sqlite' ? 'randomblob(60)' : "decode(repeat('ab', 60), 'hex')";
  beforeEach(async () => {
    storage = await openStore({ ...(await engine.fresh()), encryptionKey: KEY });
  });
  afterEach(() => storage.close());

  it('returns what was stored, with its login name and times', async () => {
    await storage.appPasswords!.store('alice', { loginName: 'alice@example.com', password: ALICE.password });

    const record = await storage.appPasswords!.get('alice');

    expect(record?.password).toBe(ALICE.password);
    expect(record?.loginName).toBe('alice@example.com');
    expect(record?.createdAt).toBeInstanceOf(Date);
  });

  it('refuses to decrypt a row copied to another user', async () => {
    await storage.appPasswords!.store('alice', ALICE);
    await storage.db.run(
      "INSERT INTO app_passwords (user_id, login_name, encrypted_password, created_at, updated_at) SELECT 'mallory', 'mallory', encrypted_password, created_at, updated_at FROM app_passwords WHERE user_id = 'alice'",
    );

    await expect(storage.appPasswords!.get('mallory')).rejects.toThrow(/could not be decrypted/);
  });

  it('refuses to decrypt a row that was altered, and says no password is stored', async () => {
    await storage.appPasswords!.store('alice', ALICE);
    await storage.db.run(`UPDATE app_passwords SET encrypted_password = ${randomBytes} WHERE user_id = 'alice'`);

    await expect(storage.appPasswords!.get('alice')).rejects.toThrow(/could not be decrypted/);
    expect(await storage.appPasswords!.has('alice')).toBe(false);
  });

  it('writes an audit row for each store and delete, without the secret', async () => {
    await storage.appPasswords!.store('alice', ALICE, 'req-1');
    await storage.appPasswords!.delete('alice', 'req-2');
    await storage.appPasswords!.delete('alice', 'req-3');

    const entries = await storage.audit.listForUser('alice');

    expect(entries.map((e) => [e.action, e.outcome, e.requestId])).toEqual([
      ['app_password.delete', 'none', 'req-3'],
      ['app_password.delete', 'ok', 'req-2'],
      ['app_password.store', 'ok', 'req-1'],
    ]);
    expect(JSON.stringify(entries)).not.toContain('AAAAA');
  });

  it('writes neither the password nor its audit row when the transaction fails', async () => {
    // The audit table is gone: the audit insert fails, so the password insert before it must roll back too.
    await storage.db.exec('ALTER TABLE audit_log RENAME TO audit_log_moved');

    await expect(storage.appPasswords!.store('alice', ALICE)).rejects.toThrow();

    expect(await storage.db.get("SELECT user_id FROM app_passwords WHERE user_id = 'alice'")).toBeUndefined();
  });

  it('replaces an existing password and keeps its creation time', async () => {
    await storage.appPasswords!.store('alice', ALICE);
    const created = (await storage.appPasswords!.get('alice'))!.createdAt;

    await storage.appPasswords!.store('alice', { loginName: 'alice', password: 'ZZZZZ-BBBBB-CCCCC-DDDDD-EEEEE' });

    expect(await storage.appPasswords!.get('alice')).toMatchObject({
      password: 'ZZZZZ-BBBBB-CCCCC-DDDDD-EEEEE',
      createdAt: created,
    });
    expect(await storage.appPasswords!.listUserIds()).toEqual(['alice']);
  });

  it('reads a row from before migration 003 with the user id as its login name', async () => {
    await storage.appPasswords!.store('alice', ALICE);
    await storage.db.run("UPDATE app_passwords SET login_name = NULL WHERE user_id = 'alice'");

    expect((await storage.appPasswords!.get('alice'))?.loginName).toBe('alice');
  });
});
