// The provider's signing keys: fetched once, kept, and fetched again when a token names an unknown key id.
import { createLocalJWKSet, type JSONWebKeySet, type JWTHeaderParameters, type FlattenedJWSInput, errors } from 'jose';
import { UpstreamError } from '../errors.js';
import type { HttpClient } from '../net/http-client.js';

export type KeyResolver = ReturnType<typeof createLocalJWKSet>;
type VerificationKey = Awaited<ReturnType<KeyResolver>>;

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
  clock?: () => number;
}): JwksCache {
  const clock = options.clock ?? Date.now;
  const minInterval = options.minRefetchIntervalMs ?? 30_000;
  let keys: KeyResolver | undefined;
  let fetchedAt = 0;
  let fetches = 0;
  let inflight: Promise<KeyResolver> | undefined;

  const load = (): Promise<KeyResolver> => {
    inflight ??= fetchKeySet(options.http, options.jwksUri)
      .then((set) => {
        fetches += 1;
        fetchedAt = clock();
        keys = createLocalJWKSet(set);
        return keys;
      })
      .finally(() => (inflight = undefined));
    return inflight;
  };

  return {
    async resolveKey(header, token) {
      const current = keys ?? (await load());
      try {
        return await current(header, token);
      } catch (error) {
        const unknownKey = error instanceof errors.JWKSNoMatchingKey;
        if (!unknownKey || clock() - fetchedAt < minInterval) throw error;
        return (await load())(header, token);
      }
    },
    fetchCount: () => fetches,
  };
}

async function fetchKeySet(http: HttpClient, jwksUri: string): Promise<JSONWebKeySet> {
  const response = await http.request(jwksUri, { headers: { accept: 'application/json' } });
  const body = response.status === 200 ? (response.json() as { keys?: unknown }) : undefined;
  if (!body || !Array.isArray(body.keys)) {
    throw new UpstreamError('The identity provider did not publish its signing keys.', {
      cause: new Error(`jwks answered HTTP ${response.status}`),
    });
  }
  return body as JSONWebKeySet;
}
