// Bearer verification: valid tokens pass; every kind of bad token is a 401 (UnauthenticatedError), never a crash.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { exportJWK, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBearerVerifier, type BearerVerifier } from '../../src/auth/bearer-verifier.js';
import { createJwksCache, type JwksCache } from '../../src/auth/jwks-cache.js';
import { UnauthenticatedError } from '../../src/errors.js';
import { createHttpClient } from '../../src/net/http-client.js';

const ISSUER = 'https://cloud.example.com';
const AUDIENCE = 'https://mcp.example.com/mcp';
let server: Server;
let jwks: JwksCache;
let management: BearerVerifier;
let mcp: BearerVerifier;
let signingKey: CryptoKey;
let publicJwk: JWK;
let publicPem: string;
/** What the JWKS endpoint publishes; a test adds a rotated key. */
const publishedKeys: JWK[] = [];
/** A test makes the provider fail. */
let jwksStatus = 200;
const http = createHttpClient({ verifySsl: true, timeoutMs: 5000, userAgent: 'test' });

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  signingKey = pair.privateKey;
  publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const { createPublicKey } = await import('node:crypto');
  publicPem = createPublicKey({ key: publicJwk as never, format: 'jwk' }).export({
    type: 'spki',
    format: 'pem',
  }) as string;
  publishedKeys.push(publicJwk);
  server = createServer((_req, res) =>
    res.writeHead(jwksStatus, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: publishedKeys })),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwks = createJwksCache({
    http,
    jwksUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`,
    minRefetchIntervalMs: 0,
  });
  management = createBearerVerifier({ jwks, checks: { skipIssuerCheck: true }, challenge: 'Bearer' });
  mcp = createBearerVerifier({
    jwks,
    checks: { issuer: ISSUER, skipIssuerCheck: false, audience: AUDIENCE },
    challenge: 'Bearer',
  });
});
afterAll(async () => {
  server.close();
  await http.close();
});

function sign(
  claims: Record<string, unknown> = {},
  options: { kid?: string; key?: CryptoKey | Uint8Array; alg?: string } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'openid offline_access', ...claims })
    .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'k1', typ: 'at+jwt' })
    .setSubject('alice')
    .setIssuer((claims.iss as string) ?? 'http://internal-nextcloud')
    .setAudience((claims.aud as string) ?? 'companion')
    .setIssuedAt(now)
    .setExpirationTime((claims.exp as number) ?? now + 300)
    .sign(options.key ?? signingKey);
}

describe('management verifier', () => {
  it('accepts a valid token whatever its issuer and audience, and returns the subject and scopes', async () => {
    const verified = await management.verify(await sign());

    expect(verified).toMatchObject({ subject: 'alice', scopes: ['openid', 'offline_access'], format: 'jwt' });
  });

  it('fetches the keys once for many tokens', async () => {
    const before = jwks.fetchCount();

    for (let i = 0; i < 20; i += 1) await management.verify(await sign());

    expect(jwks.fetchCount()).toBe(before);
  });
});

describe('keys in hand while the provider is down', () => {
  it('still verify tokens hours later, without fetching the keys again', async () => {
    const verifier = createBearerVerifier({
      jwks: createJwksCache({ http, jwksUri: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks` }),
      checks: { skipIssuerCheck: true },
      challenge: 'Bearer',
    });
    await verifier.verify(await sign());
    jwksStatus = 500;
    vi.useFakeTimers({ now: Date.now() + 3 * 3600_000, toFake: ['Date'] });

    const later = await verifier.verify(await sign()).finally(() => {
      vi.useRealTimers();
      jwksStatus = 200;
    });

    expect(later.subject).toBe('alice');
  });
});

describe('key rotation', () => {
  it('fetches the keys again when a token names an unknown key id, and accepts the new key', async () => {
    const rotated = await generateKeyPair('RS256', { extractable: true });
    const rotatedJwk = { ...(await exportJWK(rotated.publicKey)), kid: 'k2', alg: 'RS256', use: 'sig' };
    publishedKeys.push(rotatedJwk);
    const before = jwks.fetchCount();

    const verified = await management.verify(await sign({}, { kid: 'k2', key: rotated.privateKey }));

    expect(verified.subject).toBe('alice');
    expect(jwks.fetchCount()).toBe(before + 1);
  });
});

describe('MCP verifier', () => {
  it('accepts the expected issuer and audience', async () => {
    await expect(mcp.verify(await sign({ iss: ISSUER, aud: AUDIENCE }))).resolves.toMatchObject({ subject: 'alice' });
  });

  it.each([
    ['a mismatched issuer', { iss: 'http://internal-nextcloud', aud: AUDIENCE }],
    ['another audience', { iss: ISSUER, aud: 'companion' }],
  ])('refuses %s with 401', async (_name, claims) => {
    await expect(mcp.verify(await sign(claims))).rejects.toBeInstanceOf(UnauthenticatedError);
  });
});

describe('bad tokens', () => {
  it('are always refused with 401, never another error', async () => {
    const now = Math.floor(Date.now() / 1000);
    const other = (await generateKeyPair('RS256')).privateKey;
    const valid = await sign();
    const bad: Record<string, string> = {
      expired: await sign({ exp: now - 120 }),
      notYetValid: await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setSubject('alice')
        .setNotBefore(now + 600)
        .setExpirationTime(now + 900)
        .sign(signingKey),
      wrongSignature: await sign({}, { key: other }),
      algNone: new UnsecuredJWT({ sub: 'alice' }).setExpirationTime(now + 300).encode(),
      hs256WithPublicKey: await sign({}, { alg: 'HS256', key: new TextEncoder().encode(publicPem) }),
      unknownKid: await sign({}, { kid: 'rotated-away' }),
      truncated: valid.slice(0, valid.length - 12),
      swappedPayload: [
        valid.split('.')[0],
        Buffer.from('{"sub":"mallory","exp":9999999999}').toString('base64url'),
        valid.split('.')[2],
      ].join('.'),
      noSubject: await new SignJWT({})
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setExpirationTime(now + 300)
        .sign(signingKey),
    };
    const garbage = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc
        .tuple(fc.base64String(), fc.base64String(), fc.base64String())
        .map((parts) => parts.join('.').replace(/[+/=]/g, 'A')),
      fc.constantFrom(...Object.values(bad)),
    );

    for (const [name, token] of Object.entries(bad)) {
      await expect(management.verify(token), name).rejects.toBeInstanceOf(UnauthenticatedError);
    }
    await fc.assert(
      fc.asyncProperty(garbage, async (token) => {
        await expect(management.verify(token)).rejects.toBeInstanceOf(UnauthenticatedError);
      }),
      { numRuns: 300 },
    );
  });
});
