// Synced users on both engines: a due scan is taken by exactly one of the replicas sharing the database.
import { afterEach, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/open-store.js';
import { createSyncUserStore } from '../../../src/knowledge/sync/sync-users.js';
import { describeOnEngines } from '../../support/sql-engines.js';

describeOnEngines('synced users', (engine) => {
  const opened: Store[] = [];
  afterEach(async () => {
    for (const storage of opened.splice(0)) await storage.close();
  });

  it('give a due scan to one replica only, and again once the scan set its next time', async () => {
    const where = await engine.fresh();
    const first = await openStore({ path: where.path, databaseUrl: where.databaseUrl });
    opened.push(first);
    // PostgreSQL: a second process's pool; SQLite: replicas are processes, one connection here (see sql-engines).
    const second = engine.engine === 'postgres' ? await openStore({ path: '', databaseUrl: where.databaseUrl }) : first;
    if (second !== first) opened.push(second);
    const replicas = [createSyncUserStore(first.db), createSyncUserStore(second.db)];
    const due = await replicas[0]!.ensure('ada', 1_000);

    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, i) => replicas[i % 2]!.claimScan('ada', due.nextScanAt, 700_000)),
    );

    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await replicas[1]!.get('ada'))?.nextScanAt).toBe(700_000);
    await replicas[1]!.scanned('ada', 2_000, 5_000, false);
    expect(await replicas[0]!.claimScan('ada', 5_000, 900_000)).toBe(true);
  });

  it('give no scan of a paused user', async () => {
    const storage = await openStore(await engine.fresh());
    opened.push(storage);
    const users = createSyncUserStore(storage.db);
    const due = await users.ensure('bea', 1_000);
    await users.pause('bea', 'refused');

    expect(await users.claimScan('bea', due.nextScanAt, 700_000)).toBe(false);
  });
});
