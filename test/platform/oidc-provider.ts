// The identity provider double: oidc-provider configured the way Nextcloud's oidc app behaves
// (docs/nextcloud-behaviour.md, "The OIDC provider app").
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { createTokenRegistry, type IntrospectionBehaviour } from './oidc-introspection.js';
import { createMemoryAdapterFactory } from './oidc-memory-adapter.js';
import { answerLikeNextcloud } from './oidc-nextcloud-answers.js';
import { readTokenRequest } from './oidc-token-request.js';

export interface OidcUser {
  id: string;
  name?: string;
  email?: string;
}

export interface OidcDoubleOptions {
  users?: OidcUser[];
  /** Interactions sign this user in (or the known user named by `login_hint`) and grant what was asked, without a
   * form (default: the first user). */
  autoLoginUser?: string;
  /** Dynamically registered clients expire this many seconds after issue (Nextcloud's client_expire_time: 3600). */
  clientExpireSeconds?: number;
  registrationEnabled?: boolean;
  /** Nextcloud's expire_time: the access token's lifetime (900 s). */
  accessTokenTtlSeconds?: number;
  /** Nextcloud's refresh_expire_time (900 s): a refresh token lives expire_time + this long after its answer. */
  refreshExpireSeconds?: number;
  /** Clients configured up front, like clients an administrator created in the oidc app. */
  clients?: Configuration['clients'];
  /** `nextcloud` (default) as the oidc app introspects; `any-token` is a TEST-ONLY attacker provider, see
   * oidc-introspection.ts. */
  introspection?: IntrospectionBehaviour;
}

export interface OidcDouble {
  /** The issuer and base URL (no /index.php), like https://cloud.example.com. */
  issuer: string;
  discoveryUrl: string;
  provider: Provider;
  /** How many refresh_token grants succeeded / were attempted. */
  counts: { refreshGrants: number; tokenRequests: number; registrations: number };
  setTokenLatency(ms: number): void;
  /** The lifetime of clients registered from now on. */
  setClientExpireSeconds(seconds: number): void;
  /** Every dynamically registered client reaches its expiry now (the token endpoint answers `expired_client`). */
  expireDynamicClients(): void;
  /** The oidc app's hourly cleanup job: expired dynamic clients are deleted (then `invalid_client`). */
  deleteExpiredClients(): void;
  close(): Promise<void>;
}

const OIDC_PREFIX = '/index.php/apps/oidc';
/**
 * Where introspection answers: Nextcloud's oidc app, or — for the TEST-ONLY lenient provider — a path no Nextcloud
 * app has, because that provider is not Nextcloud's oidc app (an external identity provider's introspection).
 */
const introspectionPath = (behaviour: IntrospectionBehaviour | undefined) =>
  behaviour === 'any-token' ? '/external-idp/token/introspect' : `${OIDC_PREFIX}/introspect`;
export const DEFAULT_RESOURCE = 'urn:nextcloud:oidc:client-default';

export interface OidcHandler extends Omit<OidcDouble, 'close'> {
  /** Answers the request when it is one of the provider's paths; returns false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

/** The provider as a request handler for a server whose base URL is `issuer` (the platform double mounts it). */
export function createOidcHandler(issuer: string, options: OidcDoubleOptions = {}): OidcHandler {
  const users = new Map((options.users ?? [{ id: 'alice' }]).map((user) => [user.id, user]));
  const state = { tokenLatencyMs: 0, clientExpireSeconds: options.clientExpireSeconds ?? 3600 };
  const counts = { refreshGrants: 0, tokenRequests: 0, registrations: 0 };
  const adapter = createMemoryAdapterFactory({ dynamicClientLifetimeSeconds: () => state.clientExpireSeconds });
  const provider = new Provider(issuer, buildConfiguration(options, users, adapter));
  const storedClient = (clientId: string) => adapter.dynamicClients().find((client) => client.client_id === clientId);
  answerLikeNextcloud(provider, {
    tokenPath: `${OIDC_PREFIX}/token`,
    registrationPath: `${OIDC_PREFIX}/register`,
    refreshExpireSeconds: options.refreshExpireSeconds ?? 900,
    clientExpiresAt: (clientId) => Number(storedClient(clientId)?.client_secret_expires_at) || undefined,
  });
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    if (ctx.oidc.params?.grant_type === 'refresh_token') counts.refreshGrants += 1;
  });
  provider.on('registration_create.success', () => (counts.registrations += 1));
  const registry = createTokenRegistry(provider, options.introspection);
  const handleOidc = provider.callback();
  const autoLogin = options.autoLoginUser ?? [...users.keys()][0] ?? 'alice';

  const handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path === introspectionPath(options.introspection) && req.method === 'POST') {
      void registry.introspect(req, res);
      return true;
    }
    if (path === '/.well-known/openid-configuration') {
      res.writeHead(301, { location: `${issuer}/index.php/.well-known/openid-configuration` }).end();
      return true;
    }
    if (path === '/index.php/.well-known/openid-configuration') {
      req.url = '/.well-known/openid-configuration';
    } else if (path.startsWith('/interaction/')) {
      void completeInteraction(provider, req, res, (hint) => (hint && users.has(hint) ? hint : autoLogin));
      return true;
    } else if (!path.startsWith(`${OIDC_PREFIX}/`)) {
      return false;
    }
    if (path === `${OIDC_PREFIX}/token` && req.method === 'POST') {
      counts.tokenRequests += 1;
      void readTokenRequest(req).then((request) => setTimeout(() => handleOidc(request, res), state.tokenLatencyMs));
      return true;
    }
    handleOidc(req, res);
    return true;
  };

  return {
    issuer,
    discoveryUrl: `${issuer}/index.php/.well-known/openid-configuration`,
    provider,
    counts,
    handle,
    setTokenLatency: (ms) => void (state.tokenLatencyMs = ms),
    setClientExpireSeconds: (seconds) => void (state.clientExpireSeconds = seconds),
    expireDynamicClients: () => {
      const now = Math.floor(Date.now() / 1000);
      for (const client of adapter.dynamicClients()) client.client_secret_expires_at = now;
    },
    deleteExpiredClients: () => {
      const now = Math.floor(Date.now() / 1000);
      for (const client of adapter.dynamicClients()) {
        if (Number(client.client_secret_expires_at) <= now) adapter.deleteClient(String(client.client_id));
      }
    },
  };
}

/** The provider alone on its own loopback server. */
export async function startOidcDouble(options: OidcDoubleOptions = {}): Promise<OidcDouble> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const oidc = createOidcHandler(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, options);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!oidc.handle(req, res)) res.writeHead(404).end();
  });
  const { handle: _handle, ...double } = oidc;
  return {
    ...double,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function buildConfiguration(
  options: OidcDoubleOptions,
  users: Map<string, OidcUser>,
  adapter: Configuration['adapter'],
): Configuration {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'nextcloud-oidc-1', use: 'sig', alg: 'RS256' };
  const accessTokenTtlSeconds = options.accessTokenTtlSeconds ?? 900;
  return {
    adapter,
    clients: options.clients ?? [],
    jwks: { keys: [jwk] } as Configuration['jwks'],
    cookies: { keys: ['double-cookie-key-1'] },
    scopes: ['openid', 'profile', 'email', 'roles', 'groups', 'offline_access'],
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email'] },
    pkce: { required: () => false },
    // Nextcloud compares times exactly (a client is expired from its expiry second on).
    clockTolerance: 0,
    rotateRefreshToken: true,
    ttl: {
      AccessToken: accessTokenTtlSeconds,
      // Refused once refresh_expire_time has passed since its `refreshed` stamp (answer time + expire_time); each
      // refresh gives a new token and so restarts the clock.
      RefreshToken: accessTokenTtlSeconds + (options.refreshExpireSeconds ?? 900),
      Interaction: 600,
      Session: 24 * 3600,
      Grant: 30 * 24 * 3600,
      IdToken: 3600,
      AuthorizationCode: 60,
    },
    extraClientMetadata: { properties: ['access_token_format', 'resource_url'] },
    routes: {
      authorization: `${OIDC_PREFIX}/authorize`,
      token: `${OIDC_PREFIX}/token`,
      userinfo: `${OIDC_PREFIX}/userinfo`,
      jwks: `${OIDC_PREFIX}/jwks`,
      introspection: introspectionPath(options.introspection),
      registration: `${OIDC_PREFIX}/register`,
      end_session: `${OIDC_PREFIX}/logout`,
    },
    features: {
      devInteractions: { enabled: false },
      introspection: { enabled: true },
      revocation: { enabled: false },
      registration: { enabled: options.registrationEnabled ?? true },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => DEFAULT_RESOURCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource, client) => ({
          scope: 'openid profile email offline_access',
          // Nextcloud: the audience is the resource parameter, else the client's resource URL, else its client id.
          audience:
            resource === DEFAULT_RESOURCE ? ((client.resource_url as string | undefined) ?? client.clientId) : resource,
          accessTokenFormat: client.access_token_format === 'opaque' ? 'opaque' : 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // Nextcloud's JWT access tokens carry auth_time, azp, preferred_username and, for those scopes, profile and
    // email claims (and their header says `typ: at+JWT`).
    extraTokenClaims: async (ctx, token) => {
      if (token.kind !== 'AccessToken') return undefined;
      const accountId = String(token.accountId);
      const user = users.get(accountId);
      const scopes = String(token.scope ?? '').split(' ');
      const grantSource = ctx?.oidc.entities.AuthorizationCode ?? ctx?.oidc.entities.RefreshToken;
      return {
        auth_time: grantSource?.authTime ?? Math.floor(Date.now() / 1000),
        azp: token.clientId,
        preferred_username: accountId,
        ...(scopes.includes('profile') ? { name: user?.name ?? accountId } : {}),
        ...(scopes.includes('email') ? { email: user?.email ?? `${accountId}@example.com`, email_verified: true } : {}),
      };
    },
    formats: {
      // An opaque access token is 72 characters, a refresh token 128. unverified: the alphabet; Nextcloud's are
      // letters and digits, oidc-provider's are base64url (with - and _).
      bitsOfOpaqueRandomness: (_ctx, token) => ({ AccessToken: 72 * 6, RefreshToken: 128 * 6 })[token.kind] ?? 256,
      customizers: {
        jwt: async (_ctx, _token, jwt) => {
          jwt.header = { ...jwt.header, typ: 'at+JWT' };
        },
      },
    },
    findAccount: async (_ctx, sub) => {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        // ID tokens carry no profile claims (oidc-provider would add them when the access token is not for userinfo).
        claims: async (use) =>
          use === 'id_token'
            ? { sub }
            : {
                sub,
                name: user.name ?? sub,
                preferred_username: sub,
                email: user.email ?? `${sub}@example.com`,
              },
      };
    },
  };
}

/** Signs the chosen user in and grants every requested scope and resource, as a user clicking through would. */
async function completeInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  chooseUser: (loginHint: string | undefined) => string,
) {
  try {
    const details = await provider.interactionDetails(req, res);
    const hint = details.params.login_hint;
    const userId = chooseUser(typeof hint === 'string' ? hint : undefined);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: userId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = details.grantId
      ? ((await provider.Grant.find(details.grantId)) ??
        new provider.Grant({ accountId: userId, clientId: String(details.params.client_id) }))
      : new provider.Grant({ accountId: userId, clientId: String(details.params.client_id) });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    for (const [resource, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(resource, scopes.join(' '));
    }
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  } catch (error) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end(`interaction failed: ${(error as Error).message}`);
  }
}
