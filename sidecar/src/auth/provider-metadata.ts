// The identity provider's discovery document, with Nextcloud's oidc-app fallbacks.
import { UpstreamError } from '../errors.js';
import type { HttpClient } from '../net/http-client.js';
import { buildNextcloudUrl } from '../platform/urls.js';

export interface ProviderMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  jwksUri: string;
  introspectionEndpoint?: string;
  /** From discovery when dynamic registration is enabled, else the oidc app's /register as a fallback. */
  registrationEndpoint: string;
  revocationEndpoint?: string;
}

export async function fetchProviderMetadata(
  http: HttpClient,
  discoveryUrl: string,
  nextcloudHost: string,
): Promise<ProviderMetadata> {
  const response = await http.request(discoveryUrl, { headers: { accept: 'application/json' } });
  if (response.status !== 200) {
    throw new UpstreamError('The identity provider did not answer its discovery document.', {
      cause: new Error(`discovery answered HTTP ${response.status}`),
    });
  }
  const doc = response.json() as Record<string, unknown>;
  const text = (key: string) => (typeof doc[key] === 'string' && doc[key] !== '' ? (doc[key] as string) : undefined);
  const issuer = text('issuer');
  const tokenEndpoint = text('token_endpoint');
  const jwksUri = text('jwks_uri');
  const authorizationEndpoint = text('authorization_endpoint');
  if (!issuer || !tokenEndpoint || !jwksUri || !authorizationEndpoint) {
    throw new UpstreamError('The identity provider published an incomplete discovery document.');
  }
  return {
    issuer,
    authorizationEndpoint,
    tokenEndpoint,
    jwksUri,
    introspectionEndpoint: text('introspection_endpoint'),
    registrationEndpoint:
      text('registration_endpoint') ?? buildNextcloudUrl(nextcloudHost, '/index.php/apps/oidc/register'),
    revocationEndpoint: text('revocation_endpoint'),
  };
}
