// Verifies the authorization server's own access tokens with the keys in hand: no request to Nextcloud or to
// ourselves. A token naming a key id we do not hold re-reads the keys from the database (another replica rotated),
// at most once per cool-down. A token of a client the user revoked is refused (revoked-clients.ts).
import type { KeyObject } from 'node:crypto';
import { errors } from 'jose';
import { createBearerVerifier, type BearerVerifier, type VerifiedToken } from '../auth/bearer-verifier.js';
import type { JwksCache } from '../auth/jwks-cache.js';
import { UnauthenticatedError } from '../errors.js';
import type { RevokedClients } from './revoked-clients.js';

export interface LocalTokenVerifierDeps {
  issuer: string;
  /** `<public URL>/mcp`: the `aud` every token must carry. */
  resource: string;
  challenge: string;
  publicKeys: Map<string, KeyObject>;
  /** Reads the published keys again (the database). */
  reloadKeys(): Promise<Map<string, KeyObject>>;
  reloadCooldownMs?: number;
  /** Clients the users revoked; without it no token is refused for that. */
  revoked?: RevokedClients;
  /** Only tokens of these clients pass (the management API's owner tokens); without it any client's. */
  isTrustedClient?: (clientId: string | undefined) => boolean;
  /** Told of every token that passed (the connected clients' last use). */
  onVerified?: (token: VerifiedToken) => void;
  clock?: () => number;
}

/** The local verifier, and the keys it holds now (the rotation hands it a new set). */
export interface LocalTokenVerifier extends BearerVerifier {
  useKeys(keys: Map<string, KeyObject>): void;
}

export function createLocalTokenVerifier(deps: LocalTokenVerifierDeps): LocalTokenVerifier {
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
  const signed = createBearerVerifier({
    jwks,
    checks: { issuer: deps.issuer, skipIssuerCheck: false, audience: deps.resource },
    isTrustedClient: deps.isTrustedClient,
    challenge: deps.challenge,
  });
  const admit = async (verified: VerifiedToken): Promise<VerifiedToken> => {
    const issuedAt = Math.floor((verified.issuedAt?.getTime() ?? 0) / 1000);
    if (deps.revoked && (await deps.revoked.isRevoked(verified.subject, verified.clientId ?? '', issuedAt))) {
      throw new UnauthenticatedError('The user revoked this client’s access.', deps.challenge);
    }
    deps.onVerified?.(verified);
    return verified;
  };
  return {
    challenge: signed.challenge,
    verify: async (token, callerAddress) => admit(await signed.verify(token, callerAddress)),
    authenticate: async (authorization, callerAddress) =>
      admit(await signed.authenticate(authorization, callerAddress)),
    useKeys: (next) => {
      keys = next;
    },
  };
}
