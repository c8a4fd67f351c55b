// Verifies the authorization server's own access tokens on /mcp with the keys in hand: no request to Nextcloud or to
// ourselves. A token naming a key id we do not hold re-reads the keys from the database (another replica rotated),
// at most once per cool-down.
import type { KeyObject } from 'node:crypto';
import { errors } from 'jose';
import { createBearerVerifier, type BearerVerifier } from '../auth/bearer-verifier.js';
import type { JwksCache } from '../auth/jwks-cache.js';

export interface LocalTokenVerifierDeps {
  issuer: string;
  /** `<public URL>/mcp`: the `aud` every token must carry. */
  resource: string;
  challenge: string;
  publicKeys: Map<string, KeyObject>;
  /** Reads the published keys again (the database). */
  reloadKeys(): Promise<Map<string, KeyObject>>;
  reloadCooldownMs?: number;
  clock?: () => number;
}

export function createLocalTokenVerifier(deps: LocalTokenVerifierDeps): BearerVerifier {
  const clock = deps.clock ?? Date.now;
  let keys = deps.publicKeys;
  let lastReload = 0;
  const keyFor = async (kid: string | undefined): Promise<KeyObject> => {
    const held = kid === undefined ? undefined : keys.get(kid);
    if (held) return held;
    if (clock() - lastReload >= (deps.reloadCooldownMs ?? 30_000)) {
      lastReload = clock();
      keys = await deps.reloadKeys();
      const reloaded = kid === undefined ? undefined : keys.get(kid);
      if (reloaded) return reloaded;
    }
    throw new errors.JWKSNoMatchingKey();
  };
  const jwks: JwksCache = { resolveKey: async (header) => keyFor(header.kid), fetchCount: () => 0 };
  return createBearerVerifier({
    jwks,
    checks: { issuer: deps.issuer, skipIssuerCheck: false, audience: deps.resource },
    challenge: deps.challenge,
  });
}
