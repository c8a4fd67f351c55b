// RFC 7662 introspection of opaque access tokens, cached briefly by the token's hash (active and inactive answers
// apart) and within each client address's budget of inactive answers; who may use the answer is the verifier's
// audience rule.
import { createHash } from 'node:crypto';
import type { IntrospectionResponse } from 'openid-client';
import type { IntrospectedToken } from './bearer-verifier.js';
import { createIntrospectionBudget, type IntrospectionBudget } from './introspection-budget.js';
import { createIntrospectionCache, type IntrospectionCache } from './introspection-cache.js';
import { atProvider, clientConfiguration, type ClientCredentials, type ProviderAccess } from './oidc-requests.js';

const CACHE_MS = 60_000;

export interface ResourceIdentity {
  /** The sidecar's current OAuth client id (it changes when a dynamic client is registered again). */
  clientId(): string;
  /** `<public URL>/mcp`. */
  resourceUrl: string;
}

/**
 * Asks the provider about `token` (or remembers its answer); undefined for an inactive token. `callerAddress` is
 * the client address of the request that presented it: its budget pays for the call (none for the sidecar's own
 * tokens); RateLimitedError once the address has used it up.
 */
export type Introspector = (token: string, callerAddress?: string) => Promise<IntrospectedToken | undefined>;

export function createIntrospector(options: {
  provider: ProviderAccess;
  client: () => ClientCredentials;
  clock?: () => number;
  cache?: IntrospectionCache;
  budget?: IntrospectionBudget;
}): Introspector {
  const clock = options.clock ?? Date.now;
  const cache = options.cache ?? createIntrospectionCache({ clock });
  const budget = options.budget ?? createIntrospectionBudget({ clock });
  // One call per token at a time: the same token presented at once waits for the same answer.
  const inFlight = new Map<string, Promise<IntrospectedToken | undefined>>();

  const ask = async (key: string, token: string) => {
    const result = toIntrospectedToken(
      await atProvider((oidc) =>
        oidc.tokenIntrospection(clientConfiguration(oidc, options.provider, options.client()), token),
      ),
    );
    cache.remember(key, result, Math.min(clock() + CACHE_MS, result?.expiresAt?.getTime() ?? Infinity));
    return result;
  };

  return async (token, callerAddress) => {
    const key = createHash('sha256').update(token).digest('base64url');
    const remembered = cache.get(key);
    if (remembered) return remembered.result;
    const pending = inFlight.get(key);
    if (pending) return pending;
    const reservation = callerAddress === undefined ? undefined : budget.reserve(callerAddress);
    const call = ask(key, token).then(
      (result) => {
        reservation?.settle(result ? 'active' : 'inactive');
        return result;
      },
      (error: unknown) => {
        reservation?.settle('failed');
        throw error;
      },
    );
    inFlight.set(key, call);
    return call.finally(() => inFlight.delete(key));
  };
}

/**
 * Whether the introspection endpoint is Nextcloud's oidc app, which answers `active` to a client only for tokens
 * issued to that client or issued for its id or its `resource_url` (docs/nextcloud-behaviour.md, "The OIDC provider
 * app"): there an active answer proves the audience, while the answer's `aud` names only the client the token was
 * issued to. Told by the endpoint: `…/apps/oidc/introspect` (with or without `/index.php`) on the origin of Nextcloud,
 * of its public issuer URL or of the issuer its discovery document names. Any other provider gets the audience rule.
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

function toIntrospectedToken(answer: IntrospectionResponse): IntrospectedToken | undefined {
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
