// The OAuth context of hybrid and oauth modes: provider metadata, the client, verifiers and token services, built at
// start-up and rebuilt in the background while the provider is unreachable.
import type { Configuration } from 'openid-client';
import { InvalidClientError, UnavailableError } from '../errors.js';
import type { Logger } from '../logging/logger.js';
import type { HttpClient } from '../net/http-client.js';
import type { OAuthClientStore } from '../store/oauth-clients.js';
import type { AccessTokenStore } from '../store/access-tokens.js';
import type { RefreshTokenStore } from '../store/refresh-tokens.js';
import { createBearerVerifier, type BearerVerifier } from './bearer-verifier.js';
import { registerClient, resolveOidcClient, type ClientResolution, type OidcClient } from './client-registration.js';
import { createIntrospector, introspectionBindsResource, isTokenForResource } from './introspection.js';
import { createJwksCache } from './jwks-cache.js';
import { atProvider, clientConfiguration } from './oidc-requests.js';
import type { OpenIdClient } from './openid-client-library.js';
import { fetchProviderMetadata, type ProviderMetadata } from './provider-metadata.js';
import type { RefreshLease } from './refresh-lease.js';
import { createRefreshLock } from './refresh-lock.js';
import { createTokenCache, type TokenCache } from './token-cache.js';
import { createUserTokens, type RefreshedTokens, type UserTokens } from './user-tokens.js';

export interface OAuthServices {
  metadata: ProviderMetadata;
  client(): OidcClient;
  /**
   * Management API: access tokens only (JWT `typ` at+jwt, or active by introspection) of a trusted client (the
   * sidecar's current one, or one of `trustedClients`); no issuer or audience check.
   */
  managementVerifier: BearerVerifier;
  /**
   * MCP callers: also the issuer and the /mcp audience — of JWTs by `aud`, of opaque tokens by the answer of Nextcloud's
   * oidc app (active only for tokens meant for the sidecar's client) or, with another provider, by the audience rule.
   */
  mcpVerifier: BearerVerifier;
  tokenCache: TokenCache;
  userTokens: UserTokens;
  /** A provider call with the current client, registering again once when the provider forgot the client. */
  callWithClient<T>(call: (client: OidcClient) => Promise<T>): Promise<T>;
  /** The authorization_code grant (PKCE) for the sidecar's own browser sign-in. */
  exchangeCode(code: string, codeVerifier: string, redirectUri: string): Promise<RefreshedTokens>;
  /** RFC 7009 revocation; 'not_supported' when the provider has no revocation endpoint (Nextcloud's oidc app). */
  revokeRefreshToken(token: string): Promise<'revoked' | 'not_supported'>;
}

export interface OAuthContext {
  /** The services, or UnavailableError (503) while the provider has not been reached. */
  ready(): OAuthServices;
  isReady(): boolean;
  /** Tries once; on failure logs and keeps retrying in the background. Never throws. */
  start(): Promise<void>;
  close(): void;
}

export interface OAuthContextOptions {
  http: HttpClient;
  logger: Logger;
  discoveryUrl: string;
  nextcloudHost: string;
  publicIssuer?: string;
  /** The sidecar's public base URL (for redirect URIs and the /mcp audience). */
  publicUrl: string;
  staticClient?: { clientId: string; clientSecret?: string };
  /** Clients whose tokens the management API accepts besides the sidecar's own (MANAGEMENT_API_TRUSTED_CLIENTS). */
  trustedClients?: string[];
  clientStore?: OAuthClientStore;
  refreshTokens?: RefreshTokenStore;
  /** Serializes refreshes with the other processes on the same database. */
  refreshLease?: RefreshLease;
  /** Access tokens shared through the database, so processes sharing it refresh once. */
  accessTokens?: AccessTokenStore;
  assumedClientLifetimeSeconds?: number;
  retryDelaysMs?: number[];
  clock?: () => number;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export function createOAuthContext(options: OAuthContextOptions): OAuthContext {
  const clock = options.clock ?? Date.now;
  let services: (OAuthServices & { reRegister(): Promise<void> }) | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;
  let closed = false;

  const schedule = (delayMs: number, task: () => Promise<void>) => {
    if (closed) return;
    clearTimeout(timer);
    timer = setTimeout(() => void task(), Math.max(delayMs, 1000));
    timer.unref();
  };

  const connect = async (): Promise<void> => {
    try {
      services = await buildServices(options, clock, (client) => scheduleRenewal(client));
      options.logger.info(
        { issuer: services.metadata.issuer, client: services.client().source },
        'identity provider ready',
      );
    } catch (error) {
      const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
      const delay = delays[Math.min(attempt, delays.length - 1)] ?? 30_000;
      attempt += 1;
      // One line with the reason; the stack only at debug level (it repeats at every retry).
      options.logger[attempt === 1 ? 'error' : 'warn'](
        { reason: reasonOf(error), retryInMs: delay, attempt },
        'identity provider not reachable; routes that need tokens answer 503 until it is',
      );
      options.logger.debug({ err: error }, 'identity provider failure');
      schedule(delay, connect);
    }
  };

  /** Dynamic clients expire (Nextcloud: after an hour): register again shortly before that. */
  const scheduleRenewal = (client: OidcClient) => {
    if (!client.expiresAt) return;
    const remaining = client.expiresAt.getTime() - clock();
    schedule(remaining - Math.min(5 * 60_000, remaining / 10), renew);
  };
  const renew = async (): Promise<void> => {
    try {
      await services?.reRegister();
    } catch (error) {
      options.logger.warn({ reason: reasonOf(error) }, 'registering the OAuth client again failed; retrying in 30 s');
      options.logger.debug({ err: error }, 'identity provider failure');
      schedule(30_000, renew);
    }
  };

  return {
    ready() {
      if (!services) throw new UnavailableError('The identity provider is not reachable yet; try again shortly.');
      return services;
    },
    isReady: () => services !== undefined,
    start: connect,
    close: () => {
      closed = true;
      clearTimeout(timer);
    },
  };
}

async function buildServices(
  options: OAuthContextOptions,
  clock: () => number,
  onClient: (client: OidcClient) => void,
): Promise<OAuthServices & { reRegister(): Promise<void> }> {
  const metadata = await fetchProviderMetadata(options.http, options.discoveryUrl);
  const resourceUrl = `${options.publicUrl}/mcp`;
  const resolution: ClientResolution = {
    metadata,
    store: options.clientStore,
    staticClient: options.staticClient,
    redirectUris: [`${options.publicUrl}/oauth/callback`],
    resourceUrl,
    assumedLifetimeSeconds: options.assumedClientLifetimeSeconds ?? 3600,
    minimumRemainingMs: 10 * 60_000,
    clock: () => new Date(clock()),
  };
  let client = await resolveOidcClient(resolution);
  onClient(client);
  const reRegister = async () => {
    client = await registerClient(resolution);
    onClient(client);
  };
  const callWithClient = async <T>(call: (current: OidcClient) => Promise<T>): Promise<T> => {
    try {
      return await call(client);
    } catch (error) {
      if (!(error instanceof InvalidClientError) || client.source === 'static') throw error;
      await reRegister();
      return call(client);
    }
  };

  const jwks = createJwksCache({ http: options.http, jwksUri: metadata.jwksUri });
  const introspector = metadata.introspectionEndpoint
    ? createIntrospector({ provider: metadata, client: () => client, clock })
    : undefined;
  const introspect =
    introspector &&
    ((token: string, callerAddress?: string) => callWithClient(() => introspector(token, callerAddress)));
  const tokenCache = createTokenCache(clock);
  const trustedClients = new Set(options.trustedClients);
  // The current client at every check: a dynamic one changes when it is registered again.
  const isTrustedClient = (clientId: string | undefined) =>
    clientId !== undefined && (clientId === client.clientId || trustedClients.has(clientId));
  /** A request as the current client, registering again as callWithClient does, with its failures as our errors. */
  const asClient = <T>(request: (oidc: OpenIdClient, config: Configuration) => Promise<T>) =>
    callWithClient((current) => atProvider((oidc) => request(oidc, clientConfiguration(oidc, metadata, current))));
  const refresh = (refreshToken: string) => asClient((oidc, config) => oidc.refreshTokenGrant(config, refreshToken));

  return {
    metadata,
    client: () => client,
    managementVerifier: createBearerVerifier({
      jwks,
      checks: { skipIssuerCheck: true },
      introspect,
      isTrustedClient,
      challenge: 'Bearer realm="nextcloud-mcp-server"',
    }),
    mcpVerifier: createBearerVerifier({
      jwks,
      checks: {
        issuer: options.publicIssuer ?? metadata.issuer,
        skipIssuerCheck: false,
        audience: resourceUrl,
      },
      introspect,
      isIntendedFor: introspectionBindsResource(metadata.introspectionEndpoint, [
        options.nextcloudHost,
        options.publicIssuer ?? options.nextcloudHost,
        metadata.issuer,
      ])
        ? () => true
        : (token) => isTokenForResource(token, { clientId: () => client.clientId, resourceUrl }),
      challenge: `Bearer resource_metadata="${options.publicUrl}/.well-known/oauth-protected-resource/mcp"`,
    }),
    tokenCache,
    userTokens: options.refreshTokens
      ? createUserTokens({
          cache: tokenCache,
          lock: createRefreshLock(),
          lease: options.refreshLease,
          shared: options.accessTokens,
          refreshTokens: options.refreshTokens,
          refresh,
          clock,
        })
      : { getAccessToken: () => Promise.reject(new UnavailableError('Refresh tokens need an encryption key.')) },
    callWithClient,
    exchangeCode: (code, codeVerifier, redirectUri) =>
      asClient((oidc, config) =>
        oidc.genericGrantRequest(config, 'authorization_code', {
          code,
          code_verifier: codeVerifier,
          redirect_uri: redirectUri,
        }),
      ),
    revokeRefreshToken: async (token) => {
      if (!metadata.revocationEndpoint) return 'not_supported';
      await asClient((oidc, config) => oidc.tokenRevocation(config, token, { token_type_hint: 'refresh_token' }));
      return 'revoked';
    },
    reRegister,
  };
}

/** A failure's reason in one line: the message of its cause chain, without a stack. */
function reasonOf(error: unknown): string {
  const messages: string[] = [];
  for (let current = error; current instanceof Error && messages.length < 3; current = current.cause) {
    messages.push(current.message);
  }
  return messages.join(': ') || String(error);
}
