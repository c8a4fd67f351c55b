// RFC 7662 introspection of opaque access tokens, cached briefly by the token's hash; who may use the answer is the
// verifier's audience rule.
import { createHash } from 'node:crypto';
import type { HttpClient } from '../net/http-client.js';
import type { IntrospectedToken } from './bearer-verifier.js';
import { postToProvider, type ClientCredentials } from './oidc-requests.js';

const CACHE_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface ResourceIdentity {
  /** The sidecar's current OAuth client id (it changes when a dynamic client is registered again). */
  clientId(): string;
  /** `<public URL>/mcp`. */
  resourceUrl: string;
}

export function createIntrospector(options: {
  http: HttpClient;
  endpoint: string;
  client: () => ClientCredentials;
  clock?: () => number;
}): (token: string) => Promise<IntrospectedToken | undefined> {
  const clock = options.clock ?? Date.now;
  const cache = new Map<string, { result: IntrospectedToken | undefined; until: number }>();

  return async (token) => {
    const key = createHash('sha256').update(token).digest('base64url');
    const hit = cache.get(key);
    if (hit && hit.until > clock()) return hit.result;
    const answer = await postToProvider(options.http, options.endpoint, options.client(), { token });
    const result = toIntrospectedToken(answer);
    const until = Math.min(clock() + CACHE_MS, result?.expiresAt?.getTime() ?? Infinity);
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { result, until });
    return result;
  };
}

/**
 * Whether the introspection endpoint is Nextcloud's oidc app, which answers `active` to a client only for tokens
 * issued to that client or issued for its id or its `resource_url` (platform-api.md, "The OIDC provider app"): there
 * an active answer proves the audience, while the answer's `aud` names only the client the token was issued to. Told
 * by the endpoint: `…/apps/oidc/introspect` (with or without `/index.php`) on the origin of Nextcloud, of its public
 * issuer URL or of the issuer its discovery document names. Any other provider gets the audience rule.
 */
export function introspectionBindsResource(endpoint: string | undefined, nextcloudOrigins: string[]): boolean {
  if (!endpoint) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const origins = nextcloudOrigins.flatMap((candidate) => {
    try {
      return [new URL(candidate).origin];
    } catch {
      return [];
    }
  });
  return origins.includes(url.origin) && OIDC_APP_INTROSPECTION.test(url.pathname) && url.search === '';
}

/** `[/sub-path][/index.php]/apps/oidc/introspect`. */
const OIDC_APP_INTROSPECTION = /^(\/[^?#]*)?\/apps\/oidc\/introspect$/;

/**
 * The audience rule for providers whose introspection does not bind the resource: an opaque token is for `/mcp` when
 * it was issued to the sidecar's own client, or when the provider states an audience that names `/mcp` or that
 * client. A provider that introspects every token cannot hand us another app's token.
 */
export function isTokenForResource(token: IntrospectedToken, resource: ResourceIdentity): boolean {
  const clientId = resource.clientId();
  return (
    token.clientId === clientId || token.audiences.includes(resource.resourceUrl) || token.audiences.includes(clientId)
  );
}

function toIntrospectedToken(answer: Record<string, unknown>): IntrospectedToken | undefined {
  if (answer.active !== true || typeof answer.sub !== 'string' || answer.sub === '') return undefined;
  return {
    subject: answer.sub,
    scopes: typeof answer.scope === 'string' ? answer.scope.split(' ').filter(Boolean) : [],
    expiresAt: typeof answer.exp === 'number' ? new Date(answer.exp * 1000) : undefined,
    format: 'opaque',
    clientId: typeof answer.client_id === 'string' ? answer.client_id : undefined,
    audiences: [answer.aud].flat().filter((aud): aud is string => typeof aud === 'string'),
  };
}
