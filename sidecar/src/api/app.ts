// Builds the Express application (the management API, /mcp, metrics, webhooks) from the parts of the context the
// composition root built: it creates no long-lived object of its own.
import express, { type Express, type Router } from 'express';
import { createSecurityHeaders } from '../http/security-headers.js';
import type { Logger } from '../logging/logger.js';
import type { HttpClient } from '../net/http-client.js';
import { supportsAppPasswords } from '../settings/auth-mode.js';
import type { Settings } from '../settings/settings.js';
import type { LoginFlowSignIn } from '../auth/login-flow/login-flow-sign-in.js';
import type { OAuthContext } from '../auth/oauth-context.js';
import type { McpEndpoint } from './mcp-endpoint.js';
import { SMITHERY_CONFIG_SCHEMA } from '../auth/smithery-config.js';
import type { Store } from '../store/open-store.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import { requireKnowledgeCaller, type KnowledgeCallerDeps } from '../http/knowledge-caller.js';
import { createKnowledgeRouter } from './knowledge-routes.js';
import type { WebhookDeliveries } from '../knowledge/webhooks/webhook-deliveries.js';
import { createWebhookReceiver } from './webhook-receiver.js';
import type { WebhookRegistrationStore } from '../knowledge/webhooks/webhook-registrations.js';
import { createWebhookRouter } from './webhook-routes.js';
import { createRescanNoticeRouter } from './rescan-notice-routes.js';
import { createPdfPreviewRouter, type PreviewParts } from './preview-route.js';
import { createMetricsRouter } from './metrics-route.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import { createApiKeyCheck, createConfiguredKeyCheck } from '../http/api-key.js';
import { createRouteGuards } from './route-guards.js';
import { createAppPasswordRouter } from './app-password-routes.js';
import type { FailedValidationBudget } from '../limits/failed-validations.js';
import type { RateLimiterFactory } from '../limits/rate-limit.js';
import { createConnectionRouter } from './connection-route.js';
import { createErrorHandler, notFoundHandler } from '../http/error-handler.js';
import { createHealthRouter } from './health-routes.js';
import { createOAuthBrowserRouter } from './oauth-browser-routes.js';
import { createProtectedResourceRouter } from './protected-resource-routes.js';
import { createRequestContext } from '../http/request-context.js';
import { createLoginFlowRouter } from './login-flow-routes.js';
import { createSessionRouter } from './session-routes.js';
import { createConnectedClientRouter, type ConnectedClientRouteDeps } from './connected-client-routes.js';
import { createStatusRouter } from './status-route.js';

export const JSON_BODY_LIMIT = '16kb';
/**
 * Where MANAGEMENT_API_KEY applies to an address no route serves, so that without the key nothing there is told apart
 * (401 before 404). The routes themselves get the key from the route table (route-access.ts).
 */
export const API_KEY_PATHS = ['/api/v1', '/metrics'];

/** What the app reads from the composition root's context (context/context.ts builds it). */
export interface AppContext {
  settings: Settings;
  logger: Logger;
  http: HttpClient;
  storage: Store;
  version: string;
  /** Present in hybrid and oauth modes. */
  oauth?: OAuthContext;
  /**
   * oauth mode with MCP_AUTHORIZATION_SERVER=sidecar: the sidecar's own authorization server (its endpoints under
   * /oauth2, its discovery documents and interaction pages), mounted before the body parsers.
   */
  authorizationServer?: {
    issuer: string;
    scopes: readonly string[];
    router: Router;
  } & ConnectedClientRouteDeps['authorizationServer'];
  /** The sidecar's public base URL. */
  publicUrl: string;
  /** The MCP endpoint (/mcp), mounted with its own body limit. */
  mcp?: McpEndpoint;
  /** Present when KNOWLEDGE_ENABLED is on (search, chunk context, sync status, webhooks). */
  knowledge?: Knowledge;
  /** Who calls a route that serves user data: the Bearer token's subject, or basic mode's configured user. */
  credentials: KnowledgeCallerDeps;
  /** Our registrations at Nextcloud's webhook_listeners (needs an encryption key for their secrets). */
  webhookRegistrations?: WebhookRegistrationStore;
  /** Which webhook deliveries are fresh and new (replay protection); present with the knowledge index. */
  webhookDeliveries?: WebhookDeliveries;
  /** WEBHOOK_RECEIVER_URL, or the public URL + /webhooks/nextcloud. */
  webhookReceiverUrl: string;
  /**
   * Signing users in through Nextcloud's Login Flow v2 (loaded on first call); absent without an encryption key and
   * in smithery mode.
   */
  loginFlowSignIn?: () => Promise<LoginFlowSignIn>;
  /** Where rate limits count (the database every replica shares). */
  rateLimiters: RateLimiterFactory;
  /** Failed validations at Nextcloud, shared with /mcp. */
  failedValidations: FailedValidationBudget;
  /** Present when METRICS_ENABLED is on: counts every request and serves GET /metrics. */
  metrics?: ServerMetrics;
  /** The PDF preview's caches, spool folder and (lazily started) render pool. */
  preview: PreviewParts;
  clock?: () => number;
}

export function createApp(deps: AppContext): Express {
  const { settings, http, storage, rateLimiters } = deps;
  const clock = deps.clock ?? Date.now;
  // Every route that serves user data identifies its caller with it: in basic mode behind /mcp's Host/Origin rule.
  const knowledgeCaller = deps.credentials;
  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // No ETag hashed over every JSON answer (a search's is ~70 KB): no client asks for them conditionally. The preview
  // route sets its own and answers 304 itself.
  app.set('etag', false);
  // The client address rate limits count: the socket's, unless a trusted reverse proxy forwarded the client's.
  if (settings.server.trustedProxies.length > 0) app.set('trust proxy', settings.server.trustedProxies);
  if (deps.metrics) app.use(deps.metrics.recordRequests);
  app.use(createRequestContext(deps.logger));
  app.use(createSecurityHeaders());
  // The public status and the probes first: they are what monitors call most, and read no body.
  app.use(
    createStatusRouter({
      settings,
      version: deps.version,
      startedAt: clock(),
      clock,
      knowledgeRuns: deps.knowledge !== undefined,
    }),
  );
  app.use(createHealthRouter({ http, nextcloudHost: settings.nextcloud.host, storeHealth: () => storage.health() }));
  if (deps.mcp) app.use(deps.mcp.router);
  // Before the JSON parser: the receiver authenticates first and reads the body itself.
  if (deps.knowledge && deps.webhookRegistrations && deps.webhookDeliveries) {
    app.use(
      createWebhookReceiver({
        secrets: deps.webhookRegistrations,
        deliveries: deps.webhookDeliveries,
        waker: deps.knowledge.engine,
        logger: deps.logger,
        clock,
      }),
    );
  }
  // oidc-provider reads its own request bodies (forms and JSON): mounted before the JSON parser.
  if (deps.authorizationServer) app.use(deps.authorizationServer.router);
  app.use(express.json({ limit: JSON_BODY_LIMIT }));

  if (settings.authMode === 'smithery') {
    app.get('/.well-known/mcp-config', (_req, res) => void res.json(SMITHERY_CONFIG_SCHEMA));
  }
  const apiKey = createApiKeyCheck(settings.managementApiKey);
  // The one place that guards the routes mounted below: the route table says which take the key, which a caller.
  app.use(
    createRouteGuards({
      apiKey,
      caller: requireKnowledgeCaller(knowledgeCaller),
      configuredKey: createConfiguredKeyCheck(settings.managementApiKey),
    }),
  );
  app.use(createConnectionRouter({ settings, version: deps.version }));
  app.use(
    createAppPasswordRouter({
      appPasswords: supportsAppPasswords(settings.authMode, settings.enableOfflineAccess)
        ? storage.appPasswords
        : undefined,
      http,
      nextcloudHost: settings.nextcloud.host,
      validationTimeoutMs: settings.nextcloud.validationTimeoutMs,
      failedValidations: deps.failedValidations,
      rateLimiters,
    }),
  );

  app.use(
    createSessionRouter({
      oauth: deps.oauth,
      ownOwnerVerifier: deps.authorizationServer?.ownerVerifier,
      enableOfflineAccess: settings.enableOfflineAccess,
      appPasswords: storage.appPasswords,
      refreshTokens: storage.refreshTokens,
      accessTokens: storage.accessTokens,
      logger: deps.logger,
      nextcloud: { http, nextcloudHost: settings.nextcloud.host, timeoutMs: settings.nextcloud.httpTimeoutMs },
      clock,
    }),
  );
  app.use(
    createLoginFlowRouter({
      oauth: deps.oauth,
      ownOwnerVerifier: deps.authorizationServer?.ownerVerifier,
      loginFlowSignIn: deps.loginFlowSignIn,
      rateLimiters,
    }),
  );
  app.use(createConnectedClientRouter({ authorizationServer: deps.authorizationServer, oauth: deps.oauth }));
  if (deps.oauth && settings.enableOfflineAccess && storage.oauthSessions && storage.refreshTokens) {
    app.use(
      createOAuthBrowserRouter({
        oauth: deps.oauth,
        sessions: storage.oauthSessions,
        refreshTokens: storage.refreshTokens,
        publicUrl: deps.publicUrl,
        cookieSecure: settings.cookieSecure,
        logger: deps.logger,
        rateLimiters,
        clock,
      }),
    );
  }
  if (deps.authorizationServer) {
    const { issuer, scopes } = deps.authorizationServer;
    app.use(createProtectedResourceRouter({ publicUrl: deps.publicUrl, authorizationServer: () => issuer, scopes }));
  } else if (deps.oauth && settings.authMode === 'oauth') {
    const { oauth } = deps;
    const publicIssuer = settings.nextcloud.publicIssuerUrl;
    app.use(
      createProtectedResourceRouter({
        publicUrl: deps.publicUrl,
        authorizationServer: () => publicIssuer ?? oauth.ready().metadata.issuer,
        scopes: ['openid', 'profile', 'email', 'offline_access'],
      }),
    );
  }

  app.use(
    createKnowledgeRouter({
      knowledge: deps.knowledge,
      rateLimiters,
      http,
      nextcloudHost: settings.nextcloud.host,
    }),
  );

  app.use(createRescanNoticeRouter({ knowledge: deps.knowledge, logger: deps.logger }));

  app.use(
    createWebhookRouter({
      registrations: deps.knowledge ? deps.webhookRegistrations : undefined,
      http,
      nextcloudHost: settings.nextcloud.host,
      receiverUrl: deps.webhookReceiverUrl,
      timeoutMs: settings.nextcloud.httpTimeoutMs,
    }),
  );

  app.use(
    createPdfPreviewRouter({
      http,
      nextcloudHost: settings.nextcloud.host,
      settings,
      logger: deps.logger,
      ...deps.preview,
      rateLimiters,
      clock,
    }),
  );

  app.use(createMetricsRouter({ metrics: deps.metrics }));

  app.use(API_KEY_PATHS, apiKey);
  app.use(notFoundHandler);
  app.use(createErrorHandler(deps.logger));
  return app;
}
