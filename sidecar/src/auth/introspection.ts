// RFC 7662 introspection of opaque access tokens, cached briefly by the token's hash.
import { createHash } from 'node:crypto';
import type { HttpClient } from '../net/http-client.js';
import type { VerifiedToken } from './bearer-verifier.js';
import { postToProvider, type ClientCredentials } from './oidc-requests.js';

const CACHE_MS = 60_000;
const MAX_ENTRIES = 10_000;

export function createIntrospector(options: {
  http: HttpClient;
  endpoint: string;
  client: () => ClientCredentials;
  clock?: () => number;
}): (token: string) => Promise<VerifiedToken | undefined> {
  const clock = options.clock ?? Date.now;
  const cache = new Map<string, { result: VerifiedToken | undefined; until: number }>();

  return async (token) => {
    const key = createHash('sha256').update(token).digest('base64url');
    const hit = cache.get(key);
    if (hit && hit.until > clock()) return hit.result;
    const answer = await postToProvider(options.http, options.endpoint, options.client(), { token });
    const result = toVerifiedToken(answer);
    const until = Math.min(clock() + CACHE_MS, result?.expiresAt?.getTime() ?? Infinity);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { result, until });
    return result;
  };
}

function toVerifiedToken(answer: Record<string, unknown>): VerifiedToken | undefined {
  if (answer.active !== true || typeof answer.sub !== 'string') return undefined;
  return {
    subject: answer.sub,
    scopes: typeof answer.scope === 'string' ? answer.scope.split(' ').filter(Boolean) : [],
    expiresAt: typeof answer.exp === 'number' ? new Date(answer.exp * 1000) : undefined,
    format: 'opaque',
  };
}
