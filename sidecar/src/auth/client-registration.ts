// Chooses the sidecar's OAuth client: static settings, else a stored unexpired client, else dynamic registration.
import { UpstreamError } from '../errors.js';
import type { HttpClient } from '../net/http-client.js';
import type { OAuthClientRecord, OAuthClientStore } from '../store/oauth-clients.js';
import type { ProviderMetadata } from './provider-metadata.js';

export interface OidcClient {
  clientId: string;
  clientSecret?: string;
  source: 'static' | 'stored' | 'registered';
  /** When a dynamically registered client stops working; undefined for static clients. */
  expiresAt?: Date;
}

export interface ClientResolution {
  http: HttpClient;
  metadata: ProviderMetadata;
  store: OAuthClientStore | undefined;
  staticClient?: { clientId: string; clientSecret?: string };
  redirectUris: string[];
  /**
   * The resource the client stands for (`<public URL>/mcp`): Nextcloud's oidc app introspects a token for a client
   * only when the token is that client's or was issued for its id or resource URL.
   */
  resourceUrl: string;
  /** Assumed lifetime when the provider does not say (Nextcloud deletes dynamic clients after an hour). */
  assumedLifetimeSeconds: number;
  /** A stored client must stay valid at least this long to be reused. */
  minimumRemainingMs: number;
  clock: () => Date;
}

export async function resolveOidcClient(options: ClientResolution): Promise<OidcClient> {
  if (options.staticClient) return { ...options.staticClient, source: 'static' };
  const notAfter = new Date(options.clock().getTime() + options.minimumRemainingMs);
  const stored = await options.store?.findUsable(options.metadata.issuer, notAfter);
  if (stored)
    return {
      clientId: stored.clientId,
      clientSecret: stored.clientSecret,
      source: 'stored',
      expiresAt: stored.expiresAt,
    };
  return registerClient(options);
}

/** RFC 7591 registration; the result is stored encrypted with its expiry. */
export async function registerClient(options: ClientResolution): Promise<OidcClient> {
  const response = await options.http.request(options.metadata.registrationEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      client_name: 'Nextcloud MCP Server',
      redirect_uris: options.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
      resource_url: options.resourceUrl,
    }),
  });
  if (response.status !== 201 && response.status !== 200) {
    throw new UpstreamError('The identity provider refused dynamic client registration.', {
      cause: new Error(`registration answered HTTP ${response.status}: ${response.text().slice(0, 200)}`),
    });
  }
  const answer = response.json() as Record<string, unknown>;
  if (typeof answer.client_id !== 'string') throw new UpstreamError('The registration answer has no client id.');
  const record = toRecord(answer, options);
  await options.store?.save(record);
  return {
    clientId: record.clientId,
    clientSecret: record.clientSecret,
    source: 'registered',
    expiresAt: record.expiresAt,
  };
}

function toRecord(answer: Record<string, unknown>, options: ClientResolution): OAuthClientRecord {
  const now = options.clock();
  const declared = typeof answer.client_secret_expires_at === 'number' ? answer.client_secret_expires_at : 0;
  const expiresAt =
    declared > 0 ? new Date(declared * 1000) : new Date(now.getTime() + options.assumedLifetimeSeconds * 1000);
  return {
    issuer: options.metadata.issuer,
    clientId: answer.client_id as string,
    clientSecret: typeof answer.client_secret === 'string' ? answer.client_secret : undefined,
    registrationAccessToken:
      typeof answer.registration_access_token === 'string' ? answer.registration_access_token : undefined,
    registrationClientUri:
      typeof answer.registration_client_uri === 'string' ? answer.registration_client_uri : undefined,
    redirectUris: options.redirectUris,
    expiresAt,
    createdAt: now,
  };
}
