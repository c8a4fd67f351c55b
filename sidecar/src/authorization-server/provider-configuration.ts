// oidc-provider's configuration for the sidecar as the authorization server of /mcp: authorization code with PKCE S256
// only, `resource` required and equal to `<public URL>/mcp`, JWT access tokens for it (RFC 9068), refresh tokens
// rotated on use, revocation, Client ID Metadata Documents, dynamic registration when on, pre-registered clients.
import {
  errors,
  type Configuration,
  type KoaContextWithOIDC,
  type ClientMetadata,
  type UnknownObject,
} from 'oidc-provider';
import type { AuthorizationServerSettings } from '../settings/authorization-server-settings.js';
import type { FetchFunction } from '../net/fetch-adapter.js';
import { SUPPORTED_SCOPES } from '../auth/scope-catalogue.js';
import { SIGNING_ALGORITHM, type SigningKeys } from './signing-keys.js';
import { renderErrorPage } from './interaction-pages.js';

/** Where the server's endpoints live: under /oauth2, beside /api/v1, /mcp and /metrics. */
export const AUTHORIZATION_SERVER_PREFIX = '/oauth2';
export const INTERACTION_PATH = `${AUTHORIZATION_SERVER_PREFIX}/interaction`;
/** oidc-provider's route names and where under the prefix each answers. */
const ROUTE_PATHS: ReadonlyArray<readonly [string, string]> = [
  ['authorization', 'authorize'],
  ['token', 'token'],
  ['jwks', 'jwks'],
  ['registration', 'register'],
  ['revocation', 'revoke'],
  ['userinfo', 'userinfo'],
  ['end_session', 'logout'],
  ['introspection', 'introspect'],
  ['pushed_authorization_request', 'par'],
];
/** A Client ID Metadata Document larger than this is refused. */
export const METADATA_DOCUMENT_MAX_BYTES = 5 * 1024;
/** An authorization code lives this long and is used once. */
const AUTHORIZATION_CODE_SECONDS = 60;

export interface ProviderConfigurationDeps {
  settings: AuthorizationServerSettings;
  /** `<public URL>/mcp`: the one resource tokens are issued for. */
  resource: string;
  keys: SigningKeys;
  adapter: NonNullable<Configuration['adapter']>;
  /** Fetches Client ID Metadata Documents through the one HTTP client, with its address rules and caps. */
  fetch: FetchFunction;
  /** Cookies carry `Secure` (the public URL is https). */
  secureCookies: boolean;
}

export function buildProviderConfiguration(deps: ProviderConfigurationDeps): Configuration {
  const { settings, resource } = deps;
  const sameSiteLax = { httpOnly: true, sameSite: 'lax' as const, secure: deps.secureCookies, path: '/' };
  return {
    adapter: deps.adapter,
    clients: settings.clients.map(toClientMetadata),
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: SIGNING_ALGORITHM,
    },
    jwks: { keys: deps.keys.privateJwks as UnknownObject[] as never },
    cookies: {
      keys: [deps.keys.cookieSecret],
      long: { ...sameSiteLax, signed: true },
      short: { ...sameSiteLax, signed: true },
      names: { session: 'mcp_as_session', interaction: 'mcp_as_interaction', resume: 'mcp_as_resume' },
    },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    // The catalogue's scopes are the resource's (getResourceServerInfo below); listed here too, so that clients may
    // register them and the metadata names them (the consent step grants or rejects them in both places).
    scopes: ['openid', 'offline_access', ...SUPPORTED_SCOPES],
    claims: { openid: ['sub'] },
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: Object.fromEntries(ROUTE_PATHS.map(([name, path]) => [name, `${AUTHORIZATION_SERVER_PREFIX}/${path}`])),
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    // Every authorization asks for consent (the user sees which client gets which scopes each time): only the grant
    // the consent page just made is loaded, never one remembered in the session.
    loadExistingGrant: async (ctx) => {
      const grantId = (ctx.oidc.result as { consent?: { grantId?: string } } | undefined)?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: settings.accessTokenLifetimeSeconds,
      AuthorizationCode: AUTHORIZATION_CODE_SECONDS,
      RefreshToken: settings.refreshTokenLifetimeSeconds,
      Grant: settings.refreshTokenLifetimeSeconds,
      Interaction: 30 * 60,
      Session: 14 * 24 * 3600,
      IdToken: 3600,
    },
    fetch: deps.fetch as Configuration['fetch'],
    fetchResponseBodyLimits: { 'client_id metadata document': METADATA_DOCUMENT_MAX_BYTES } as never,
    clientBasedCORS: () => true,
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderErrorPage(typeof out.error === 'string' ? out.error : 'server_error');
    },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: settings.dynamicRegistration },
      // A client revokes only its own tokens.
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx: KoaContextWithOIDC, client: { clientId: string }, token: { clientId?: string }) =>
          token.clientId === client.clientId,
      } as never,
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        allowFetch: async (_ctx: KoaContextWithOIDC, clientId: string) => URL.canParse(clientId),
        allowClient: async (_ctx: KoaContextWithOIDC, client: { redirectUris?: string[] }) =>
          (client.redirectUris?.length ?? 0) > 0,
        cacheDuration: { min: 30, max: 3600 },
      } as never,
      resourceIndicators: {
        enabled: true,
        // `resource` is required: without it there is nothing to bind the token to.
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? missingResource(),
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget('this server issues tokens only for its /mcp');
          return {
            scope: SUPPORTED_SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: settings.accessTokenLifetimeSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: SIGNING_ALGORITHM } },
          };
        },
      },
    },
  };
}

function missingResource(): never {
  throw new errors.InvalidTarget('the resource parameter is required: the URL of the MCP endpoint');
}

function toClientMetadata(client: AuthorizationServerSettings['clients'][number]): ClientMetadata {
  return {
    client_id: client.clientId,
    client_secret: client.clientSecret,
    client_name: client.clientName,
    redirect_uris: client.redirectUris,
    token_endpoint_auth_method: client.clientSecret ? 'client_secret_basic' : 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
}
