// The pending Login Flow v2 store on both engines: one claim per poll, expiry, the kept grant, the poll token
// encrypted and bound to its row.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createLoginFlowStore, type LoginFlowStore } from '../../src/store/login-flows.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import { describeOnEngines } from '../support/sql-engines.js';

const KEY = new Uint8Array(32).fill(3);
const START = Date.parse('2026-11-28T12:00:00Z');
const at = (ms: number) => new Date(START + ms);
const flow = (flowKey: string) => ({ flowKey, callerKey: 'c', pollToken: `token-${flowKey}`, expiresAt: at(60_000) });

describeOnEngines('login-flow store', (engine) => {
  let storage: Store;
  let flows: LoginFlowStore;
  beforeEach(async () => {
    storage = await openStore({ ...(await engine.fresh()), encryptionKey: KEY });
    flows = createLoginFlowStore(storage.db, storage.box!, { clock: () => at(0) });
  });
  afterEach(() => storage.close());

  it('grants one claim at a time, and the next one once released', async () => {
    await flows.save(flow('k1'));

    const first = await flows.claim('k1', at(0), at(30_000));
    const second = await flows.claim('k1', at(10), at(30_010));
    await flows.release('k1', at(1_000));
    const early = await flows.claim('k1', at(999), at(30_999));
    const third = await flows.claim('k1', at(1_000), at(31_000));

    expect(first).toMatchObject({ flowKey: 'k1', pollToken: 'token-k1' });
    expect([second, early]).toEqual(['busy', 'busy']);
    expect(third).toMatchObject({ pollToken: 'token-k1' });
  });

  it('answers nothing for an expired flow and deletes it', async () => {
    await flows.save(flow('k1'));

    const late = await flows.claim('k1', at(60_000), at(90_000));

    expect(late).toBeUndefined();
    expect(await flows.count()).toBe(0);
  });

  it('hands the kept grant to the next claim', async () => {
    await flows.save(flow('k1'));
    await flows.claim('k1', at(0), at(30_000));
    await flows.keepGrant('k1', { loginName: 'erin@example.com', appPassword: 'secret' });
    await flows.release('k1', at(1_000));

    const next = await flows.claim('k1', at(1_000), at(31_000));

    expect(next).toMatchObject({ grant: { loginName: 'erin@example.com', appPassword: 'secret' } });
  });

  it('keeps the poll token encrypted, bound to its row', async () => {
    await flows.save(flow('k1'));
    await storage.db.run(
      `INSERT INTO login_flows (flow_key, caller_key, encrypted_poll_token, created_at, expires_at, next_poll_at)
      SELECT 'k2', caller_key, encrypted_poll_token, created_at, expires_at, 0 FROM login_flows WHERE flow_key = 'k1'`,
    );

    const stored = await storage.db.get<{ encrypted_poll_token: Buffer }>(
      "SELECT encrypted_poll_token FROM login_flows WHERE flow_key = 'k1'",
    );

    expect(Buffer.from(stored!.encrypted_poll_token).toString('latin1')).not.toContain('token-k1');
    await expect(flows.claim('k2', at(0), at(30_000))).rejects.toThrow(/could not be decrypted/);
  });
});
