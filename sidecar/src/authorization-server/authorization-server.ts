// The sidecar as the OAuth authorization server of /mcp (MCP_AUTHORIZATION_SERVER=sidecar): builds oidc-provider over
// our database and keys, and answers with the Express router that serves its endpoints, discovery documents and
// interaction pages, and the verifier /mcp checks its tokens with. Loaded only in that mode.
import { Router, type NextFunction, type Request, type Response } from 'express';
import Provider from 'oidc-provider';
import type { BearerVerifier } from '../auth/bearer-verifier.js';
import type { LoginFlowSignIn } from '../auth/login-flow/login-flow-sign-in.js';
import { clientAddressKey, type RateLimiterFactory } from '../limits/rate-limit.js';
import type { Logger } from '../logging/logger.js';
import { createFetchAdapter } from '../net/fetch-adapter.js';
import { withFailureMemory } from '../net/fetch-failure-memory.js';
import type { HttpClient } from '../net/http-client.js';
import type { AuthorizationServerSettings } from '../settings/authorization-server-settings.js';
import type { SecretBox } from '../store/secret-box.js';
import type { SqlDatabase } from '../store/sql/sql-database.js';
import { createInteractionRouter } from './interaction-routes.js';
import { createLocalTokenVerifier } from './local-token-verifier.js';
import { defaultMissingScope } from './default-scope.js';
import { allowLoopbackRedirectPorts } from './loopback-redirects.js';
import { AUTHORIZATION_SERVER_PREFIX, buildProviderConfiguration } from './provider-configuration.js';
import { createRecordAdapterClass } from './record-adapter.js';
import { SUPPORTED_SCOPES } from '../auth/scope-catalogue.js';
import { loadSigningKeys, readSigningKeys } from './signing-keys.js';

export interface AuthorizationServerDeps {
  settings: AuthorizationServerSettings;
  /** NEXTCLOUD_MCP_SERVER_URL: the issuer, and `<it>/mcp` the one resource. */
  publicUrl: string;
  db: SqlDatabase;
  box: SecretBox;
  /** The client of Client ID Metadata Documents: the address rules, a 5 KB and a 5 s cap. */
  metadataHttp: HttpClient;
  rateLimiters: RateLimiterFactory;
  /** Nextcloud's Login Flow v2, loaded on first use: the sign-in step of every authorization. */
  signIn: () => Promise<LoginFlowSignIn>;
  logger: Logger;
  clock?: () => number;
}

export interface AuthorizationServer {
  issuer: string;
  /** The scopes it grants (scopes_supported of its metadata and of /mcp's). */
  scopes: readonly string[];
  /** The provider's endpoints (under /oauth2), its discovery documents and the interaction pages. */
  router: Router;
  /** Verifies this server's access tokens for /mcp. */
  mcpVerifier: BearerVerifier;
}

/** The well-known paths of the server's metadata (RFC 8414 and OpenID discovery), both the same document. */
export const METADATA_PATHS = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];

/** Login Flows one client address may start at Nextcloud in 10 minutes. */
const SIGN_INS_PER_10_MINUTES = 10;
/** Asks at Nextcloud one client address's waiting pages may make in a minute (they refresh every 3 s). */
const SIGN_IN_CHECKS_PER_MINUTE = 40;

/** The provider's routes the sidecar serves, each a row of api/route-access.ts; OPTIONS answers CORS preflights. */
const PROVIDER_ROUTES: ReadonlyArray<readonly ['get' | 'post' | 'options', string]> = [
  ['get', METADATA_PATHS[0]!],
  ['get', METADATA_PATHS[1]!],
  ['options', METADATA_PATHS[0]!],
  ['options', METADATA_PATHS[1]!],
  ['get', `${AUTHORIZATION_SERVER_PREFIX}/authorize`],
  ['post', `${AUTHORIZATION_SERVER_PREFIX}/authorize`],
  ['get', `${AUTHORIZATION_SERVER_PREFIX}/authorize/:uid`],
  ['post', `${AUTHORIZATION_SERVER_PREFIX}/token`],
  ['options', `${AUTHORIZATION_SERVER_PREFIX}/token`],
  ['get', `${AUTHORIZATION_SERVER_PREFIX}/jwks`],
  ['post', `${AUTHORIZATION_SERVER_PREFIX}/register`],
  ['options', `${AUTHORIZATION_SERVER_PREFIX}/register`],
  ['post', `${AUTHORIZATION_SERVER_PREFIX}/revoke`],
  ['options', `${AUTHORIZATION_SERVER_PREFIX}/revoke`],
];

export async function createAuthorizationServer(deps: AuthorizationServerDeps): Promise<AuthorizationServer> {
  const { settings, publicUrl } = deps;
  const issuer = publicUrl;
  const resource = `${publicUrl}/mcp`;
  const lifetimeMs = Math.max(settings.accessTokenLifetimeSeconds, 3600) * 1000;
  const keys = await loadSigningKeys(
    deps.db,
    deps.box,
    { rotationMs: settings.signingKeyRotationDays * 86_400_000, overlapMs: 2 * lifetimeMs },
    (deps.clock ?? Date.now)(),
  );
  const publicOrigin = new URL(publicUrl);
  const provider = new Provider(
    issuer,
    buildProviderConfiguration({
      settings,
      resource,
      keys,
      adapter: createRecordAdapterClass({ db: deps.db, box: deps.box, clock: deps.clock }),
      fetch: withFailureMemory(createFetchAdapter(deps.metadataHttp)),
      secureCookies: publicOrigin.protocol === 'https:',
    }),
  );
  // Endpoint URLs and cookies follow the public URL, whatever Host a request came with (the headers are pinned below).
  provider.proxy = true;
  allowLoopbackRedirectPorts(provider);
  defaultMissingScope(provider, `${AUTHORIZATION_SERVER_PREFIX}/authorize`);
  provider.on('server_error', (_ctx, error) => deps.logger.error({ err: error }, 'authorization server error'));
  // Refusals are the client's or the user's business, but an operator asked why a client cannot connect reads them
  // here: the OAuth error and its description, never a token.
  const logRefusal = (event: string) => (_ctx: unknown, error: { error?: string; error_description?: string }) =>
    deps.logger.info({ event, error: error.error, description: error.error_description }, 'authorization refused');
  provider.on('authorization.error', logRefusal('authorization'));
  provider.on('grant.error', logRefusal('grant'));
  provider.on('registration_create.error', logRefusal('registration'));
  provider.on('revocation.error', logRefusal('revocation'));
  const registrations = deps.rateLimiters('oauth-client-registration', {
    limit: settings.registrationsPerHour,
    windowMs: 3_600_000,
  });
  const callback = provider.callback();
  const router = Router();
  router.use(
    createInteractionRouter({
      provider,
      signIn: deps.signIn,
      resource,
      publicOrigin: publicOrigin.origin,
      logger: deps.logger,
      signInStarts: deps.rateLimiters('oauth-sign-in-start', { limit: SIGN_INS_PER_10_MINUTES, windowMs: 600_000 }),
      signInChecks: deps.rateLimiters('oauth-sign-in-check', { limit: SIGN_IN_CHECKS_PER_MINUTE, windowMs: 60_000 }),
    }),
  );
  router.post(`${AUTHORIZATION_SERVER_PREFIX}/register`, async (req: Request, _res: Response, next: NextFunction) => {
    await registrations.hit(clientAddressKey(req));
    next();
  });
  const toProvider = (req: Request, res: Response) => {
    // Endpoint URLs and cookies follow the public URL, whatever Host the request came with.
    req.headers['x-forwarded-host'] = publicOrigin.host;
    req.headers['x-forwarded-proto'] = publicOrigin.protocol.slice(0, -1);
    // RFC 8414's path serves the same document as OpenID discovery.
    if (req.path === METADATA_PATHS[0]) req.url = METADATA_PATHS[1]!;
    // The provider's own pages (its error page) are framed by nobody either.
    const policy = res.getHeader('Content-Security-Policy');
    if (typeof policy === 'string') {
      res.setHeader('Content-Security-Policy', policy.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"));
    }
    void callback(req, res);
  };
  for (const [method, path] of PROVIDER_ROUTES) router[method](path, toProvider);
  const mcpVerifier = createLocalTokenVerifier({
    issuer,
    resource,
    challenge: `Bearer resource_metadata="${publicUrl}/.well-known/oauth-protected-resource/mcp"`,
    publicKeys: keys.publicKeys,
    reloadKeys: async () => (await readSigningKeys(deps.db, deps.box)).publicKeys,
    clock: deps.clock,
  });
  return { issuer, scopes: SUPPORTED_SCOPES, router, mcpVerifier };
}
