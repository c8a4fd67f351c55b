// GET /api/v1/status: what this sidecar is and what a client needs to use it; public in every mode, so it names no
// internal address: the discovery URL under the public issuer, and the one the sidecar itself uses only to a caller
// with the management API key (the companion, which fetches it from inside Nextcloud).
import { Router, type Request } from 'express';
import { isHybridMode, supportsAppPasswords } from '../settings/auth-mode.js';
import type { Settings } from '../settings/settings.js';
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
 * (which is internal when a public issuer URL is configured).
 */
function describeProvider(settings: Settings) {
  const { authMode, enableOfflineAccess, nextcloud } = settings;
  if (authMode !== 'oauth' && !isHybridMode(authMode, enableOfflineAccess)) return undefined;
  const issuer = nextcloud.publicIssuerUrl ?? nextcloud.host;
  return {
    issuer,
    discoveryUrl: buildOidcDiscoveryUrl(issuer),
    discoveryUrlFromInside: buildOidcDiscoveryUrl(nextcloud.host),
  };
}
