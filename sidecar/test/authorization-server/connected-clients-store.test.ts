// The connected clients on both engines, from the grants oidc-provider stores through our adapter: one entry per
// client with its name, oldest grant, latest use and scopes; uses recorded at most once a minute; revoking removes that
// client's grants and tokens only and refuses its access tokens issued up to then. Time is an injected clock.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Adapter } from 'oidc-provider';
import { createConnectedClients, type ConnectedClients } from '../../src/authorization-server/connected-clients.js';
import { createRecordAdapterClass } from '../../src/authorization-server/record-adapter.js';
import { createRevokedClients, type RevokedClients } from '../../src/authorization-server/revoked-clients.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import { describeOnEngines } from '../support/sql-engines.js';

const KEY = new Uint8Array(32).fill(3);
const RESOURCE = 'https://mcp.example.com/mcp';
const CIMD_CLIENT = 'https://claude.example/oauth/client.json';

describeOnEngines('connected clients', (engine) => {
  let storage: Store;
  let now: number;
  let adapterFor: (model: string) => Adapter;
  let revoked: RevokedClients;
  let clients: ConnectedClients;
  const errors: unknown[] = [];
  beforeEach(async () => {
    storage = await openStore({ ...(await engine.fresh()), encryptionKey: KEY });
    now = Date.UTC(2026, 10, 1);
    const clock = () => now;
    const RecordAdapter = createRecordAdapterClass({ db: storage.db, box: storage.box!, clock });
    adapterFor = (model) => new RecordAdapter(model);
    revoked = createRevokedClients({ db: storage.db, keepMs: 15 * 60_000, clock });
    clients = createConnectedClients({
      db: storage.db,
      box: storage.box!,
      resource: RESOURCE,
      revoked,
      onError: (error) => errors.push(error),
      clock,
    });
  });
  afterEach(() => storage.close());

  /** A grant as oidc-provider saves it after consent, and the refresh token the code exchange issues. */
  async function grant(id: string, accountId: string, clientId: string, scope: string, rejected = '') {
    await adapterFor('Grant').upsert(
      id,
      {
        jti: id,
        accountId,
        clientId,
        resources: { [RESOURCE]: scope },
        ...(rejected ? { rejected: { resources: { [RESOURCE]: rejected } } } : {}),
      },
      3600,
    );
    await adapterFor('RefreshToken').upsert(`rt-${id}`, { grantId: id, accountId, clientId }, 3600);
  }

  it('lists each client once: its consent name or its host, its oldest grant, its last token, all its scopes', async () => {
    await grant('g1', 'alice', 'desk', 'files:read');
    await clients.nameGrant('g1', 'Desk');
    now += 60_000;
    await grant('g2', 'alice', 'desk', 'calendar:read calendar:write', 'calendar:write');
    await grant('g3', 'alice', CIMD_CLIENT, 'notes:read');
    await grant('g4', 'bob', 'desk', 'files:write');

    const listed = await clients.list('alice');

    expect(listed).toEqual([
      {
        clientId: 'desk',
        name: 'Desk',
        since: new Date(Date.UTC(2026, 10, 1)),
        lastUsed: new Date(now),
        scopes: ['calendar:read', 'files:read'],
      },
      {
        clientId: CIMD_CLIENT,
        name: 'claude.example',
        since: new Date(now),
        lastUsed: new Date(now),
        scopes: ['notes:read'],
      },
    ]);
  });

  it('records a use on /mcp at most once a minute per user and client', async () => {
    await grant('g1', 'alice', 'desk', 'files:read');
    const lastUsed = async () => (await clients.list('alice'))[0]!.lastUsed?.getTime();
    const settled = async (expected: number) => {
      for (let attempt = 0; attempt < 50 && (await lastUsed()) !== expected; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return lastUsed();
    };
    const first = now + 1000;

    now = first;
    clients.noteUse('alice', 'desk');
    const afterFirst = await settled(first);
    now = first + 30_000;
    clients.noteUse('alice', 'desk');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const withinTheMinute = await lastUsed();
    now = first + 61_000;
    clients.noteUse('alice', 'desk');
    const afterTheMinute = await settled(first + 61_000);

    expect([afterFirst, withinTheMinute, afterTheMinute]).toEqual([first, first, first + 61_000]);
    expect(errors).toEqual([]);
  });

  it("revokes one client's grants and tokens, and refuses its access tokens issued up to the revocation", async () => {
    await grant('g1', 'alice', 'desk', 'files:read');
    await grant('g2', 'alice', CIMD_CLIENT, 'notes:read');
    const issuedBefore = Math.floor(now / 1000);
    now += 5000;

    const done = await clients.revoke('alice', 'desk');
    const again = await clients.revoke('alice', 'desk');

    expect([done, again]).toEqual([true, false]);
    expect((await clients.list('alice')).map((client) => client.clientId)).toEqual([CIMD_CLIENT]);
    expect(await adapterFor('RefreshToken').find('rt-g1')).toBeUndefined();
    expect(await adapterFor('RefreshToken').find('rt-g2')).toBeDefined();
    expect(await revoked.isRevoked('alice', 'desk', issuedBefore)).toBe(true);
    expect(await revoked.isRevoked('alice', 'desk', Math.floor(now / 1000) + 1)).toBe(false);
    expect(await revoked.isRevoked('alice', CIMD_CLIENT, issuedBefore)).toBe(false);
  });
});
