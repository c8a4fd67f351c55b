// Rate limiters: sliding window, counting without refusing, bounded; in memory and in the database on both engines
// (one limit across replicas, even when attempts race); client addresses as limiting keys.
import type { Request } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddressKey, createRateLimiter, type RateLimiter } from '../../src/limits/rate-limit.js';
import { databaseRateLimiters } from '../../src/limits/rate-limit-store.js';
import { RateLimitedError } from '../../src/errors.js';
import { loadMigrations, migrationsDirFor } from '../../src/store/migration-files.js';
import { createMigrator } from '../../src/store/migrator.js';
import { openSqlDatabase } from '../../src/store/sql/open-sql-database.js';
import type { SqlDatabase } from '../../src/store/sql/sql-database.js';
import { describeOnEngines, type FreshDatabase } from '../support/sql-engines.js';

/** The behaviour both limiters share, on a limiter made by `make` for a clock the test moves. */
function behavesAsSlidingWindow(make: (limit: number, clock: () => number) => Promise<RateLimiter>): void {
  it('refuses once the window holds the limit, with the seconds until the oldest attempt leaves it', async () => {
    let now = 1_000_000;
    const limiter = await make(2, () => now);
    await limiter.hit('a');
    now += 10_000;
    await limiter.hit('a');

    const refusal = await limiter.hit('a').catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(RateLimitedError);
    expect((refusal as RateLimitedError).retryAfterSeconds).toBe(50);
    now += 50_000;
    await expect(limiter.hit('a')).resolves.toBeUndefined();
  });

  it('records failures without refusing them, and check refuses without counting', async () => {
    const limiter = await make(2, () => 1_000_000);
    await limiter.check('a');
    await limiter.check('a');
    await limiter.check('a');
    await limiter.record('a');
    await limiter.record('a');
    await limiter.record('a');

    await expect(limiter.check('a')).rejects.toThrow(RateLimitedError);
    await expect(limiter.check('b')).resolves.toBe(2);
  });

  it('check says how many attempts a key has left in the window, and refuses once none are', async () => {
    let now = 1_000_000;
    const limiter = await make(3, () => now);
    await limiter.record('a');
    now += 30_000;
    await limiter.record('a');
    const [left, other] = [await limiter.check('a'), await limiter.check('b')];
    await limiter.record('a');
    await limiter.record('a');

    const none = await limiter.check('a').catch((error: unknown) => error);

    expect([left, other]).toEqual([1, 3]);
    expect(none).toBeInstanceOf(RateLimitedError);
  });
}

describe('the in-memory limiter', () => {
  behavesAsSlidingWindow(async (limit, clock) => createRateLimiter({ limit, windowMs: 60_000, clock }));

  it('remembers at most maxKeys keys, dropping the stalest', async () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, maxKeys: 100, clock: () => 0 });

    for (let i = 0; i < 10_000; i += 1) await limiter.record(`key-${i}`);

    expect(limiter.size()).toBe(100);
    await expect(limiter.check('key-9999')).rejects.toThrow(RateLimitedError);
    await expect(limiter.check('key-0')).resolves.toBe(1);
  });
});

describeOnEngines('the database limiter', (engine) => {
  const open: SqlDatabase[] = [];
  afterEach(async () => {
    for (const db of open.splice(0)) await db.close();
  });
  const database = async (location?: FreshDatabase) => {
    const where = location ?? (await engine.fresh());
    const db = await openSqlDatabase({ url: where.databaseUrl, sqlitePath: where.path });
    open.push(db);
    if (!location) await createMigrator(db, loadMigrations(migrationsDirFor(db.engine))).prepare();
    return { db, where };
  };

  behavesAsSlidingWindow(async (limit, clock) =>
    databaseRateLimiters((await database()).db, clock)('test', { limit, windowMs: 60_000 }),
  );

  it('keeps limiters of different names apart', async () => {
    const limiters = databaseRateLimiters((await database()).db, () => 1_000_000);
    await limiters('one', { limit: 1, windowMs: 60_000 }).hit('a');

    await expect(limiters('two', { limit: 1, windowMs: 60_000 }).hit('a')).resolves.toBeUndefined();
    await expect(limiters('one', { limit: 1, windowMs: 60_000 }).hit('a')).rejects.toThrow(RateLimitedError);
  });

  it('lets exactly the limit through when many attempts race from two connections (two replicas)', async () => {
    const first = await database();
    // SQLite: replicas are processes; two connections of one thread would wait on each other synchronously.
    const second = engine.engine === 'postgres' ? await database(first.where) : first;
    const make = (db: SqlDatabase) => databaseRateLimiters(db)('race', { limit: 6, windowMs: 60_000 });
    const limiters = [make(first.db), make(second.db)];

    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        limiters[i % 2]!.hit('alice').then(
          () => 'ok',
          (error: unknown) => (error instanceof RateLimitedError ? 'limited' : String(error)),
        ),
      ),
    );

    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(6);
    expect(outcomes.filter((outcome) => outcome === 'limited')).toHaveLength(14);
  });

  it('forgets attempts once they left the window, so the table stays bounded', async () => {
    let now = 1_000_000;
    const { db } = await database();
    const limiter = databaseRateLimiters(db, () => now)('sweep', { limit: 1_000, windowMs: 1_000 });
    for (let i = 0; i < 450; i += 1) {
      await limiter.hit(`address-${i}`);
      now += 10;
    }

    const rows = await db.get<{ n: number }>('SELECT count(*) AS n FROM rate_limit_hits');
    // Every 200 hits rows older than the window (100 hits' worth) are swept.
    expect(rows!.n).toBeLessThanOrEqual(250);
  });
});

describe('clientAddressKey', () => {
  const request = (ip: string | undefined) => ({ ip, socket: { remoteAddress: ip } }) as unknown as Request;

  it.each([
    ['an IPv4 address as it is', '192.0.2.7', '192.0.2.7'],
    ['an IPv4-mapped IPv6 address as IPv4', '::ffff:192.0.2.7', '192.0.2.7'],
    ['an IPv6 address by its /64', '2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['a compressed IPv6 address by its /64', '2001:db8::1', '2001:db8:0:0::/64'],
    ['the IPv6 loopback', '::1', '0:0:0:0::/64'],
  ])('keys %s', (_name, ip, key) => {
    expect(clientAddressKey(request(ip))).toBe(key);
  });

  it('keys two addresses of one IPv6 subscriber network alike', () => {
    expect(clientAddressKey(request('2001:db8:0:7::1'))).toBe(clientAddressKey(request('2001:db8:0:7:ffff::2')));
  });
});
