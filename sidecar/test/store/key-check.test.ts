// The encryption key check on both engines: a wrong key is refused at open, a previous key re-encrypts everything,
// the health says when another process changed keys, and every encrypted column is known to rotation.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENCRYPTED_COLUMNS } from '../../src/store/encrypted-columns.js';
import { EncryptionKeyError, rotateEncryptionKey } from '../../src/store/key-check.js';
import { createSecretBox } from '../../src/store/secret-box.js';
import { openSqlDatabase } from '../../src/store/sql/open-sql-database.js';
import type { SqlDatabase } from '../../src/store/sql/sql-database.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import { describeOnEngines, type FreshDatabase } from '../support/sql-engines.js';

const OLD_KEY = new Uint8Array(32).fill(1);
const NEW_KEY = new Uint8Array(32).fill(2);
const OTHER_KEY = new Uint8Array(32).fill(3);
const ALICE = { loginName: 'alice', password: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE' };

describeOnEngines('encryption key', (engine) => {
  let location: FreshDatabase;
  let open: { close(): Promise<void> }[];
  const hex = (column: string) => (engine.engine === 'sqlite' ? `hex(${column})` : `upper(encode(${column}, 'hex'))`);
  const garbage = engine.engine === 'sqlite' ? 'randomblob(64)' : "decode(repeat('cd', 64), 'hex')";

  beforeEach(async () => {
    location = await engine.fresh();
    open = [];
  });
  afterEach(async () => {
    for (const handle of open) await handle.close().catch(() => undefined);
  });

  async function storage(encryptionKey?: Uint8Array, previousEncryptionKey?: Uint8Array): Promise<Store> {
    const opened = await openStore({ ...location, encryptionKey, previousEncryptionKey });
    open.push(opened);
    return opened;
  }

  async function raw(): Promise<SqlDatabase> {
    const db = await openSqlDatabase({ url: location.databaseUrl, sqlitePath: location.path });
    open.push(db);
    return db;
  }

  /** A database with secrets in every store, written under `key`. */
  async function databaseWithSecrets(key: Uint8Array): Promise<void> {
    const first = await storage(key);
    await first.appPasswords!.store('alice', ALICE);
    await first.refreshTokens!.store('alice', 'refresh-1', ['offline_access']);
    await first.oauthClients!.save({
      issuer: 'https://cloud.example.com',
      clientId: 'client-1',
      clientSecret: 'secret-1',
      redirectUris: [],
      createdAt: new Date(),
    });
    await first.close();
  }

  const rawRows = async (sql: string): Promise<unknown[]> => (await raw()).all(sql);

  describe('the key check at open', () => {
    it('refuses another key with a message naming the setting and the way to change keys, changing nothing', async () => {
      await databaseWithSecrets(OLD_KEY);
      const before = await rawRows(`SELECT ${hex('encrypted_password')} AS sealed FROM app_passwords`);

      const opening = storage(OTHER_KEY);

      await expect(opening).rejects.toBeInstanceOf(EncryptionKeyError);
      await expect(opening).rejects.toThrow(/TOKEN_ENCRYPTION_KEY is not the key .*TOKEN_ENCRYPTION_KEY_PREVIOUS/s);
      expect(await rawRows(`SELECT ${hex('encrypted_password')} AS sealed FROM app_passwords`)).toEqual(before);
    });

    it('refuses another key on a database from before the key check, judged by its stored secrets', async () => {
      await databaseWithSecrets(OLD_KEY);
      await (await raw()).run('DELETE FROM encryption_key_check');

      await expect(storage(OTHER_KEY)).rejects.toBeInstanceOf(EncryptionKeyError);
      const reopened = await storage(OLD_KEY);
      expect(reopened.encryption).toMatchObject({ checkCreated: true, reencrypted: 0 });
      expect((await reopened.appPasswords!.get('alice'))?.password).toBe(ALICE.password);
    });

    it('opens a database without a key, and a new one with any key', async () => {
      const plain = await storage();
      await plain.close();

      const keyed = await storage(NEW_KEY);

      expect(keyed.encryption).toEqual({ checkCreated: true, reencrypted: 0, unreadable: { total: 0, byColumn: {} } });
      expect(await keyed.health()).toBe('ok');
    });
  });

  describe('a key change with TOKEN_ENCRYPTION_KEY_PREVIOUS', () => {
    it('re-encrypts every secret under the new key at open, so the new key alone opens them afterwards', async () => {
      await databaseWithSecrets(OLD_KEY);

      const changing = await storage(NEW_KEY, OLD_KEY);
      await changing.close();
      const after = await storage(NEW_KEY);

      expect(changing.encryption).toMatchObject({ reencrypted: 3, unreadable: { total: 0 } });
      expect((await after.appPasswords!.get('alice'))?.password).toBe(ALICE.password);
      expect((await after.refreshTokens!.get('alice'))?.token).toBe('refresh-1');
      expect((await after.oauthClients!.findUsable('https://cloud.example.com', new Date()))?.clientSecret).toBe(
        'secret-1',
      );
      await expect(storage(OLD_KEY)).rejects.toBeInstanceOf(EncryptionKeyError);
    });

    it('reads a secret another process still wrote under the previous key, and re-encrypts it at the next open', async () => {
      await databaseWithSecrets(OLD_KEY);
      const changing = await storage(NEW_KEY, OLD_KEY);
      const oldBox = await createSecretBox(OLD_KEY);
      await changing.db.run("UPDATE app_passwords SET encrypted_password = ? WHERE user_id = 'alice'", [
        oldBox.encrypt('ZZZZZ-BBBBB-CCCCC-DDDDD-EEEEE', 'app_passwords:alice'),
      ]);

      const read = (await changing.appPasswords!.get('alice'))?.password;
      await changing.close();
      const reopened = await storage(NEW_KEY, OLD_KEY);

      expect(read).toBe('ZZZZZ-BBBBB-CCCCC-DDDDD-EEEEE');
      expect(reopened.encryption?.reencrypted).toBe(1);
    });

    it('refuses when neither key is the database key', async () => {
      await databaseWithSecrets(OLD_KEY);

      await expect(storage(NEW_KEY, OTHER_KEY)).rejects.toThrow(
        /Neither TOKEN_ENCRYPTION_KEY nor TOKEN_ENCRYPTION_KEY_PREVIOUS/,
      );
    });
  });

  describe('rotation of every secret', () => {
    it('changes nothing when a secret opens with neither key, and names where it is', async () => {
      await databaseWithSecrets(OLD_KEY);
      const db = await raw();
      await db.run(`UPDATE refresh_tokens SET encrypted_token = ${garbage} WHERE user_id = 'alice'`);
      const before = await db.all(`SELECT ${hex('encrypted_password')} AS sealed FROM app_passwords`);

      const result = await rotateEncryptionKey(db, await createSecretBox(NEW_KEY, OLD_KEY));

      expect(result.unreadable).toEqual({ total: 1, byColumn: { 'refresh_tokens.encrypted_token': 1 } });
      expect(await db.all(`SELECT ${hex('encrypted_password')} AS sealed FROM app_passwords`)).toEqual(before);
      await expect(storage(NEW_KEY)).rejects.toBeInstanceOf(EncryptionKeyError);
    });
  });

  describe('store health', () => {
    it('is cannot_decrypt once another process changed the key, and ok again for a process with the new key', async () => {
      await databaseWithSecrets(OLD_KEY);
      const running = await storage(OLD_KEY);
      await rotateEncryptionKey(await raw(), await createSecretBox(NEW_KEY, OLD_KEY));

      const health = await running.health();
      const hasPassword = await running.appPasswords!.has('alice');

      expect(health).toBe('cannot_decrypt');
      expect(hasPassword).toBe(false);
      expect(await (await storage(NEW_KEY)).health()).toBe('ok');
    });
  });

  describe('the encrypted columns', () => {
    it('lists every encrypted_* column of the schema, so rotation re-encrypts them all', async () => {
      const db = (await storage()).db;
      const columns = await db.all<{ name: string }>(
        engine.engine === 'sqlite'
          ? "SELECT m.name || '.' || p.name AS name FROM sqlite_master m, pragma_table_info(m.name) p WHERE m.type = 'table'"
          : "SELECT table_name || '.' || column_name AS name FROM information_schema.columns WHERE table_schema = current_schema()",
      );

      const encrypted = columns
        .map((column) => column.name)
        .filter((name) => name.split('.')[1]!.startsWith('encrypted_'));

      expect(encrypted.sort()).toEqual(ENCRYPTED_COLUMNS.map((c) => `${c.table}.${c.column}`).sort());
    });
  });
});
