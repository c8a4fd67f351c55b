// The identity provider's discovery document, read through the one outbound HTTP client. A plain GET, not
// openid-client's discovery: a sidecar that only starts up then does not load openid-client (see
// openid-client-library.ts); the document is handed to openid-client as it is when a request needs it.
import type { ServerMetadata } from 'openid-client';
import { UpstreamError } from '../errors.js';
import type { HttpClient } from '../net/http-client.js';
import type { ProviderAccess } from './oidc-requests.js';

export interface ProviderMetadata extends ProviderAccess {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  introspectionEndpoint?: string;
  revocationEndpoint?: string;
}

const UNANSWERED = 'The identity provider did not answer its discovery document.';

/**
 * A URL naming /.well-known/ is read as given, and its issuer is not compared with it: Nextcloud names the URL it is
 * configured with, while the sidecar may reach it at another address (e.g. inside a container network).
 */
export async function fetchProviderMetadata(http: HttpClient, discoveryUrl: string): Promise<ProviderMetadata> {
  const server = await readDiscoveryDocument(http, discoveryUrl);
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

/** RFC 8414 §3.2: a 200 answer whose body is a JSON object with a string `issuer`. */
async function readDiscoveryDocument(http: HttpClient, discoveryUrl: string): Promise<ServerMetadata> {
  // The HTTP client's own failures (unreachable, timeout, too large, address rules) are already ours.
  const response = await http.request(discoveryUrl, { headers: { accept: 'application/json' } });
  if (response.status !== 200) throw new UpstreamError(UNANSWERED);
  let body: unknown;
  try {
    body = response.json();
  } catch (error) {
    throw new UpstreamError(UNANSWERED, { cause: error });
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new UpstreamError(UNANSWERED);
  const server = body as ServerMetadata;
  if (typeof server.issuer !== 'string') throw new UpstreamError(UNANSWERED);
  return server;
}
