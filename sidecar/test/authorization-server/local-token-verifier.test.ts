// The verifier of the sidecar's own tokens on /mcp: keys in hand, a token naming an unknown key re-reads them (another
// replica rotated), at most once per cool-down, so garbage key ids cannot make it read the database on every call.
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createLocalTokenVerifier } from '../../src/authorization-server/local-token-verifier.js';

const ISSUER = 'https://mcp.example.com';
const RESOURCE = `${ISSUER}/mcp`;
const first = generateKeyPairSync('rsa', { modulusLength: 2048 });
const second = generateKeyPairSync('rsa', { modulusLength: 2048 });

function sign(kid: string, privateKey: KeyObject): Promise<string> {
  return new SignJWT({ client_id: 'desk', scope: 'files:read' })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
    .setIssuer(ISSUER)
    .setAudience(RESOURCE)
    .setSubject('alice')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
}

function verifierWith(stored: Map<string, KeyObject>, clock: () => number) {
  let reloads = 0;
  const verifier = createLocalTokenVerifier({
    issuer: ISSUER,
    resource: RESOURCE,
    challenge: 'Bearer',
    publicKeys: new Map([['k1', first.publicKey]]),
    reloadKeys: async () => {
      reloads += 1;
      return stored;
    },
    reloadCooldownMs: 30_000,
    clock,
  });
  return { verifier, reloads: () => reloads };
}

describe('the local token verifier', () => {
  it('verifies with the key in hand without reading the keys again', async () => {
    const { verifier, reloads } = verifierWith(new Map(), () => 0);

    const token = await verifier.verify(await sign('k1', first.privateKey));

    expect(token).toMatchObject({ subject: 'alice', clientId: 'desk', scopes: ['files:read'] });
    expect(reloads()).toBe(0);
  });

  it("re-reads the keys for a key it does not hold, and then accepts another replica's new key", async () => {
    const stored = new Map([
      ['k1', first.publicKey],
      ['k2', second.publicKey],
    ]);
    const { verifier, reloads } = verifierWith(stored, () => 100_000);

    const token = await verifier.verify(await sign('k2', second.privateKey));

    expect(token.subject).toBe('alice');
    expect(reloads()).toBe(1);
  });

  it('reads the keys at most once per cool-down for unknown key ids', async () => {
    let now = 100_000;
    const { verifier, reloads } = verifierWith(new Map([['k1', first.publicKey]]), () => now);
    const unknown = await sign('nope', second.privateKey);

    await expect(verifier.verify(unknown)).rejects.toThrow();
    await expect(verifier.verify(unknown)).rejects.toThrow();
    now += 30_000;
    await expect(verifier.verify(unknown)).rejects.toThrow();

    expect(reloads()).toBe(2);
  });
});
