// The composition root: builds the logger, the HTTP client, the store and the app from settings, and listens; or
// serves MCP on stdio with the same logger and HTTP client.
import type { AddressInfo } from 'node:net';
import { createApp } from './api/app.js';
import { createFailedValidationBudget } from './limits/failed-validations.js';
import { clientAddressKey } from './limits/rate-limit.js';
import { databaseRateLimiters } from './limits/rate-limit-store.js';
import { createOAuthContext, type OAuthContext } from './auth/oauth-context.js';
import { createBasicUser, type BasicUser } from './auth/basic-user.js';
import { createRefreshLease } from './auth/refresh-lease.js';
import { createMcpService } from './api/mcp-service.js';
import { createPdfFileCache } from './preview/pdf-file-cache.js';
import { serveStdio } from './mcp/stdio.js';
import { createLogger, type Logger } from './logging/logger.js';
import { createServerMetricsFor, watchKnowledgeMetrics, type ServerMetrics } from './metrics/server-metrics.js';
import { createAddressPolicy, type AddressPolicy } from './net/address-policy.js';
import { createHttpClient } from './net/http-client.js';
import { isHybridMode } from './settings/auth-mode.js';
import type { Settings } from './settings/settings.js';
import { logEncryption, logMigration, warnUnusedSqliteFile } from './store/start-up-report.js';
import { assertPortFree, closeServer, formatHost, listen } from './listening.js';
import { openStore, type Store } from './store/open-store.js';
import type { HttpClient } from './net/http-client.js';
import { buildOidcDiscoveryUrl } from './platform/urls.js';
import { withSyncNotifications } from './knowledge/sync/credential-events.js';
import { createKnowledge, syncCredentialsFrom, type Knowledge } from './knowledge/knowledge.js';
import { createWebhookRegistrationStore } from './knowledge/webhooks/webhook-registrations.js';
import { SIDECAR_VERSION } from './version.js';

export interface RunningServer {
  /** http://host:port of the listening server. */
  url: string;
  port: number;
  /** Settles once the MCP side is warm (started after listening, so it never delays start-up). */
  warmedUp: Promise<void>;
  /** Sessions of 2025-era MCP clients open now (bounded by MCP_MAX_SESSIONS). */
  sessionCount(): number;
  /** Stops accepting connections, waits for requests in flight (at most `graceMs`), closes the store. */
  close(graceMs?: number): Promise<void>;
}

export interface StartOptions {
  settings: Settings;
  logger?: Logger;
  clock?: () => number;
  migrationsDir?: string;
  /** Delays between attempts to reach the identity provider (tests shorten them). */
  oauthRetryDelaysMs?: number[];
}

export async function startServer(options: StartOptions): Promise<RunningServer> {
  const { settings } = options;
  const logger = options.logger ?? createLogger(settings.logLevel);
  for (const notice of settings.notices) logger[notice.level](notice.message);

  const addressPolicy = addressPolicyFor(settings);
  const metrics = createServerMetricsFor(settings);
  const http = createHttpClientFor(settings, addressPolicy, metrics);
  const storage = await openStore({
    path: settings.tokenStorageDb,
    databaseUrl: settings.database.url,
    databasePoolMax: settings.database.poolMax,
    encryptionKey: settings.tokenEncryptionKey,
    previousEncryptionKey: settings.tokenEncryptionKeyPrevious,
    migrationsDir: options.migrationsDir,
  }).catch(async (error: unknown) => {
    await http.close();
    throw error;
  });
  logMigration(logger, storage.migration);
  warnUnusedSqliteFile(logger, { url: settings.database.url, sqlitePath: settings.tokenStorageDb });
  logEncryption(logger, storage.encryption);
  const publicUrl = settings.mcpServerUrl ?? `http://${formatHost(settings.server.host)}:${settings.server.port}`;
  // A busy port is reported at once, not after the identity provider was tried.
  await assertPortFree(settings.server.host, settings.server.port);
  const oauth = usesIdentityProvider(settings)
    ? createOAuthContextFor(settings, { http, logger, storage, publicUrl, retryDelaysMs: options.oauthRetryDelaysMs })
    : undefined;
  // Hybrid and oauth modes resolve their OAuth client before listening (a failure is retried in the background).
  await oauth?.start();

  // Counted in the database: every replica sharing it enforces one limit.
  const rateLimiters = databaseRateLimiters(storage.db, options.clock);
  // One budget for the app-password routes and /mcp: Nextcloud's brute-force protection must never see a flood.
  const failedValidations = createFailedValidationBudget(rateLimiters, {
    totalLimit: settings.managementApi.failedValidationsTotalLimit,
  });
  const previewFiles = createPdfFileCache({
    maxBytes: settings.preview.fileCacheBytes,
    idleMs: settings.preview.fileCacheIdleMs,
  });
  const basicUser = basicUserFor(settings, http);
  const knowledge = await createKnowledgeFor(settings, { http, logger, storage, basicUser, clock: options.clock });
  const appPasswords =
    knowledge && storage.appPasswords
      ? withSyncNotifications(storage.appPasswords, knowledge.engine, logger)
      : storage.appPasswords;
  watchKnowledgeMetrics(metrics, knowledge, syncCredentialsFrom({ appPasswords: storage.appPasswords, basicUser }));

  const mcp = createMcpService({
    settings,
    http,
    logger,
    publicUrl,
    oauth,
    appPasswords,
    knowledge,
    addressPolicy,
    failedValidations: { ...failedValidations, keyOf: clientAddressKey },
    observeToolCall: metrics?.observeToolCall,
    // The knowledge tools count against the same per-user allowance as the knowledge routes.
    rateLimiters,
    clock: options.clock,
  });
  const app = createApp({
    settings,
    logger,
    http,
    storage: { ...storage, appPasswords },
    version: SIDECAR_VERSION,
    oauth,
    publicUrl,
    mcp,
    knowledge,
    knowledgeCaller: { oauth, appPasswords, basicUser },
    webhookRegistrations:
      knowledge && storage.box
        ? createWebhookRegistrationStore({ db: storage.db, box: storage.box, audit: storage.audit })
        : undefined,
    webhookReceiverUrl: settings.knowledge.webhookReceiverUrl,
    rateLimiters,
    failedValidations,
    metrics,
    previewFiles,
    clock: options.clock,
  });
  const server = await listen(app.listen.bind(app), settings.server.host, settings.server.port);
  const { port } = server.address() as AddressInfo;
  const url = `http://${formatHost(settings.server.host)}:${port}`;
  logger.info({ url, authMode: settings.authMode, version: SIDECAR_VERSION }, 'listening');
  knowledge?.engine.start();
  const warmedUp = mcp.warmUp().catch((error: unknown) => logger.warn({ err: error }, 'MCP warm-up failed'));

  return {
    url,
    port,
    warmedUp,
    sessionCount: () => mcp.sessionCount(),
    close: async (graceMs = 10_000) => {
      await warmedUp;
      await closeServer(server, graceMs);
      await mcp.close();
      await knowledge?.close();
      await previewFiles.close();
      oauth?.close();
      await http.close();
      await storage.close();
      logger.info('stopped');
    },
  };
}

/** `run --transport stdio`: MCP on stdin/stdout for the configured user; logs go to stderr. Resolves when stdin closes. */
export async function runStdioServer(settings: Settings): Promise<void> {
  const { pino } = await import('pino');
  const logger = createLogger(settings.logLevel, pino.destination(2));
  for (const notice of settings.notices) logger[notice.level](notice.message);
  const http = createHttpClientFor(settings, addressPolicyFor(settings));
  try {
    await serveStdio({ settings, http, logger });
  } finally {
    await http.close();
  }
}

/** Basic mode's configured user (the one user it syncs and whose index it searches). */
function basicUserFor(settings: Settings, http: HttpClient): BasicUser | undefined {
  const { username, password, host, validationTimeoutMs } = settings.nextcloud;
  if (settings.authMode !== 'basic' || !username || !password) return undefined;
  return createBasicUser(http, host, { loginName: username, password }, validationTimeoutMs);
}

/** The knowledge index, when KNOWLEDGE_ENABLED is on in a mode with background access (basic, hybrid, oauth). */
async function createKnowledgeFor(
  settings: Settings,
  deps: { http: HttpClient; logger: Logger; storage: Store; basicUser?: BasicUser; clock?: () => number },
): Promise<Knowledge | undefined> {
  if (!settings.knowledge.enabled) return undefined;
  const background =
    deps.basicUser !== undefined || (deps.storage.appPasswords !== undefined && usesIdentityProvider(settings));
  if (!background) {
    deps.logger.warn('KNOWLEDGE_ENABLED needs background access (basic, hybrid or oauth mode); knowledge stays off.');
    return undefined;
  }
  const knowledge = await createKnowledge({
    settings,
    http: deps.http,
    logger: deps.logger,
    db: deps.storage.db,
    credentials: syncCredentialsFrom({ appPasswords: deps.storage.appPasswords, basicUser: deps.basicUser }),
    clock: deps.clock,
  });
  deps.logger.info(
    { index: knowledge.store.engine, embedder: knowledge.embedder.configured },
    'knowledge sync enabled',
  );
  return knowledge;
}

/** Smithery callers name the server to reach: only there do outbound connections follow the address policy. */
function addressPolicyFor(settings: Settings): AddressPolicy | undefined {
  return settings.authMode === 'smithery' ? createAddressPolicy(settings.mcp.smitheryAllowedHosts) : undefined;
}

function createHttpClientFor(settings: Settings, addressPolicy?: AddressPolicy, metrics?: ServerMetrics): HttpClient {
  return createHttpClient({
    verifySsl: settings.nextcloud.verifySsl,
    caBundlePath: settings.nextcloud.caBundlePath,
    timeoutMs: settings.nextcloud.httpTimeoutMs,
    userAgent: `nextcloud-mcp-server/${SIDECAR_VERSION}`,
    addressPolicy,
    observe: metrics?.observeOutbound,
  });
}

function usesIdentityProvider(settings: Settings): boolean {
  return settings.authMode === 'oauth' || isHybridMode(settings.authMode, settings.enableOfflineAccess);
}

function createOAuthContextFor(
  settings: Settings,
  deps: { http: HttpClient; logger: Logger; storage: Store; publicUrl: string; retryDelaysMs?: number[] },
): OAuthContext {
  const { nextcloud } = settings;
  return createOAuthContext({
    http: deps.http,
    logger: deps.logger,
    discoveryUrl: buildOidcDiscoveryUrl(nextcloud.host),
    nextcloudHost: nextcloud.host,
    publicIssuer: nextcloud.publicIssuerUrl,
    publicUrl: deps.publicUrl,
    staticClient: nextcloud.oidcClientId
      ? { clientId: nextcloud.oidcClientId, clientSecret: nextcloud.oidcClientSecret }
      : undefined,
    trustedClients: settings.managementApi.trustedClients,
    clientStore: deps.storage.oauthClients,
    refreshTokens: deps.storage.refreshTokens,
    accessTokens: deps.storage.accessTokens,
    // A lease outlasts the slowest refresh (the HTTP timeout) so it is never taken over while in use.
    refreshLease: createRefreshLease({ db: deps.storage.db, leaseMs: nextcloud.httpTimeoutMs + 10_000 }),
    assumedClientLifetimeSeconds: nextcloud.dynamicClientLifetimeSeconds,
    retryDelaysMs: deps.retryDelaysMs,
  });
}
