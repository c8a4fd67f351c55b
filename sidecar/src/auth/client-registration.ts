// Chooses the sidecar's OAuth client: static settings, else a stored unexpired client, else dynamic registration.
import type { ClientMetadata } from 'openid-client';
import type { OAuthClientRecord, OAuthClientStore } from '../store/oauth-clients.js';
import { atProvider, discoveryOptions } from './oidc-requests.js';
import type { ProviderMetadata } from './provider-metadata.js';

export interface OidcClient {
  clientId: string;
  clientSecret?: string;
  source: 'static' | 'stored' | 'registered';
  /** When a dynamically registered client stops working; undefined for static clients. */
  expiresAt?: Date;
}

export interface ClientResolution {
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

/**
 * RFC 7591 registration by openid-client (which reads the discovery document again: it registers only at the
 * endpoint discovery names, present while the oidc app allows dynamic registration); the result is stored encrypted
 * with its expiry.
 */
export async function registerClient(options: ClientResolution): Promise<OidcClient> {
  const { http, discoveryUrl } = options.metadata;
  const registered: ClientMetadata = await atProvider(async (oidc) => {
    const config = await oidc.dynamicClientRegistration(
      new URL(discoveryUrl),
      {
        client_name: 'Nextcloud MCP Server',
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        resource_url: options.resourceUrl,
      },
      undefined,
      discoveryOptions(oidc, http, discoveryUrl),
    );
    return config.clientMetadata();
  }, 'The identity provider refused dynamic client registration.');
  const record = toRecord(registered, options);
  await options.store?.save(record);
  return {
    clientId: record.clientId,
    clientSecret: record.clientSecret,
    source: 'registered',
    expiresAt: record.expiresAt,
  };
}

function toRecord(answer: ClientMetadata, options: ClientResolution): OAuthClientRecord {
  const now = options.clock();
  const declared = typeof answer.client_secret_expires_at === 'number' ? answer.client_secret_expires_at : 0;
  const expiresAt =
    declared > 0 ? new Date(declared * 1000) : new Date(now.getTime() + options.assumedLifetimeSeconds * 1000);
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    issuer: options.metadata.issuer,
    clientId: answer.client_id,
    clientSecret: text(answer.client_secret),
    registrationAccessToken: text(answer.registration_access_token),
    registrationClientUri: text(answer.registration_client_uri),
    redirectUris: options.redirectUris,
    expiresAt,
    createdAt: now,
  };
}
