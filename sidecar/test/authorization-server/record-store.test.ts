// The authorization server's state on both engines: records (encrypted, found by id, uid or user code, consumed
// once, gone with their grant or their expiry) and signing keys (made once, rotated with overlap, shared).
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Adapter } from 'oidc-provider';
import { createRecordAdapterClass } from '../../src/authorization-server/record-adapter.js';
import { loadSigningKeys, readSigningKeys } from '../../src/authorization-server/signing-keys.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import { describeOnEngines } from '../support/sql-engines.js';

const KEY = new Uint8Array(32).fill(5);
const DAY_MS = 86_400_000;
const POLICY = { rotationMs: 30 * DAY_MS, overlapMs: 2 * 3600_000 };

describeOnEngines('authorization server records', (engine) => {
  let storage: Store;
  let now: number;
  let adapterFor: (model: string) => Adapter;
  beforeEach(async () => {
    storage = await openStore({ ...(await engine.fresh()), encryptionKey: KEY });
    now = Date.UTC(2026, 10, 1);
    const RecordAdapter = createRecordAdapterClass({ db: storage.db, box: storage.box!, clock: () => now });
    adapterFor = (model) => new RecordAdapter(model);
  });
  afterEach(() => storage.close());

  it('finds a record by id, uid and user code, and keeps neither ids nor payload readable in the table', async () => {
    const sessions = adapterFor('Session');
    await sessions.upsert('secret-id', { uid: 'secret-uid', userCode: 'UC-1', accountId: 'alice' }, 60);

    const byId = await sessions.find('secret-id');
    const byUid = await sessions.findByUid('secret-uid');
    const byCode = await sessions.findByUserCode('UC-1');
    const rows = await storage.db.all<Record<string, unknown>>('SELECT * FROM authorization_server_records');

    expect([byId?.accountId, byUid?.accountId, byCode?.accountId]).toEqual(['alice', 'alice', 'alice']);
    expect(JSON.stringify(rows)).not.toMatch(/secret-id|secret-uid|alice/);
  });

  it('marks a consumed record, so a code or refresh token used twice is seen', async () => {
    const codes = adapterFor('AuthorizationCode');
    await codes.upsert('code-1', { grantId: 'g1' }, 60);

    await codes.consume('code-1');

    expect((await codes.find('code-1'))?.consumed).toBeTypeOf('number');
  });

  it('forgets every record of a revoked grant, of any model', async () => {
    await adapterFor('AccessToken').upsert('at', { grantId: 'g1' }, 60);
    await adapterFor('RefreshToken').upsert('rt', { grantId: 'g1' }, 60);
    await adapterFor('RefreshToken').upsert('other', { grantId: 'g2' }, 60);

    await adapterFor('RefreshToken').revokeByGrantId('g1');

    expect(await adapterFor('AccessToken').find('at')).toBeUndefined();
    expect(await adapterFor('RefreshToken').find('rt')).toBeUndefined();
    expect(await adapterFor('RefreshToken').find('other')).toBeDefined();
  });

  it('answers nothing for an expired record', async () => {
    const interactions = adapterFor('Interaction');
    await interactions.upsert('i1', { uid: 'i1' }, 60);

    now += 61_000;

    expect(await interactions.find('i1')).toBeUndefined();
  });

  it('keeps the same id of two models apart', async () => {
    await adapterFor('AccessToken').upsert('same', { kind: 'AccessToken' }, 60);
    await adapterFor('RefreshToken').upsert('same', { kind: 'RefreshToken' }, 60);

    expect((await adapterFor('AccessToken').find('same'))?.kind).toBe('AccessToken');
  });
});

describeOnEngines('authorization server signing keys', (engine) => {
  let storage: Store;
  beforeEach(async () => {
    storage = await openStore({ ...(await engine.fresh()), encryptionKey: KEY });
  });
  afterEach(() => storage.close());

  it('makes one signing key and one cookie secret on first start, and the same ones on the next', async () => {
    const first = await loadSigningKeys(storage.db, storage.box!, POLICY, Date.UTC(2026, 0, 1));
    const second = await loadSigningKeys(storage.db, storage.box!, POLICY, Date.UTC(2026, 0, 2));

    expect(first.privateJwks).toHaveLength(1);
    expect(second.privateJwks.map((jwk) => jwk.kid)).toEqual(first.privateJwks.map((jwk) => jwk.kid));
    expect(second.cookieSecret).toBe(first.cookieSecret);
    expect(first.cookieSecret.length).toBeGreaterThan(30);
  });

  it('rotates a key older than the rotation age, publishing the old one until the overlap ends', async () => {
    const start = Date.UTC(2026, 0, 1);
    const original = await loadSigningKeys(storage.db, storage.box!, POLICY, start);

    const rotated = await loadSigningKeys(storage.db, storage.box!, POLICY, start + 31 * DAY_MS);
    const later = await loadSigningKeys(storage.db, storage.box!, POLICY, start + 31 * DAY_MS + POLICY.overlapMs + 1);

    const oldKid = original.privateJwks[0]!.kid!;
    expect(rotated.privateJwks).toHaveLength(2);
    expect(rotated.privateJwks[0]!.kid).not.toBe(oldKid);
    expect(rotated.publicKeys.has(oldKid)).toBe(true);
    expect(later.publicKeys.has(oldKid)).toBe(false);
    expect((await readSigningKeys(storage.db, storage.box!)).privateJwks).toHaveLength(1);
  });

  it('keeps the private keys encrypted in the table', async () => {
    const keys = await loadSigningKeys(storage.db, storage.box!, POLICY);

    const rows = await storage.db.all<Record<string, unknown>>('SELECT * FROM authorization_server_keys');

    expect(JSON.stringify(rows)).not.toContain(String(keys.privateJwks[0]!.d));
    expect(JSON.stringify(rows)).not.toContain(keys.cookieSecret);
  });
});
