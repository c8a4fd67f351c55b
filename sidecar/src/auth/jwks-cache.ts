// The provider's signing keys: jose's remote key set, kept until a token names an unknown key id (then fetched again,
// at most once per cool-down), fetched through the one outbound HTTP client; jose is loaded with the first token.
import type { createRemoteJWKSet, JWTHeaderParameters, FlattenedJWSInput } from 'jose';
import { UpstreamError } from '../errors.js';
import { createFetchAdapter } from '../net/fetch-adapter.js';
import type { HttpClient } from '../net/http-client.js';
import { loadJose } from './jose-library.js';

type KeyResolver = ReturnType<typeof createRemoteJWKSet>;
/** A remote set's CryptoKey, or a KeyObject of keys held locally (the sidecar's own authorization server). */
type VerificationKey = Awaited<ReturnType<KeyResolver>> | import('node:crypto').KeyObject;

export interface JwksCache {
  /** The key function for jose's jwtVerify. */
  resolveKey(header: JWTHeaderParameters, token: FlattenedJWSInput): Promise<VerificationKey>;
  /** How many times the key set was fetched. */
  fetchCount(): number;
}

export function createJwksCache(options: {
  http: HttpClient;
  jwksUri: string;
  /** At most one refetch per this interval, so unknown key ids cannot make us hammer the provider. */
  minRefetchIntervalMs?: number;
}): JwksCache {
  const fetchThroughClient = createFetchAdapter(options.http);
  let fetches = 0;
  const createKeySet = async (): Promise<KeyResolver> => {
    const { createRemoteJWKSet, customFetch } = await loadJose();
    return createRemoteJWKSet(new URL(options.jwksUri), {
      cooldownDuration: options.minRefetchIntervalMs ?? 30_000,
      // Never stale by age: an outage of the provider must not stop verification with the keys in hand.
      cacheMaxAge: Number.POSITIVE_INFINITY,
      [customFetch]: async (url: string, init: RequestInit) => {
        const response = await fetchThroughClient(url, init);
        // A provider that does not publish its keys is an upstream failure (502), not a bad token (401).
        if (response.status !== 200) {
          throw new UpstreamError('The identity provider did not publish its signing keys.', {
            cause: new Error(`jwks answered HTTP ${response.status}`),
          });
        }
        fetches += 1;
        return response;
      },
    });
  };
  let keys: Promise<KeyResolver> | undefined;
  return {
    resolveKey: async (header, token) => (await (keys ??= createKeySet()))(header, token),
    fetchCount: () => fetches,
  };
}
