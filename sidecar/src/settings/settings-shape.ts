// The shape of the sidecar's parsed settings (settings.ts parses and validates them; this file only names them).
import type { AuthMode } from './auth-mode.js';
import type { AuthorizationServerSettings } from './authorization-server-settings.js';
import type { DatabaseSettings } from './database-settings.js';
import type { KnowledgeSettings } from './knowledge-settings.js';
import type { ManagementApiSettings } from './management-api-settings.js';
import type { MetricsSettings } from './metrics-settings.js';
import type { PreviewSettings } from './preview-settings.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface SettingsNotice {
  level: 'info' | 'warn';
  message: string;
}

export interface Settings {
  nextcloud: {
    /** Base URL without a trailing slash; may include a sub-path (https://host/cloud). Empty in smithery mode. */
    host: string;
    username?: string;
    password?: string;
    verifySsl: boolean;
    caBundlePath?: string;
    publicIssuerUrl?: string;
    oidcClientId?: string;
    oidcClientSecret?: string;
    validationTimeoutMs: number;
    httpTimeoutMs: number;
    /** How long a dynamically registered client lives when the provider does not say (Nextcloud: 3600 s). */
    dynamicClientLifetimeSeconds: number;
  };
  mcpServerUrl?: string;
  authMode: AuthMode;
  /** oauth mode: which authorization server /mcp trusts, and the sidecar's own (authorization-server-settings.ts). */
  authorizationServer: AuthorizationServerSettings;
  enableOfflineAccess: boolean;
  /** The knowledge capability: its sync, chunking, embeddings (knowledge-settings.ts); `enabled` is KNOWLEDGE_ENABLED. */
  knowledge: KnowledgeSettings;
  preview: PreviewSettings;
  /** The Prometheus endpoint (GET /metrics). */
  metrics: MetricsSettings;
  cookieSecure: boolean;
  tokenEncryptionKey?: Uint8Array;
  /** TOKEN_ENCRYPTION_KEY_PREVIOUS: during a key change, secrets are still read with it (and re-encrypted). */
  tokenEncryptionKeyPrevious?: Uint8Array;
  tokenStorageDb: string;
  /** DATABASE_URL and its pool: every piece of state in PostgreSQL instead of TOKEN_STORAGE_DB. */
  database: DatabaseSettings;
  managementApiKey?: string;
  /** Who may call the management API (management-api-settings.ts). */
  managementApi: ManagementApiSettings;
  server: {
    host: string;
    port: number;
    /** MCP_TRUSTED_PROXIES: reverse proxies whose X-Forwarded-For names the client address (Express `trust proxy`). */
    trustedProxies: string[];
    /** MCP_ALLOW_UNAUTHENTICATED_NETWORK: basic mode may listen on a non-loopback address (anyone there acts as the
     * configured user). */
    allowUnauthenticatedNetwork: boolean;
  };
  mcp: {
    /** Host header values accepted on /mcp ('*' accepts any; default: loopback names and the public URL's host). */
    allowedHosts: string[];
    /** Origin header values accepted on /mcp (browser clients); requests without Origin are unaffected. */
    allowedOrigins: string[];
    /** NEXTCLOUD_MCP_APPS: offer only these apps' tools (empty: every installed app). */
    apps: string[];
    /** MCP_LIST_ALL_TOOLS: tools/list shows every offered tool at once, for clients that ignore list_changed. */
    listAllTools: boolean;
    /** MCP_MAX_SESSIONS: sessions of 2025-era clients kept at once; the least recently used goes first. */
    maxSessions: number;
    /** MCP_MAX_SESSIONS_PER_USER: sessions one caller may hold; its least recently used goes first. */
    maxSessionsPerUser: number;
    /** MCP_PRELOAD: load the MCP side right after listening instead of at the first /mcp request. */
    preload: boolean;
    /** SMITHERY_ALLOWED_NEXTCLOUD_HOSTS: host names, addresses or subnets smithery callers may name although they
     * are loopback, private or otherwise special. */
    smitheryAllowedHosts: string[];
  };
  logLevel: LogLevel;
  /** Messages to log once at start (deprecations, informational notes). */
  notices: SettingsNotice[];
}
