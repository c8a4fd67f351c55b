// An authorization request without `scope` asks for the scopes the client registered, else every scope the sidecar
// offers (RFC 6749, section 3.3: a predefined default); the consent page lets the user untick any. Without this,
// oidc-provider grants nothing to such a request and answers access_denied after the user signed in.
import type Provider from 'oidc-provider';
import { SUPPORTED_SCOPES } from '../auth/scope-catalogue.js';

export function defaultMissingScope(provider: Provider, authorizationPath: string): void {
  provider.use(async (ctx, next) => {
    const { query } = ctx;
    if (ctx.method === 'GET' && ctx.path === authorizationPath && query.scope === undefined) {
      const clientId = typeof query.client_id === 'string' ? query.client_id : undefined;
      // An unknown client is refused by the provider afterwards, with its own error.
      const client = clientId ? await provider.Client.find(clientId).catch(() => undefined) : undefined;
      ctx.query = { ...query, scope: client?.scope ?? SUPPORTED_SCOPES.join(' ') };
    }
    await next();
  });
}
