// Who may call each route of the sidecar: the one table the app's guards are built from (route-guards.ts;
// docs/architecture.md, "Routes and who may call them"). A route missing here fails a test.

/**
 * The credential a route takes, besides the management key:
 * - `none`: public, serves nothing private (status, health, discovery documents);
 * - `app-password`: HTTP Basic `login-name:app-password`, validated at Nextcloud by the route (its body rules come
 *   first, so a malformed call never reaches Nextcloud);
 * - `owner-token`: a Bearer token of a trusted client (MANAGEMENT_API_TRUSTED_CLIENTS, or the sidecar's own client at
 *   Nextcloud's oidc app) whose subject is the user named in the path; with the sidecar as the authorization server,
 *   only the connected-client routes take one, issued by that server to a trusted client;
 * - `caller`: the knowledge caller — a Bearer token's subject (hybrid, oauth), or basic mode's configured user;
 * - `mcp`: the MCP endpoint's own authentication, by auth mode (`auth/caller-access.ts`);
 * - `webhook-secret`: the shared secret of one of our webhook registrations;
 * - `browser`: the sign-in pages, bound to the browser by a state cookie;
 * - `management-key`: the management key alone, which then must be configured (403 without one): the companion, which
 *   may name any user the sidecar syncs (the rescan notices of shares and Deck cards, sent for other users);
 * - `oauth-server`: the sidecar's own authorization server (MCP_AUTHORIZATION_SERVER=sidecar): oidc-provider checks
 *   each endpoint's credential (PKCE, client authentication, the interaction cookie) itself.
 */
export type RouteCredential =
  | 'none'
  | 'app-password'
  | 'owner-token'
  | 'caller'
  | 'management-key'
  | 'mcp'
  | 'webhook-secret'
  | 'browser'
  | 'oauth-server';

export interface RouteAccess {
  method: 'GET' | 'POST' | 'DELETE' | 'OPTIONS' | 'ALL';
  /** Express path syntax, as the router registers it. */
  path: string;
  /** X-API-Key is required when MANAGEMENT_API_KEY is set. */
  apiKey: boolean;
  credential: RouteCredential;
  /**
   * The DNS-rebinding rule (Host and Origin, `http/host-origin-check.ts`) applies: on /mcp always, and on the routes
   * of user data in basic mode, where no credential in the request names the caller.
   */
  hostRule: 'always' | 'basic-mode' | 'never';
}

const route = (
  method: RouteAccess['method'],
  path: string,
  credential: RouteCredential,
  options: { apiKey?: boolean; hostRule?: RouteAccess['hostRule'] } = {},
): RouteAccess => ({
  method,
  path,
  credential,
  apiKey: options.apiKey ?? path.startsWith('/api/v1/'),
  hostRule: options.hostRule ?? (credential === 'caller' ? 'basic-mode' : 'never'),
});

export const ROUTE_ACCESS: readonly RouteAccess[] = [
  route('GET', '/api/v1/status', 'none', { apiKey: false }),
  route('GET', '/api/v1/connection', 'none'),
  route('POST', '/api/v1/users/:userId/app-password', 'app-password'),
  route('GET', '/api/v1/users/:userId/app-password', 'app-password'),
  route('DELETE', '/api/v1/users/:userId/app-password', 'app-password'),
  route('GET', '/api/v1/users/:userId/session', 'owner-token'),
  route('POST', '/api/v1/users/:userId/revoke', 'owner-token'),
  route('POST', '/api/v1/users/:userId/login-flow', 'owner-token'),
  route('POST', '/api/v1/users/:userId/login-flow/poll', 'owner-token'),
  // The clients the user connected through the sidecar's authorization server (its owner tokens in that mode).
  route('GET', '/api/v1/users/:userId/oauth-clients', 'owner-token'),
  route('DELETE', '/api/v1/users/:userId/oauth-clients/:clientId', 'owner-token'),
  route('POST', '/api/v1/knowledge/search', 'caller'),
  route('POST', '/api/v1/knowledge/search/points', 'caller'),
  route('GET', '/api/v1/knowledge/chunk-context', 'caller'),
  route('GET', '/api/v1/knowledge/status', 'caller'),
  // The knowledge routes' first paths, kept as deprecated aliases (api/knowledge-routes.ts).
  route('POST', '/api/v1/search', 'caller'),
  route('POST', '/api/v1/search/points', 'caller'),
  route('GET', '/api/v1/chunk-context', 'caller'),
  route('GET', '/api/v1/vector-sync/status', 'caller'),
  // The companion's notices that users' shares or Deck cards changed (no webhook reports them).
  route('POST', '/api/v1/knowledge/rescan-notices', 'management-key'),
  route('GET', '/api/v1/pdf-preview', 'caller'),
  route('GET', '/api/v1/apps', 'caller'),
  route('GET', '/api/v1/webhooks', 'caller'),
  route('POST', '/api/v1/webhooks', 'caller'),
  route('DELETE', '/api/v1/webhooks/:id', 'caller'),
  route('GET', '/metrics', 'none', { apiKey: true }),
  route('GET', '/health/live', 'none'),
  route('GET', '/health/ready', 'none'),
  route('ALL', '/mcp', 'mcp', { hostRule: 'always' }),
  route('POST', '/webhooks/nextcloud', 'webhook-secret'),
  route('GET', '/.well-known/mcp-config', 'none'),
  route('GET', '/.well-known/oauth-protected-resource', 'none'),
  route('GET', '/.well-known/oauth-protected-resource/mcp', 'none'),
  route('GET', '/oauth/login', 'browser'),
  route('GET', '/oauth/callback', 'browser'),
  // The sidecar as the authorization server of /mcp (authorization-server/), in that mode only.
  route('GET', '/.well-known/oauth-authorization-server', 'none'),
  route('GET', '/.well-known/openid-configuration', 'none'),
  route('OPTIONS', '/.well-known/oauth-authorization-server', 'none'),
  route('OPTIONS', '/.well-known/openid-configuration', 'none'),
  route('GET', '/oauth2/authorize', 'oauth-server'),
  route('POST', '/oauth2/authorize', 'oauth-server'),
  // Where the provider resumes an authorization after the sign-in and consent pages.
  route('GET', '/oauth2/authorize/:uid', 'oauth-server'),
  route('POST', '/oauth2/token', 'oauth-server'),
  route('OPTIONS', '/oauth2/token', 'none'),
  route('GET', '/oauth2/jwks', 'none'),
  route('POST', '/oauth2/register', 'oauth-server'),
  route('OPTIONS', '/oauth2/register', 'none'),
  route('POST', '/oauth2/revoke', 'oauth-server'),
  route('OPTIONS', '/oauth2/revoke', 'none'),
  route('GET', '/oauth2/interaction/:uid', 'oauth-server'),
  route('POST', '/oauth2/interaction/:uid/sign-in', 'oauth-server'),
  route('POST', '/oauth2/interaction/:uid/consent', 'oauth-server'),
];

/** The row of a route, as `METHOD path`. */
export const routeName = (row: { method: string; path: string }): string => `${row.method} ${row.path}`;
