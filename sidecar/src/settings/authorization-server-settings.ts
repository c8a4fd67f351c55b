// Settings of the authorization server `/mcp` trusts in oauth mode: Nextcloud's oidc app (as before) or the sidecar
// itself (src/authorization-server/), with the sidecar server's clients, token lifetimes and key rotation.
import { parseBoolean, parsePositiveInteger } from './parsers.js';

export const AUTHORIZATION_SERVERS = ['nextcloud', 'sidecar'] as const;
export type AuthorizationServerKind = (typeof AUTHORIZATION_SERVERS)[number];

/** A client an administrator registered ahead of time (MCP_OAUTH_CLIENTS). */
export interface PreRegisteredClient {
  clientId: string;
  /** Absent: a public client (PKCE only, `token_endpoint_auth_method` `none`). */
  clientSecret?: string;
  redirectUris: string[];
  clientName?: string;
}

export interface AuthorizationServerSettings {
  /** MCP_AUTHORIZATION_SERVER (oauth mode): `nextcloud` (default, Nextcloud's oidc app) or `sidecar`. */
  kind: AuthorizationServerKind;
  /** MCP_OAUTH_DYNAMIC_REGISTRATION (default true): RFC 7591 registration at the sidecar, rate limited per address. */
  dynamicRegistration: boolean;
  /** MCP_OAUTH_REGISTRATIONS_PER_HOUR (default 10): registrations one client address may make in an hour. */
  registrationsPerHour: number;
  /** MCP_OAUTH_CLIENTS: pre-registered clients, a JSON array. */
  clients: PreRegisteredClient[];
  /** MCP_OAUTH_CIMD_ALLOWED_HOSTS: hosts, addresses or subnets a Client ID Metadata Document may be fetched from
   * although they are loopback, private or otherwise special (default: none). */
  metadataDocumentAllowedHosts: string[];
  /** MCP_OAUTH_ACCESS_TOKEN_LIFETIME (seconds, default 600). */
  accessTokenLifetimeSeconds: number;
  /** MCP_OAUTH_REFRESH_TOKEN_LIFETIME (seconds, default 30 days): how long a grant lives without being used. */
  refreshTokenLifetimeSeconds: number;
  /** MCP_OAUTH_SIGNING_KEY_ROTATION_DAYS (default 30): a signing key older than this is replaced at start. */
  signingKeyRotationDays: number;
}

export function parseAuthorizationServerSettings(
  read: (name: string) => string | undefined,
  problems: string[],
): AuthorizationServerSettings {
  const kindRaw = read('MCP_AUTHORIZATION_SERVER')?.toLowerCase() ?? 'nextcloud';
  if (!(AUTHORIZATION_SERVERS as readonly string[]).includes(kindRaw)) {
    problems.push(`MCP_AUTHORIZATION_SERVER must be one of ${AUTHORIZATION_SERVERS.join(', ')} (got "${kindRaw}").`);
  }
  const integer = (name: string, fallback: number) => parsePositiveInteger(name, read(name), problems) ?? fallback;
  return {
    kind: kindRaw === 'sidecar' ? 'sidecar' : 'nextcloud',
    dynamicRegistration:
      parseBoolean('MCP_OAUTH_DYNAMIC_REGISTRATION', read('MCP_OAUTH_DYNAMIC_REGISTRATION'), problems) ?? true,
    registrationsPerHour: integer('MCP_OAUTH_REGISTRATIONS_PER_HOUR', 10),
    clients: parseClients(read('MCP_OAUTH_CLIENTS'), problems),
    metadataDocumentAllowedHosts: (read('MCP_OAUTH_CIMD_ALLOWED_HOSTS') ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
    accessTokenLifetimeSeconds: integer('MCP_OAUTH_ACCESS_TOKEN_LIFETIME', 600),
    refreshTokenLifetimeSeconds: integer('MCP_OAUTH_REFRESH_TOKEN_LIFETIME', 30 * 24 * 3600),
    signingKeyRotationDays: integer('MCP_OAUTH_SIGNING_KEY_ROTATION_DAYS', 30),
  };
}

const CLIENTS_HELP =
  'MCP_OAUTH_CLIENTS must be a JSON array of {"client_id", "redirect_uris": [...], "client_name"?, "client_secret"?}.';

function parseClients(raw: string | undefined, problems: string[]): PreRegisteredClient[] {
  if (raw === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push(CLIENTS_HELP);
    return [];
  }
  if (!Array.isArray(parsed)) {
    problems.push(CLIENTS_HELP);
    return [];
  }
  const clients = parsed.map(toClient);
  if (clients.some((client) => client === undefined)) {
    problems.push(CLIENTS_HELP);
    return [];
  }
  return clients as PreRegisteredClient[];
}

function toClient(item: unknown): PreRegisteredClient | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const record = item as Record<string, unknown>;
  const { client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, client_name: name } = record;
  if (typeof clientId !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(clientId)) return undefined;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0) return undefined;
  if (!redirectUris.every((uri) => typeof uri === 'string' && URL.canParse(uri))) return undefined;
  if (clientSecret !== undefined && (typeof clientSecret !== 'string' || clientSecret.length < 32)) return undefined;
  if (name !== undefined && typeof name !== 'string') return undefined;
  return { clientId, clientSecret, redirectUris: redirectUris as string[], clientName: name };
}
