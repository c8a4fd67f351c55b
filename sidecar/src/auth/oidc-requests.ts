// openid-client set up for our provider (over the one outbound HTTP client; plain http only when the operator
// configured it) and its failures turned into ours: the routes answer by them and re-registration waits for them.
import type * as oidc from 'openid-client';
import { AppError, InvalidClientError, InvalidGrantError, UpstreamError } from '../errors.js';
import { createFetchAdapter } from '../net/fetch-adapter.js';
import type { HttpClient } from '../net/http-client.js';
import { loadOpenIdClient, type OpenIdClient } from './openid-client-library.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret?: string;
}

export interface ProviderAccess {
  http: HttpClient;
  /** The discovery document, as openid-client takes it. */
  server: oidc.ServerMetadata;
  /** As configured; when it is http the operator chose plain http, and the provider's endpoints may use it too. */
  discoveryUrl: string;
}

/** Options for openid-client's discovery and registration: our fetch, and http when the configured URL is http. */
export function discoveryOptions(
  oidc: OpenIdClient,
  http: HttpClient,
  discoveryUrl: string,
): oidc.DiscoveryRequestOptions {
  return {
    [oidc.customFetch]: createFetchAdapter(http),
    execute: plainHttp(discoveryUrl) ? [oidc.allowInsecureRequests] : [],
  };
}

const plainHttp = (url: string) => new URL(url).protocol === 'http:';

/** openid-client's view of the provider with `client` authenticating by client_secret_post (none without a secret). */
export function clientConfiguration(
  oidc: OpenIdClient,
  access: ProviderAccess,
  client: ClientCredentials,
): oidc.Configuration {
  const { clientId, clientSecret } = client;
  const auth = clientSecret === undefined ? oidc.None() : oidc.ClientSecretPost(clientSecret);
  const config = new oidc.Configuration(access.server, clientId, clientSecret, auth);
  config[oidc.customFetch] = createFetchAdapter(access.http);
  if (plainHttp(access.discoveryUrl)) oidc.allowInsecureRequests(config);
  return config;
}

/** Runs a request at the provider with openid-client (loaded on first use); its refusals become our errors. */
export async function atProvider<T>(
  request: (oidc: OpenIdClient) => Promise<T>,
  message = 'The identity provider refused the request.',
): Promise<T> {
  const oidc = await loadOpenIdClient();
  try {
    return await request(oidc);
  } catch (error) {
    throw providerError(oidc, error, message);
  }
}

/**
 * Our error for a failure of openid-client: ours when our HTTP client raised it (unreachable, timeout, too large);
 * InvalidClientError for `invalid_client` and for Nextcloud's `expired_client` (a dynamic client past its expiry,
 * until its cleanup job deletes it): either way the client must be registered again; InvalidGrantError for
 * `invalid_grant`; else UpstreamError with `message`.
 */
function providerError(oidc: OpenIdClient, error: unknown, message: string): AppError {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof AppError) return cause;
  }
  const code = oauthErrorCode(oidc, error);
  if (code === 'invalid_client' || code === 'expired_client') return new InvalidClientError();
  if (code === 'invalid_grant') return new InvalidGrantError();
  return new UpstreamError(message, { cause: error });
}

/** The OAuth `error` of a refusal, from its JSON body or from a WWW-Authenticate challenge. */
function oauthErrorCode(oidc: OpenIdClient, error: unknown): string | undefined {
  if (error instanceof oidc.ResponseBodyError) return error.error;
  if (error instanceof oidc.WWWAuthenticateChallengeError) return error.cause[0]?.parameters.error;
  return undefined;
}
