// The encryption key check on real database files: a wrong key is refused at open, a previous key re-encrypts
// everything, the health says when another process changed keys, and every encrypted column is known to rotation.
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENCRYPTED_COLUMNS } from '../../src/store/encrypted-columns.js';
import { EncryptionKeyError, rotateEncryptionKey } from '../../src/store/key-check.js';
import { openDatabase } from '../../src/store/database.js';
import { createSecretBox } from '../../src/store/secret-box.js';
import { openTokenStorage, type TokenStorage } from '../../src/store/token-storage.js';
import { makeTempDir } from '../support/temp-dir.js';

const OLD_KEY = new Uint8Array(32).fill(1);
const NEW_KEY = new Uint8Array(32).fill(2);
const OTHER_KEY = new Uint8Array(32).fill(3);
const ALICE = { loginName: 'alice', password: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE' };
let temp: ReturnType<typeof makeTempDir>;
let open: TokenStorage[];

beforeEach(() => {
  temp = makeTempDir('key-check-');
  open = [];
});
afterEach(() => {
  for (const storage of open) if (storage.db.open) storage.close();
  temp.remove();
});

async function storage(encryptionKey?: Uint8Array, previousEncryptionKey?: Uint8Array): Promise<TokenStorage> {
  const opened = await openTokenStorage({ path: temp.file('tokens.db'), encryptionKey, previousEncryptionKey });
  open.push(opened);
  return opened;
}

/** A database with secrets in every store, written under `key`. */
async function databaseWithSecrets(key: Uint8Array): Promise<void> {
  const first = await storage(key);
  first.appPasswords!.store('alice', ALICE);
  first.refreshTokens!.store('alice', 'refresh-1', ['offline_access']);
  first.oauthClients!.save({
    issuer: 'https://cloud.example.com',
    clientId: 'client-1',
    clientSecret: 'secret-1',
    redirectUris: [],
    createdAt: new Date(),
  });
  first.close();
}

function rawRows(sql: string): unknown[] {
  const db = new Database(temp.file('tokens.db'), { readonly: true });
  try {
    return db.prepare(sql).all();
  } finally {
    db.close();
  }
}

describe('the key check at open', () => {
  it('refuses another key with a message naming the setting and the way to change keys, changing nothing', async () => {
    await databaseWithSecrets(OLD_KEY);
    const before = rawRows('SELECT hex(encrypted_password) AS sealed FROM app_passwords');

    const opening = storage(OTHER_KEY);

    await expect(opening).rejects.toBeInstanceOf(EncryptionKeyError);
    await expect(opening).rejects.toThrow(/TOKEN_ENCRYPTION_KEY is not the key .*TOKEN_ENCRYPTION_KEY_PREVIOUS/s);
    expect(rawRows('SELECT hex(encrypted_password) AS sealed FROM app_passwords')).toEqual(before);
  });

  it('refuses another key on a database from before the key check, judged by its stored secrets', async () => {
    await databaseWithSecrets(OLD_KEY);
    const db = openDatabase(temp.file('tokens.db'));
    db.prepare('DELETE FROM encryption_key_check').run();
    db.close();

    await expect(storage(OTHER_KEY)).rejects.toBeInstanceOf(EncryptionKeyError);
    const reopened = await storage(OLD_KEY);
    expect(reopened.encryption).toMatchObject({ checkCreated: true, reencrypted: 0 });
    expect(reopened.appPasswords!.get('alice')?.password).toBe(ALICE.password);
  });

  it('opens a database without a key, and a new one with any key', async () => {
    const plain = await storage();
    plain.close();

    const keyed = await storage(NEW_KEY);

    expect(keyed.encryption).toEqual({ checkCreated: true, reencrypted: 0, unreadable: { total: 0, byColumn: {} } });
    expect(keyed.health()).toBe('ok');
  });
});

describe('a key change with TOKEN_ENCRYPTION_KEY_PREVIOUS', () => {
  it('re-encrypts every secret under the new key at open, so the new key alone opens them afterwards', async () => {
    await databaseWithSecrets(OLD_KEY);

    const changing = await storage(NEW_KEY, OLD_KEY);
    changing.close();
    const after = await storage(NEW_KEY);

    expect(changing.encryption).toMatchObject({ reencrypted: 3, unreadable: { total: 0 } });
    expect(after.appPasswords!.get('alice')?.password).toBe(ALICE.password);
    expect(after.refreshTokens!.get('alice')?.token).toBe('refresh-1');
    expect(after.oauthClients!.findUsable('https://cloud.example.com', new Date())?.clientSecret).toBe('secret-1');
    await expect(storage(OLD_KEY)).rejects.toBeInstanceOf(EncryptionKeyError);
  });

  it('reads a secret another process still wrote under the previous key, and re-encrypts it at the next open', async () => {
    await databaseWithSecrets(OLD_KEY);
    const changing = await storage(NEW_KEY, OLD_KEY);
    const oldBox = await createSecretBox(OLD_KEY);
    changing.db
      .prepare("UPDATE app_passwords SET encrypted_password = ? WHERE user_id = 'alice'")
      .run(oldBox.encrypt('ZZZZZ-BBBBB-CCCCC-DDDDD-EEEEE', 'app_passwords:alice'));

    const read = changing.appPasswords!.get('alice')?.password;
    changing.close();
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
    const db = openDatabase(temp.file('tokens.db'));
    db.prepare("UPDATE refresh_tokens SET encrypted_token = randomblob(64) WHERE user_id = 'alice'").run();
    const before = db.prepare('SELECT hex(encrypted_password) AS sealed FROM app_passwords').all();

    const result = rotateEncryptionKey(db, await createSecretBox(NEW_KEY, OLD_KEY));

    expect(result.unreadable).toEqual({ total: 1, byColumn: { 'refresh_tokens.encrypted_token': 1 } });
    expect(db.prepare('SELECT hex(encrypted_password) AS sealed FROM app_passwords').all()).toEqual(before);
    db.close();
    await expect(storage(NEW_KEY)).rejects.toBeInstanceOf(EncryptionKeyError);
  });
});

describe('store health', () => {
  it('is cannot_decrypt once another process changed the key, and ok again for a process with the new key', async () => {
    await databaseWithSecrets(OLD_KEY);
    const running = await storage(OLD_KEY);
    const other = openDatabase(temp.file('tokens.db'));
    rotateEncryptionKey(other, await createSecretBox(NEW_KEY, OLD_KEY));
    other.close();

    const health = running.health();
    const hasPassword = running.appPasswords!.has('alice');

    expect(health).toBe('cannot_decrypt');
    expect(hasPassword).toBe(false);
    expect((await storage(NEW_KEY)).health()).toBe('ok');
  });
});

describe('the encrypted columns', () => {
  it('lists every encrypted_* column of the schema, so rotation re-encrypts them all', async () => {
    const db = (await storage()).db;
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .all() as { name: string }[];

    const encrypted = tables.flatMap(({ name }) =>
      (db.prepare(`PRAGMA table_info(${name})`).all() as { name: string }[])
        .filter((column) => column.name.startsWith('encrypted_'))
        .map((column) => `${name}.${column.name}`),
    );

    expect(encrypted.sort()).toEqual(ENCRYPTED_COLUMNS.map((c) => `${c.table}.${c.column}`).sort());
  });
});
