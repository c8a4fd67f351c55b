// GET /api/v1/status: what this sidecar is and what a client needs to use it; public in every mode, so it names no
// internal address: the discovery URL under the public issuer, and the one the sidecar itself uses only to a caller
// with the management API key (the companion, which fetches it from inside Nextcloud). With the sidecar as the
// authorization server, the provider is the sidecar's own, and the status names the resource its tokens are for.
import { Router, type Request } from 'express';
import { isHybridMode, supportsAppPasswords } from '../settings/auth-mode.js';
import type { Settings } from '../settings/settings.js';
import type { AuthorizationServerKind } from '../settings/authorization-server-settings.js';
import { buildOidcDiscoveryUrl } from '../platform/urls.js';
import { createApiKeyRecognizer } from '../http/api-key.js';

export const MANAGEMENT_API_VERSION = '1';

export interface StatusDocument {
  version: string;
  auth_mode: Settings['authMode'];
  supports_app_passwords: boolean;
  /** Whether the knowledge capability runs (the field keeps its first name: the companion and clients read it). */
  vector_sync_enabled: boolean;
  uptime_seconds: number;
  management_api_version: string;
  /** oauth and hybrid modes: where the provider's discovery document is (the spec's companion discovers it here). */
  discovery_url?: string;
  issuer?: string;
  /** oauth and hybrid modes: whose authorization server the provider is (MCP_AUTHORIZATION_SERVER). */
  authorization_server?: AuthorizationServerKind;
  /** With the sidecar's own server: the resource (RFC 8707) a sign-in must name, `<public URL>/mcp`. */
  resource?: string;
}

export interface StatusRouteDeps {
  settings: Settings;
  version: string;
  startedAt: number;
  clock: () => number;
  /** Whether the knowledge index runs (KNOWLEDGE_ENABLED in a mode with background access). */
  knowledgeRuns: boolean;
}

export function createStatusRouter(deps: StatusRouteDeps): Router {
  const router = Router();
  const { settings } = deps;
  const fixed = describeSidecar(settings, deps.version, deps.knowledgeRuns);
  const provider = describeProvider(settings);
  const hasApiKey = createApiKeyRecognizer(settings.managementApiKey);
  router.get('/api/v1/status', (req: Request, res) => {
    const document: StatusDocument = {
      ...fixed,
      uptime_seconds: Math.floor((deps.clock() - deps.startedAt) / 1000),
      ...(provider && {
        discovery_url: hasApiKey(req) ? provider.discoveryUrlFromInside : provider.discoveryUrl,
        issuer: provider.issuer,
        authorization_server: provider.kind,
        ...(provider.resource !== undefined && { resource: provider.resource }),
      }),
    };
    res.json(document);
  });
  return router;
}

function describeSidecar(
  settings: Settings,
  version: string,
  knowledgeRuns: boolean,
): Omit<StatusDocument, 'uptime_seconds'> {
  const { authMode, enableOfflineAccess } = settings;
  return {
    version,
    auth_mode: authMode,
    supports_app_passwords: supportsAppPasswords(authMode, enableOfflineAccess),
    vector_sync_enabled: settings.knowledge.enabled && knowledgeRuns,
    management_api_version: MANAGEMENT_API_VERSION,
  };
}

/**
 * oauth and hybrid modes: the issuer clients see, the discovery document under it, and the one under NEXTCLOUD_HOST
 * (which is internal when a public issuer URL is configured). With the sidecar as the authorization server (oauth
 * mode only) the issuer is its public URL: the sidecar knows no other address of its own (the companion reaches it
 * at a URL the sidecar never learns), and its tokens name that issuer, so the discovery URL is the same for every
 * caller.
 */
function describeProvider(settings: Settings) {
  const { authMode, enableOfflineAccess, nextcloud, authorizationServer, mcpServerUrl } = settings;
  if (authMode !== 'oauth' && !isHybridMode(authMode, enableOfflineAccess)) return undefined;
  if (authMode === 'oauth' && authorizationServer.kind === 'sidecar' && mcpServerUrl) {
    // The sidecar's own metadata lives at its host's well-known path (oidc-provider, src/authorization-server/).
    const discoveryUrl = `${mcpServerUrl}/.well-known/openid-configuration`;
    return {
      kind: 'sidecar' as const,
      issuer: mcpServerUrl,
      discoveryUrl,
      discoveryUrlFromInside: discoveryUrl,
      resource: `${mcpServerUrl}/mcp`,
    };
  }
  const issuer = nextcloud.publicIssuerUrl ?? nextcloud.host;
  return {
    kind: 'nextcloud' as const,
    issuer,
    discoveryUrl: buildOidcDiscoveryUrl(issuer),
    discoveryUrlFromInside: buildOidcDiscoveryUrl(nextcloud.host),
    resource: undefined,
  };
}
