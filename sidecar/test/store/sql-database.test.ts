// The database contract on both engines: rows, changes, scripts, transactions (commit, rollback, isolation from
// statements outside them), named locks, 64-bit integers and bytes read back as written.
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlDatabase } from '../../src/store/sql/open-sql-database.js';
import { numberPlaceholders, type SqlDatabase } from '../../src/store/sql/sql-database.js';
import { openSqliteDatabase } from '../../src/store/sql/sqlite-database.js';
import { describeOnEngines } from '../support/sql-engines.js';

const open: SqlDatabase[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.close();
});

describe('numberPlaceholders', () => {
  it('numbers ? outside strings, quoted names and comments', () => {
    expect(numberPlaceholders(`SELECT '?', "a?b", ? -- why?\n, ?`)).toBe(`SELECT '?', "a?b", $1 -- why?\n, $2`);
    expect(numberPlaceholders(`SELECT 'it''s ?' WHERE x = ?`)).toBe(`SELECT 'it''s ?' WHERE x = $1`);
  });
});

describeOnEngines('sql database', (engine) => {
  const fresh = async () => {
    const location = await engine.fresh();
    const db = await openSqlDatabase({ url: location.databaseUrl, sqlitePath: location.path });
    open.push(db);
    await db.exec(
      'CREATE TABLE items (id INTEGER PRIMARY KEY, at BIGINT NOT NULL, body BYTEA, note TEXT)'.replace(
        'BYTEA',
        engine.engine === 'sqlite' ? 'BLOB' : 'BYTEA',
      ),
    );
    return db;
  };

  it('reads back 64-bit integers as numbers and bytes as Buffers, and counts changes', async () => {
    const db = await fresh();
    const at = 1_763_900_000_123;
    await db.run('INSERT INTO items (id, at, body, note) VALUES (?, ?, ?, ?)', [1, at, Buffer.from([0, 255, 7]), 'x?']);
    await db.run('INSERT INTO items (id, at, body, note) VALUES (?, ?, ?, ?)', [2, at + 1, null, null]);

    const row = await db.get<{ at: number; body: Buffer; note: string }>('SELECT * FROM items WHERE id = ?', [1]);
    expect(row).toMatchObject({ at, note: 'x?' });
    expect(Buffer.compare(row!.body, Buffer.from([0, 255, 7]))).toBe(0);
    expect((await db.get<{ n: number }>('SELECT count(*) AS n FROM items'))?.n).toBe(2);
    expect((await db.run('UPDATE items SET note = ? WHERE at >= ?', ['y', at])).changes).toBe(2);
    expect(await db.get('SELECT * FROM items WHERE id = ?', [99])).toBeUndefined();
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    const db = await fresh();
    await db.transaction(async (tx) => {
      await tx.run('INSERT INTO items (id, at) VALUES (?, ?)', [1, 1]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.run('INSERT INTO items (id, at) VALUES (?, ?)', [2, 2]);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');

    expect((await db.all<{ id: number }>('SELECT id FROM items')).map((row) => row.id)).toEqual([1]);
  });

  it('serialises transactions naming the same lock', async () => {
    const db = await fresh();
    await db.run('INSERT INTO items (id, at) VALUES (1, 0)');
    // Read-modify-write with a pause in between: without the lock, concurrent increments would be lost.
    await Promise.all(
      Array.from({ length: 8 }, () =>
        db.transaction(
          async (tx) => {
            const row = await tx.get<{ at: number }>('SELECT at FROM items WHERE id = 1');
            await new Promise((resolve) => setTimeout(resolve, 5));
            await tx.run('UPDATE items SET at = ? WHERE id = 1', [row!.at + 1]);
          },
          { lock: 'counter' },
        ),
      ),
    );
    expect((await db.get<{ at: number }>('SELECT at FROM items WHERE id = 1'))?.at).toBe(8);
  });

  it('answers ping while open and not after close', async () => {
    const db = await fresh();
    expect(await db.ping()).toBe(true);
    open.splice(open.indexOf(db), 1);
    await db.close();
    expect(await db.ping()).toBe(false);
  });
});

describe('sqlite connection shared by transactions and single statements', () => {
  it('runs a statement issued during an open transaction after it, never inside it', async () => {
    const db = openSqliteDatabase(':memory:');
    open.push(db);
    await db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, at INTEGER NOT NULL)');
    let outside: Promise<unknown> | undefined;
    await expect(
      db.transaction(async (tx) => {
        await tx.run('INSERT INTO items (id, at) VALUES (1, 1)');
        outside = db.run('INSERT INTO items (id, at) VALUES (2, 2)');
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await outside;

    // The rollback took the transaction's row only; the outside statement ran afterwards and stayed.
    expect((await db.all<{ id: number }>('SELECT id FROM items')).map((row) => row.id)).toEqual([2]);
  });

  it('runs exclusive work only once no transaction holds the connection', async () => {
    const db = openSqliteDatabase(':memory:');
    open.push(db);
    await db.exec('CREATE TABLE items (id INTEGER PRIMARY KEY, at INTEGER NOT NULL)');
    const order: string[] = [];
    const transaction = db.transaction(async (tx) => {
      await tx.run('INSERT INTO items (id, at) VALUES (1, 1)');
      await new Promise((resolve) => setTimeout(resolve, 10));
      order.push('transaction');
    });
    const exclusive = db.exclusive((raw) => {
      order.push(raw.inTransaction ? 'inside' : 'exclusive');
    });
    await Promise.all([transaction, exclusive]);
    expect(order).toEqual(['transaction', 'exclusive']);
  });
});
