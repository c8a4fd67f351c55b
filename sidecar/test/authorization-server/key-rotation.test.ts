// The authorization server's signing keys rotate while it runs, on both engines: the new key is published beside the
// old one, tokens the old one signed still verify, the old one leaves the JWKS after the overlap, a replica picks up
// the key another one made, and two replicas rotating at once make one key. Time is an injected clock.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { importJWK, SignJWT } from 'jose';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  createAuthorizationServer,
  type AuthorizationServer,
} from '../../src/authorization-server/authorization-server.js';
import { readSigningKeys } from '../../src/authorization-server/signing-keys.js';
import { databaseRateLimiters } from '../../src/limits/rate-limit-store.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { parseAuthorizationServerSettings } from '../../src/settings/authorization-server-settings.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import { describeOnEngines, type FreshDatabase } from '../support/sql-engines.js';

const KEY = new Uint8Array(32).fill(9);
const PUBLIC_URL = 'http://127.0.0.1:9';
/** The default overlap: twice the longest token life (an access token of 10 minutes, at least an hour). */
const OVERLAP_MS = 2 * 3600_000;

interface Replica {
  storage: Store;
  server: AuthorizationServer;
  /** The kids the server's JWKS publishes, newest first. */
  published(): Promise<string[]>;
  close(): Promise<void>;
}

/** A replica on the database; `shared` is the connection of another in this process (SQLite: see below). */
async function startReplica(location: FreshDatabase, clock: () => number, shared?: Store): Promise<Replica> {
  const storage = shared ?? (await openStore({ ...location, encryptionKey: KEY }));
  const metadataHttp = createHttpClient({ verifySsl: true, timeoutMs: 1000, userAgent: 'test' });
  const server = await createAuthorizationServer({
    settings: parseAuthorizationServerSettings(
      (name) => (name === 'MCP_AUTHORIZATION_SERVER' ? 'sidecar' : undefined),
      [],
    ),
    publicUrl: PUBLIC_URL,
    db: storage.db,
    box: storage.box!,
    metadataHttp,
    rateLimiters: databaseRateLimiters(storage.db, clock),
    signIn: () => Promise.reject(new Error('no sign-in in this test')),
    trustedClients: [],
    logger: createLogger('silent'),
    clock,
  });
  const app = express().use(server.router);
  const listening = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => listening.once('listening', resolve));
  const { port } = listening.address() as AddressInfo;
  return {
    storage,
    server,
    published: async () => {
      const jwks = (await (await fetch(`http://127.0.0.1:${port}/oauth2/jwks`)).json()) as { keys: { kid: string }[] };
      return jwks.keys.map((key) => key.kid);
    },
    close: async () => {
      server.keyRotation.stop();
      await new Promise((resolve) => listening.close(resolve));
      await metadataHttp.close();
      if (!shared) await storage.close();
    },
  };
}

/** An access token as the server signs it, with the signing key newest in the database now. */
async function tokenSignedNow(storage: Store): Promise<{ token: string; kid: string }> {
  const jwk = (await readSigningKeys(storage.db, storage.box!)).privateJwks[0]!;
  const token = await new SignJWT({ client_id: 'desk', scope: 'files:read' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid!, typ: 'at+jwt' })
    .setIssuer(PUBLIC_URL)
    .setAudience(`${PUBLIC_URL}/mcp`)
    .setSubject('alice')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(await importJWK(jwk, 'RS256'));
  return { token, kid: jwk.kid! };
}

describeOnEngines('signing keys rotated while running', (engine) => {
  let location: FreshDatabase;
  let now: number;
  const clock = () => now;
  const replicas: Replica[] = [];
  // Replicas share a database through PostgreSQL. Two SQLite connections in one process cannot take turns (the
  // waiting one blocks the event loop the other needs to finish), so there the replicas share one connection.
  const replica = async () => {
    const shared = engine.engine === 'sqlite' ? replicas[0]?.storage : undefined;
    const started = await startReplica(location, clock, shared);
    replicas.push(started);
    return started;
  };
  beforeEach(async () => {
    location = await engine.fresh();
    now = Date.UTC(2026, 10, 1);
  });
  afterEach(async () => {
    for (const started of replicas.splice(0).reverse()) await started.close();
  });

  it('publishes the new key beside the old one, and a token the old one signed still verifies', async () => {
    const first = await replica();
    const old = await tokenSignedNow(first.storage);

    await first.server.keyRotation.rotateNow();

    const published = await first.published();
    expect(published).toHaveLength(2);
    expect(published[1]).toBe(old.kid);
    expect((await first.server.mcpVerifier.verify(old.token)).subject).toBe('alice');
  });

  it('drops the old key from the JWKS once the overlap has passed, and refuses its tokens then', async () => {
    const first = await replica();
    const old = await tokenSignedNow(first.storage);
    await first.server.keyRotation.rotateNow();
    now += OVERLAP_MS - 1000;
    await first.server.keyRotation.check();
    const duringOverlap = await first.published();

    now += 2000;
    const changed = await first.server.keyRotation.check();

    expect(duringOverlap).toContain(old.kid);
    expect(changed).toBe(true);
    expect(await first.published()).toEqual([duringOverlap[0]]);
    await expect(first.server.mcpVerifier.verify(old.token)).rejects.toMatchObject({ status: 401 });
  });

  it('replaces a key older than the rotation age at the next check', async () => {
    const first = await replica();
    const before = await first.published();

    now += 31 * 86_400_000;
    const changed = await first.server.keyRotation.check();

    expect(changed).toBe(true);
    expect(await first.published()).toEqual([expect.any(String), before[0]]);
  });

  it('hands a replica the key another one made, and its tokens verify there', async () => {
    const first = await replica();
    const second = await replica();
    await first.server.keyRotation.rotateNow();
    const fresh = await tokenSignedNow(first.storage);

    const changed = await second.server.keyRotation.check();

    expect(changed).toBe(true);
    expect(await second.published()).toEqual(await first.published());
    expect((await second.server.mcpVerifier.verify(fresh.token)).subject).toBe('alice');
  });

  it('makes exactly one new key when two replicas rotate at once', async () => {
    const first = await replica();
    const second = await replica();
    const before = await first.published();

    await Promise.all([first.server.keyRotation.rotateNow(), second.server.keyRotation.rotateNow()]);

    const stored = (await readSigningKeys(first.storage.db, first.storage.box!)).privateJwks.map((jwk) => jwk.kid);
    expect(stored).toHaveLength(2);
    expect(stored[1]).toBe(before[0]);
    expect(await first.published()).toEqual(stored);
    expect(await second.published()).toEqual(stored);
  });
});
