// The composition root: `createContext` builds every long-lived part of the HTTP sidecar once, from settings (the
// logger, HTTP client, store, OAuth context, rate limits, credential resolver, knowledge index, metrics, previews and
// the MCP service), and `close` releases them in reverse order. Nothing here contacts Nextcloud or listens: the
// server (main.ts) starts the OAuth context and listens.
import type { AppContext } from '../api/app.js';
import type { LoginFlowSignIn } from '../auth/login-flow/login-flow-sign-in.js';
import { createMcpService, type McpService } from '../api/mcp-service.js';
import { createBasicCredentialCheck } from '../auth/basic-credential-check.js';
import { createCredentialResolver, type NextcloudCredentialResolver } from '../auth/nextcloud-credentials.js';
import { hostOriginRuleFor } from '../http/host-origin-check.js';
import { withSyncNotifications } from '../knowledge/sync/credential-events.js';
import { createWebhookDeliveries } from '../knowledge/webhooks/webhook-deliveries.js';
import { createWebhookRegistrationStore } from '../knowledge/webhooks/webhook-registrations.js';
import { createFailedValidationBudget } from '../limits/failed-validations.js';
import { databaseRateLimiters } from '../limits/rate-limit-store.js';
import { formatHost } from '../listening.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { createCallerMemoStore } from '../platform/caller-memo.js';
import type { DocumentReaders } from '../knowledge/extract/document-readers.js';
import type { Settings } from '../settings/settings.js';
import { SIDECAR_VERSION } from '../version.js';
import {
  addressPolicyFor,
  basicUserFor,
  createHttpClientFor,
  createKnowledgeFor,
  documentReadersFor,
  createAuthorizationServerFor,
  createOAuthContextFor,
  openStoreFor,
  usesIdentityProvider,
  usesSidecarAuthorizationServer,
} from './parts.js';
import { loginFlowSignInFor } from './login-flow-parts.js';
import { createPreviewParts, type OwnedPreviewParts } from './preview-parts.js';

export interface SidecarContext extends AppContext {
  mcp: McpService;
  credentials: NextcloudCredentialResolver;
  preview: OwnedPreviewParts;
  /** The document readers the knowledge index and the MCP file tools share (no worker until the first document). */
  documents: DocumentReaders;
  /** Releases everything (the MCP sessions, the sync, previews, OAuth timers, connections, the database). */
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Default: pino on stdout at LOG_LEVEL. */
  logger?: Logger;
  clock?: () => number;
  migrationsDir?: string;
  /** Delays between attempts to reach the identity provider (tests shorten them). */
  oauthRetryDelaysMs?: number[];
}

export async function createContext(settings: Settings, options: ContextOptions = {}): Promise<SidecarContext> {
  const logger = options.logger ?? createLogger(settings.logLevel);
  for (const notice of settings.notices) logger[notice.level](notice.message);
  const { clock } = options;
  const addressPolicy = addressPolicyFor(settings);
  // Loaded only when switched on, as the knowledge index and the OAuth client are (parts.ts): idle memory.
  const metricsModule = settings.metrics.enabled ? await import('../metrics/server-metrics.js') : undefined;
  const metrics = metricsModule?.createServerMetricsFor(settings);
  const http = createHttpClientFor(settings, addressPolicy, metrics);
  const storage = await openStoreFor(settings, logger, options.migrationsDir).catch(async (error: unknown) => {
    await http.close();
    throw error;
  });
  const publicUrl = settings.mcpServerUrl ?? `http://${formatHost(settings.server.host)}:${settings.server.port}`;
  // With the sidecar as the authorization server, Nextcloud's oidc app is not used at all.
  const oauth =
    usesIdentityProvider(settings) && !usesSidecarAuthorizationServer(settings)
      ? await createOAuthContextFor(settings, {
          http,
          logger,
          storage,
          publicUrl,
          retryDelaysMs: options.oauthRetryDelaysMs,
        })
      : undefined;
  // Counted in the database: every replica sharing it enforces one limit.
  const rateLimiters = databaseRateLimiters(storage.db, clock);
  // One budget for the app-password routes and /mcp: Nextcloud's brute-force protection must never see a flood.
  const failedValidations = createFailedValidationBudget(rateLimiters, {
    totalLimit: settings.managementApi.failedValidationsTotalLimit,
  });
  // Bound below, once the credential store that tells the sync of new credentials exists.
  const lateSignIn: { current?: () => Promise<LoginFlowSignIn> } = {};
  const authorizationServer = usesSidecarAuthorizationServer(settings)
    ? await createAuthorizationServerFor(settings, {
        storage,
        publicUrl,
        rateLimiters,
        signIn: () => (lateSignIn.current ? lateSignIn.current() : Promise.reject(new Error('No Login Flow sign-in.'))),
        logger,
        clock,
      }).catch(async (error: unknown) => {
        await http.close();
        await storage.close();
        throw error;
      })
    : undefined;
  const memo = createCallerMemoStore();
  const basicUser = basicUserFor(settings, http);
  const hostOrigin = hostOriginRuleFor(settings, publicUrl);
  const credentials = createCredentialResolver({
    settings,
    oauth,
    sidecarTokens: authorizationServer?.server.mcpVerifier,
    appPasswords: storage.appPasswords,
    basicUser,
    hostOrigin,
    basicCheck:
      settings.authMode === 'multi_user_basic'
        ? createBasicCredentialCheck({ http, memo, timeoutMs: settings.nextcloud.validationTimeoutMs, clock })
        : undefined,
    failedValidations,
    addressPolicy,
  });
  const preview = createPreviewParts(settings.preview);
  // One pair of document readers for the index and the file tools: both together stay within its bounds.
  const documents = documentReadersFor(settings);
  const closeBuilt = async () => {
    await documents.close();
    await preview.close();
    oauth?.close();
    await authorizationServer?.close();
    await http.close();
    await storage.close();
  };
  const knowledge = await createKnowledgeFor(settings, {
    http,
    logger,
    storage,
    basicUser,
    background: credentials.background,
    readers: documents,
    clock,
  }).catch(async (error: unknown) => {
    await closeBuilt();
    throw error;
  });
  metricsModule?.watchKnowledgeMetrics(metrics, knowledge, credentials.background);
  const appPasswords =
    knowledge && storage.appPasswords
      ? withSyncNotifications(storage.appPasswords, knowledge.engine, logger)
      : storage.appPasswords;
  const loginFlowSignIn = loginFlowSignInFor(settings, { http, logger, storage, appPasswords, clock });
  lateSignIn.current = loginFlowSignIn;
  const mcp = createMcpService({
    settings,
    http,
    logger,
    credentials,
    memo,
    hostOrigin,
    knowledge,
    documents,
    // The knowledge tools count against the same per-user allowance as the knowledge routes.
    rateLimiters,
    observeToolCall: metrics?.observeToolCall,
    clock,
  });
  return {
    settings,
    logger,
    http,
    storage: { ...storage, appPasswords },
    version: SIDECAR_VERSION,
    oauth,
    authorizationServer: authorizationServer?.server,
    publicUrl,
    mcp,
    knowledge,
    credentials,
    webhookRegistrations:
      knowledge && storage.box
        ? createWebhookRegistrationStore({ db: storage.db, box: storage.box, audit: storage.audit })
        : undefined,
    webhookDeliveries: knowledge
      ? createWebhookDeliveries(storage.db, { maxAgeMs: settings.knowledge.webhookMaxAgeMs })
      : undefined,
    webhookReceiverUrl: settings.knowledge.webhookReceiverUrl ?? `${publicUrl}/webhooks/nextcloud`,
    loginFlowSignIn,
    rateLimiters,
    failedValidations,
    metrics,
    preview,
    documents,
    clock,
    close: async () => {
      await mcp.close();
      await knowledge?.close();
      await closeBuilt();
    },
  };
}
