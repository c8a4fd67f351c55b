// Typed settings of the sidecar, parsed and validated from an environment map.
import { AUTH_MODES, type AuthMode, detectAuthMode } from './auth-mode.js';
import {
  parseBoolean,
  parseEncryptionKey,
  parseHttpUrl,
  parseListenHost,
  parsePort,
  parsePositiveInteger,
  parsePositiveNumber,
  parseTrustedProxies,
} from './parsers.js';
import type { Environment } from './environment.js';
import { parseKnowledgeSettings } from './knowledge-settings.js';
import { parsePreviewSettings } from './preview-settings.js';
import { parseMetricsSettings } from './metrics-settings.js';
import { parseDatabaseSettings } from './database-settings.js';
import { parseManagementApiSettings } from './management-api-settings.js';
import { parseAuthorizationServerSettings } from './authorization-server-settings.js';
import { addServerNotices, checkServerRequirements } from './server-requirements.js';
import { resolveSettingAliases } from './setting-aliases.js';
import { LOG_LEVELS, type LogLevel, type Settings, type SettingsNotice } from './settings-shape.js';

export { LOG_LEVELS, type LogLevel, type Settings, type SettingsNotice } from './settings-shape.js';

/** What the settings are for: `server` checks everything, `stdio` all but listening, `database` only the path. */
export type SettingsPurpose = 'server' | 'stdio' | 'database';

export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
  }
}

export const DEFAULT_TOKEN_STORAGE_DB = './data/tokens.db';

/** Parses every setting; throws a SettingsError that lists every problem at once. */
export function parseSettings(env: Environment, purpose: SettingsPurpose = 'server'): Settings {
  const problems: string[] = [];
  const notices: SettingsNotice[] = [];
  const aliases = resolveSettingAliases(env, problems, notices);
  const read = (name: string): string | undefined => {
    const value = aliases.valueOf(name)?.trim();
    return value ? value : undefined;
  };
  const bool = (name: string, fallback?: boolean) => parseBoolean(name, read(name), problems) ?? fallback;
  const explicitMode = read('MCP_DEPLOYMENT_MODE');
  if (explicitMode && !(AUTH_MODES as readonly string[]).includes(explicitMode)) {
    problems.push(`MCP_DEPLOYMENT_MODE must be one of ${AUTH_MODES.join(', ')} (got "${explicitMode}").`);
  }
  const username = read('NEXTCLOUD_USERNAME');
  const password = read('NEXTCLOUD_PASSWORD');
  const authMode = detectAuthMode({
    explicitMode: (AUTH_MODES as readonly string[]).includes(explicitMode ?? '')
      ? (explicitMode as AuthMode)
      : undefined,
    multiUserBasic: bool('ENABLE_MULTI_USER_BASIC_AUTH', false) ?? false,
    username,
    password,
  });
  const enableOfflineAccess = readOfflineAccess(read, bool, notices);
  const hostRaw = read('NEXTCLOUD_HOST');
  const host = hostRaw ? parseHttpUrl('NEXTCLOUD_HOST', hostRaw, problems) : undefined;
  const keyRaw = read('TOKEN_ENCRYPTION_KEY');
  const tokenEncryptionKey = keyRaw ? parseEncryptionKey(keyRaw, problems) : undefined;
  const previousKeyRaw = read('TOKEN_ENCRYPTION_KEY_PREVIOUS');
  const tokenEncryptionKeyPrevious = previousKeyRaw
    ? parseEncryptionKey(previousKeyRaw, problems, 'TOKEN_ENCRYPTION_KEY_PREVIOUS')
    : undefined;
  if (previousKeyRaw && !keyRaw) {
    problems.push('TOKEN_ENCRYPTION_KEY_PREVIOUS is set without TOKEN_ENCRYPTION_KEY (the key to change to).');
  }
  const caBundlePath = read('NEXTCLOUD_CA_BUNDLE');
  const verifySsl = bool('NEXTCLOUD_VERIFY_SSL', true) ?? true;
  const oidcClientId = read('NEXTCLOUD_OIDC_CLIENT_ID');
  const oidcClientSecret = read('NEXTCLOUD_OIDC_CLIENT_SECRET');
  const knowledge = parseKnowledgeSettings(read, problems);
  const settings: Settings = {
    nextcloud: {
      host: host ?? '',
      username,
      password,
      verifySsl,
      caBundlePath,
      publicIssuerUrl: optionalUrl('NEXTCLOUD_PUBLIC_ISSUER_URL', read, problems),
      oidcClientId,
      oidcClientSecret,
      validationTimeoutMs: secondsSetting('NEXTCLOUD_VALIDATION_TIMEOUT', 10, read, problems) * 1000,
      httpTimeoutMs: secondsSetting('NEXTCLOUD_HTTP_TIMEOUT', 30, read, problems) * 1000,
      dynamicClientLifetimeSeconds: secondsSetting('NEXTCLOUD_OIDC_CLIENT_LIFETIME', 3600, read, problems),
    },
    mcpServerUrl: optionalUrl('NEXTCLOUD_MCP_SERVER_URL', read, problems),
    authMode,
    authorizationServer: parseAuthorizationServerSettings(read, problems),
    enableOfflineAccess,
    knowledge,
    preview: parsePreviewSettings(read, problems),
    metrics: parseMetricsSettings(read, problems),
    cookieSecure: bool('COOKIE_SECURE') ?? (host ?? '').startsWith('https://'),
    tokenEncryptionKey,
    tokenEncryptionKeyPrevious,
    tokenStorageDb: read('TOKEN_STORAGE_DB') ?? DEFAULT_TOKEN_STORAGE_DB,
    database: parseDatabaseSettings(read, problems),
    managementApiKey: read('MANAGEMENT_API_KEY'),
    managementApi: parseManagementApiSettings(read, problems),
    server: {
      host: parseListenHost('MCP_SERVER_HOST', read('MCP_SERVER_HOST'), '127.0.0.1', problems),
      port: parsePort('MCP_SERVER_PORT', read('MCP_SERVER_PORT'), 8000, problems),
      trustedProxies: parseTrustedProxies('MCP_TRUSTED_PROXIES', readList(read('MCP_TRUSTED_PROXIES')), problems),
      allowUnauthenticatedNetwork: bool('MCP_ALLOW_UNAUTHENTICATED_NETWORK', false) ?? false,
    },
    mcp: {
      allowedHosts: readList(read('MCP_ALLOWED_HOSTS')),
      allowedOrigins: readList(read('MCP_ALLOWED_ORIGINS')),
      apps: readList(read('NEXTCLOUD_MCP_APPS')).map((app) => app.toLowerCase()),
      listAllTools: bool('MCP_LIST_ALL_TOOLS', false) ?? false,
      maxSessions: parsePositiveInteger('MCP_MAX_SESSIONS', read('MCP_MAX_SESSIONS'), problems) ?? 500,
      maxSessionsPerUser:
        parsePositiveInteger('MCP_MAX_SESSIONS_PER_USER', read('MCP_MAX_SESSIONS_PER_USER'), problems) ?? 10,
      preload: bool('MCP_PRELOAD', false) ?? false,
      smitheryAllowedHosts: readList(read('SMITHERY_ALLOWED_NEXTCLOUD_HOSTS')),
    },
    logLevel: readLogLevel(read('LOG_LEVEL'), problems),
    notices,
  };
  if (purpose !== 'database') {
    const given = { hostGiven: hostRaw !== undefined, keyGiven: keyRaw !== undefined, listens: purpose === 'server' };
    checkServerRequirements(settings, given, problems);
    addServerNotices(settings, notices);
  }
  if (problems.length > 0) throw new SettingsError(problems.map(aliases.spelledAsGiven));
  return settings;
}

function readOfflineAccess(
  read: (name: string) => string | undefined,
  bool: (name: string, fallback?: boolean) => boolean | undefined,
  notices: SettingsNotice[],
): boolean {
  const current = bool('ENABLE_BACKGROUND_OPERATIONS');
  const deprecated = bool('ENABLE_OFFLINE_ACCESS');
  if (read('ENABLE_OFFLINE_ACCESS') !== undefined) {
    notices.push({
      level: 'warn',
      message: 'ENABLE_OFFLINE_ACCESS is deprecated; use ENABLE_BACKGROUND_OPERATIONS instead.',
    });
  }
  if (current !== undefined && deprecated !== undefined && current !== deprecated) {
    notices.push({
      level: 'warn',
      message: 'ENABLE_BACKGROUND_OPERATIONS and ENABLE_OFFLINE_ACCESS disagree; ENABLE_BACKGROUND_OPERATIONS wins.',
    });
  }
  return current ?? deprecated ?? false;
}

function optionalUrl(name: string, read: (name: string) => string | undefined, problems: string[]): string | undefined {
  const raw = read(name);
  return raw ? parseHttpUrl(name, raw, problems) : undefined;
}

function secondsSetting(
  name: string,
  fallback: number,
  read: (name: string) => string | undefined,
  problems: string[],
): number {
  return parsePositiveNumber(name, read(name), problems) ?? fallback;
}

function readList(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function readLogLevel(raw: string | undefined, problems: string[]): LogLevel {
  if (raw === undefined) return 'info';
  const level = raw.toLowerCase();
  if ((LOG_LEVELS as readonly string[]).includes(level)) return level as LogLevel;
  problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${raw}").`);
  return 'info';
}
