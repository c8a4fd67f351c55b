// The sidecar as the OAuth authorization server of /mcp (MCP_AUTHORIZATION_SERVER=sidecar): builds oidc-provider over
// our database and keys, and answers with the Express router that serves its endpoints, discovery documents and
// interaction pages, the verifiers of its tokens (/mcp's, and the management API's for trusted clients), the user's
// connected clients and the rotation of its signing keys. Loaded only in that mode.
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
import { createLocalTokenVerifier, type LocalTokenVerifierDeps } from './local-token-verifier.js';
import { defaultMissingScope } from './default-scope.js';
import { allowLoopbackRedirectPorts } from './loopback-redirects.js';
import { AUTHORIZATION_SERVER_PREFIX, buildProviderConfiguration } from './provider-configuration.js';
import { createRecordAdapterClass } from './record-adapter.js';
import { SUPPORTED_SCOPES } from '../auth/scope-catalogue.js';
import { loadSigningKeys, readSigningKeys, signingKeyPolicyFor, type SigningKeys } from './signing-keys.js';
import { createConnectedClients, type ConnectedClients } from './connected-clients.js';
import { createKeyRotation, type KeyRotation } from './key-rotation.js';
import { createRevokedClients } from './revoked-clients.js';

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
  /** MANAGEMENT_API_TRUSTED_CLIENTS: clients whose tokens the management API takes as their user's owner token. */
  trustedClients: readonly string[];
  logger: Logger;
  clock?: () => number;
  /** How often the signing keys are looked at (tests shorten it); see key-rotation.ts. */
  keyCheckIntervalMs?: number;
}

export interface AuthorizationServer {
  issuer: string;
  /** The scopes it grants (scopes_supported of its metadata and of /mcp's). */
  scopes: readonly string[];
  /** The provider's endpoints (under /oauth2), its discovery documents and the interaction pages. */
  router: Router;
  /** Verifies this server's access tokens for /mcp. */
  mcpVerifier: BearerVerifier;
  /** Verifies the owner tokens of the management API: this server's tokens issued to a trusted client. */
  ownerVerifier: BearerVerifier;
  /** The clients each user connected, and revoking them. */
  connectedClients: ConnectedClients;
  /** The signing keys' rotation: its timer is started and stopped by the composition root. */
  keyRotation: KeyRotation;
}

/** The well-known paths of the server's metadata (RFC 8414 and OpenID discovery), both the same document. */
export const METADATA_PATHS = ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'];

/** Clock difference between replicas (and clients) a revocation allows for. */
const CLOCK_SKEW_MS = 5 * 60_000;
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
  const policy = signingKeyPolicyFor(settings);
  const keys = await loadSigningKeys(deps.db, deps.box, policy, (deps.clock ?? Date.now)());
  const publicOrigin = new URL(publicUrl);
  const adapter = createRecordAdapterClass({ db: deps.db, box: deps.box, clock: deps.clock });
  const fetchDocument = withFailureMemory(createFetchAdapter(deps.metadataHttp));
  const makeProvider = (signingKeys: SigningKeys) => {
    const made = new Provider(
      issuer,
      buildProviderConfiguration({
        settings,
        resource,
        keys: signingKeys,
        adapter,
        fetch: fetchDocument,
        secureCookies: publicOrigin.protocol === 'https:',
      }),
    );
    watchProvider(made, deps.logger);
    return made;
  };
  // Replaced as a whole when the signing keys change (oidc-provider reads its keys once): state lives in the database.
  let provider = makeProvider(keys);
  let callback = provider.callback();
  const revoked = createRevokedClients({ db: deps.db, keepMs: lifetimeMs + CLOCK_SKEW_MS, clock: deps.clock });
  const onError = (error: unknown) => deps.logger.warn({ err: error }, 'authorization server upkeep failed');
  const connectedClients = createConnectedClients({ db: deps.db, box: deps.box, resource, revoked, onError });
  const registrations = deps.rateLimiters('oauth-client-registration', {
    limit: settings.registrationsPerHour,
    windowMs: 3_600_000,
  });
  const router = Router();
  router.use(
    createInteractionRouter({
      provider: () => provider,
      nameGrant: (grantId, clientName) => connectedClients.nameGrant(grantId, clientName),
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
  const verifierOf = (options: Partial<LocalTokenVerifierDeps>) =>
    createLocalTokenVerifier({
      issuer,
      resource,
      challenge: `Bearer resource_metadata="${publicUrl}/.well-known/oauth-protected-resource/mcp"`,
      publicKeys: keys.publicKeys,
      reloadKeys: async () => (await readSigningKeys(deps.db, deps.box)).publicKeys,
      revoked,
      clock: deps.clock,
      ...options,
    });
  const mcpVerifier = verifierOf({
    onVerified: (token) => {
      if (token.clientId) connectedClients.noteUse(token.subject, token.clientId);
    },
  });
  const trusted = new Set(deps.trustedClients);
  const ownerVerifier = verifierOf({
    challenge: 'Bearer realm="nextcloud-mcp-server"',
    isTrustedClient: (clientId) => clientId !== undefined && trusted.has(clientId),
  });
  const keyRotation = createKeyRotation({
    db: deps.db,
    box: deps.box,
    policy,
    keys,
    apply: (next) => {
      provider = makeProvider(next);
      callback = provider.callback();
      mcpVerifier.useKeys(next.publicKeys);
      ownerVerifier.useKeys(next.publicKeys);
      deps.logger.info({ kids: next.privateJwks.map((jwk) => jwk.kid) }, 'authorization server signing keys changed');
    },
    onError,
    clock: deps.clock,
    checkIntervalMs: deps.keyCheckIntervalMs,
  });
  return { issuer, scopes: SUPPORTED_SCOPES, router, mcpVerifier, ownerVerifier, connectedClients, keyRotation };
}

/** Logs the provider's failures, and its refusals at `info` (an operator asked why a client cannot connect). */
function watchProvider(provider: Provider, logger: Logger): void {
  // Endpoint URLs and cookies follow the public URL, whatever Host a request came with (the headers are pinned below).
  provider.proxy = true;
  allowLoopbackRedirectPorts(provider);
  defaultMissingScope(provider, `${AUTHORIZATION_SERVER_PREFIX}/authorize`);
  provider.on('server_error', (_ctx, error) => logger.error({ err: error }, 'authorization server error'));
  // The OAuth error and its description, never a token.
  const logRefusal = (event: string) => (_ctx: unknown, error: { error?: string; error_description?: string }) =>
    logger.info({ event, error: error.error, description: error.error_description }, 'authorization refused');
  provider.on('authorization.error', logRefusal('authorization'));
  provider.on('grant.error', logRefusal('grant'));
  provider.on('registration_create.error', logRefusal('registration'));
  provider.on('revocation.error', logRefusal('revocation'));
}
