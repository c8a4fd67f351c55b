// The pieces of the context that depend on the mode: the address policy, the HTTP client, the store, the OAuth
// context, basic mode's user and the knowledge index; each built from settings by the composition root alone.
import { createBasicUser, type BasicUser } from '../auth/basic-user.js';
import type { BackgroundCredentials } from '../auth/nextcloud-credentials.js';
import type { OAuthContext } from '../auth/oauth-context.js';
import type { AuthorizationServer } from '../authorization-server/authorization-server.js';
import type { LoginFlowSignIn } from '../auth/login-flow/login-flow-sign-in.js';
import { createDocumentReaders, type DocumentReaders } from '../knowledge/extract/document-readers.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import type { RateLimiterFactory } from '../limits/rate-limit.js';
import type { Logger } from '../logging/logger.js';
import type { ServerMetrics } from '../metrics/server-metrics.js';
import { createAddressPolicy, type AddressPolicy } from '../net/address-policy.js';
import { createHttpClient, type HttpClient } from '../net/http-client.js';
import { buildOidcDiscoveryUrl } from '../platform/urls.js';
import { isHybridMode } from '../settings/auth-mode.js';
import type { Settings } from '../settings/settings.js';
import { openStore, type Store } from '../store/open-store.js';
import { logEncryption, logMigration, warnUnusedSqliteFile } from '../store/start-up-report.js';
import { SIDECAR_VERSION } from '../version.js';

/** Smithery callers name the server to reach: only there do outbound connections follow the address policy. */
export function addressPolicyFor(settings: Settings): AddressPolicy | undefined {
  return settings.authMode === 'smithery' ? createAddressPolicy(settings.mcp.smitheryAllowedHosts) : undefined;
}

export function createHttpClientFor(
  settings: Settings,
  addressPolicy?: AddressPolicy,
  metrics?: ServerMetrics,
): HttpClient {
  return createHttpClient({
    verifySsl: settings.nextcloud.verifySsl,
    caBundlePath: settings.nextcloud.caBundlePath,
    timeoutMs: settings.nextcloud.httpTimeoutMs,
    userAgent: `nextcloud-mcp-server/${SIDECAR_VERSION}`,
    addressPolicy,
    observe: metrics?.observeOutbound,
  });
}

/** Opens and migrates the database, and says what start-up did to it. */
export async function openStoreFor(settings: Settings, logger: Logger, migrationsDir?: string): Promise<Store> {
  const storage = await openStore({
    path: settings.tokenStorageDb,
    databaseUrl: settings.database.url,
    databasePoolMax: settings.database.poolMax,
    encryptionKey: settings.tokenEncryptionKey,
    previousEncryptionKey: settings.tokenEncryptionKeyPrevious,
    migrationsDir,
  });
  logMigration(logger, storage.migration);
  warnUnusedSqliteFile(logger, { url: settings.database.url, sqlitePath: settings.tokenStorageDb });
  logEncryption(logger, storage.encryption);
  return storage;
}

export function usesIdentityProvider(settings: Settings): boolean {
  return settings.authMode === 'oauth' || isHybridMode(settings.authMode, settings.enableOfflineAccess);
}

/** oauth mode with MCP_AUTHORIZATION_SERVER=sidecar: the sidecar issues /mcp's tokens, Nextcloud's oidc app is unused. */
export function usesSidecarAuthorizationServer(settings: Settings): boolean {
  return settings.authMode === 'oauth' && settings.authorizationServer.kind === 'sidecar';
}

/**
 * The sidecar's own authorization server, loaded only in that mode (oidc-provider stays out of the others' memory).
 * Client ID Metadata Documents are fetched by a client of their own: the address rules (loopback and private
 * addresses refused unless MCP_OAUTH_CIMD_ALLOWED_HOSTS names them), 5 KB and 5 s at most.
 */
export async function createAuthorizationServerFor(
  settings: Settings,
  deps: {
    storage: Store;
    publicUrl: string;
    rateLimiters: RateLimiterFactory;
    signIn: () => Promise<LoginFlowSignIn>;
    logger: Logger;
    clock?: () => number;
  },
): Promise<{ server: AuthorizationServer; close(): Promise<void> }> {
  if (!deps.storage.box) throw new Error('The authorization server needs TOKEN_ENCRYPTION_KEY.');
  const { createAuthorizationServer } = await import('../authorization-server/authorization-server.js');
  const metadataHttp = createHttpClient({
    verifySsl: settings.nextcloud.verifySsl,
    caBundlePath: settings.nextcloud.caBundlePath,
    timeoutMs: 5000,
    maxResponseBytes: 5 * 1024,
    userAgent: `nextcloud-mcp-server/${SIDECAR_VERSION}`,
    addressPolicy: createAddressPolicy(settings.authorizationServer.metadataDocumentAllowedHosts),
  });
  const server = await createAuthorizationServer({
    settings: settings.authorizationServer,
    publicUrl: deps.publicUrl,
    db: deps.storage.db,
    box: deps.storage.box,
    metadataHttp,
    rateLimiters: deps.rateLimiters,
    signIn: deps.signIn,
    trustedClients: settings.managementApi.trustedClients,
    logger: deps.logger,
    clock: deps.clock,
  }).catch(async (error: unknown) => {
    await metadataHttp.close();
    throw error;
  });
  // Rotates the signing key when due and picks up other replicas' keys (unref'd: it never holds the process open).
  server.keyRotation.start();
  return {
    server,
    close: async () => {
      server.keyRotation.stop();
      await metadataHttp.close();
    },
  };
}

/**
 * Built without contacting the provider: the server starts it before listening. Loaded only in the modes that use
 * a provider (the OIDC client and JWT libraries stay out of the others' memory).
 */
export async function createOAuthContextFor(
  settings: Settings,
  deps: { http: HttpClient; logger: Logger; storage: Store; publicUrl: string; retryDelaysMs?: number[] },
): Promise<OAuthContext> {
  const { nextcloud } = settings;
  const [{ createOAuthContext }, { createRefreshLease }] = await Promise.all([
    import('../auth/oauth-context.js'),
    import('../auth/refresh-lease.js'),
  ]);
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

/** Basic mode's configured user (the one user it syncs and whose index it searches). */
export function basicUserFor(settings: Settings, http: HttpClient): BasicUser | undefined {
  const { username, password, host, validationTimeoutMs } = settings.nextcloud;
  if (settings.authMode !== 'basic' || !username || !password) return undefined;
  return createBasicUser(http, host, { loginName: username, password }, validationTimeoutMs);
}

/**
 * The one pair of document readers (PDFs; Office and other documents) of the process, shared by the knowledge index
 * and the MCP file tools within KNOWLEDGE_PDF_* and KNOWLEDGE_DOCUMENT_*; no worker starts before the first document.
 */
export function documentReadersFor(settings: Settings): DocumentReaders {
  const { pdfText, documentText } = settings.knowledge;
  return createDocumentReaders({ pdf: pdfText, documents: { limits: documentText } });
}

/** The knowledge index, when KNOWLEDGE_ENABLED is on in a mode with background access (basic, hybrid, oauth). */
export async function createKnowledgeFor(
  settings: Settings,
  deps: {
    http: HttpClient;
    logger: Logger;
    storage: Store;
    basicUser?: BasicUser;
    background: BackgroundCredentials;
    readers: DocumentReaders;
    clock?: () => number;
  },
): Promise<Knowledge | undefined> {
  if (!settings.knowledge.enabled) return undefined;
  const background =
    deps.basicUser !== undefined || (deps.storage.appPasswords !== undefined && usesIdentityProvider(settings));
  if (!background) {
    deps.logger.warn('KNOWLEDGE_ENABLED needs background access (basic, hybrid or oauth mode); knowledge stays off.');
    return undefined;
  }
  // Loaded only when on: the index, its vector library and the sync stay out of the memory of sidecars without it.
  const { createKnowledge } = await import('../knowledge/knowledge.js');
  const knowledge = await createKnowledge({
    settings,
    http: deps.http,
    logger: deps.logger,
    db: deps.storage.db,
    credentials: deps.background,
    readers: deps.readers,
    clock: deps.clock,
  });
  deps.logger.info(
    { index: knowledge.store.engine, embedder: knowledge.embedder.configured },
    'knowledge sync enabled',
  );
  return knowledge;
}
