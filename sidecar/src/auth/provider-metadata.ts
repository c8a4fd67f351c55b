// The identity provider's discovery document, read by openid-client through the one outbound HTTP client.
import { discovery, type ServerMetadata } from 'openid-client';
import { UpstreamError } from '../errors.js';
import type { HttpClient } from '../net/http-client.js';
import { discoveryOptions, providerError, type ProviderAccess } from './oidc-requests.js';

export interface ProviderMetadata extends ProviderAccess {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  introspectionEndpoint?: string;
  revocationEndpoint?: string;
}

/** openid-client binds discovery to a client; ours is chosen after discovery (its store is keyed by the issuer). */
const NO_CLIENT_YET = 'discovery';

export async function fetchProviderMetadata(http: HttpClient, discoveryUrl: string): Promise<ProviderMetadata> {
  let server: ServerMetadata;
  try {
    // A URL naming /.well-known/ is read as given, and its issuer is not compared with it: Nextcloud names the URL
    // it is configured with, while the sidecar may reach it at another address (e.g. inside a container network).
    server = (
      await discovery(new URL(discoveryUrl), NO_CLIENT_YET, undefined, undefined, discoveryOptions(http, discoveryUrl))
    ).serverMetadata();
  } catch (error) {
    throw providerError(error, 'The identity provider did not answer its discovery document.');
  }
  const { issuer, token_endpoint: tokenEndpoint, jwks_uri: jwksUri } = server;
  const authorizationEndpoint = server.authorization_endpoint;
  if (!issuer || !tokenEndpoint || !jwksUri || !authorizationEndpoint) {
    throw new UpstreamError('The identity provider published an incomplete discovery document.');
  }
  return {
    http,
    server,
    discoveryUrl,
    issuer,
    authorizationEndpoint,
    tokenEndpoint,
    jwksUri,
    introspectionEndpoint: server.introspection_endpoint || undefined,
    revocationEndpoint: server.revocation_endpoint || undefined,
  };
}
