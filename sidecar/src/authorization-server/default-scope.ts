// An authorization request that names none of the catalogue's scopes (no `scope` at all, or only others such as
// `openid offline_access`) asks for the scopes the client registered, else every scope the sidecar offers (RFC 6749,
// section 3.3: a predefined default); the consent page lets the user untick any. Without this, oidc-provider grants
// nothing to a request without scope (access_denied after the user signed in), and a token for a request with only
// other scopes would carry none of the scopes its consent page offered and granted.
import type Provider from 'oidc-provider';
import { knownScopes, SUPPORTED_SCOPES } from '../auth/scope-catalogue.js';

export function defaultMissingScope(provider: Provider, authorizationPath: string): void {
  provider.use(async (ctx, next) => {
    if (ctx.method !== 'GET' || ctx.path !== authorizationPath) return next();
    const { query } = ctx;
    const requested = typeof query.scope === 'string' ? query.scope.split(' ').filter(Boolean) : [];
    const namesNone = query.scope === undefined || (typeof query.scope === 'string' && !knownScopes(requested).length);
    if (namesNone) {
      const clientId = typeof query.client_id === 'string' ? query.client_id : undefined;
      // An unknown client is refused by the provider afterwards, with its own error.
      const client = clientId ? await provider.Client.find(clientId).catch(() => undefined) : undefined;
      const defaults = client?.scope ?? SUPPORTED_SCOPES.join(' ');
      ctx.query = { ...query, scope: [...requested, defaults].join(' ') };
    }
    await next();
  });
}
