// GET /api/v1/status: what this sidecar is and what it supports; public in every mode.
import { Router } from 'express';
import { isHybridMode, supportsAppPasswords } from '../settings/auth-mode.js';
import type { Settings } from '../settings/settings.js';
import { buildOidcDiscoveryUrl } from '../platform/urls.js';

export const MANAGEMENT_API_VERSION = '1';

export interface StatusDocument {
  version: string;
  auth_mode: Settings['authMode'];
  supports_app_passwords: boolean;
  vector_sync_enabled: boolean;
  uptime_seconds: number;
  management_api_version: string;
  discovery_url?: string;
  issuer?: string;
}

export interface StatusRouteDeps {
  settings: Settings;
  version: string;
  startedAt: number;
  clock: () => number;
}

export function createStatusRouter(deps: StatusRouteDeps): Router {
  const router = Router();
  const fixed = describeSidecar(deps.settings, deps.version);
  router.get('/api/v1/status', (_req, res) => {
    res.json({ ...fixed, uptime_seconds: Math.floor((deps.clock() - deps.startedAt) / 1000) });
  });
  return router;
}

function describeSidecar(settings: Settings, version: string): Omit<StatusDocument, 'uptime_seconds'> {
  const { authMode, enableOfflineAccess, nextcloud } = settings;
  const withOidc = authMode === 'oauth' || isHybridMode(authMode, enableOfflineAccess);
  return {
    version,
    auth_mode: authMode,
    supports_app_passwords: supportsAppPasswords(authMode, enableOfflineAccess),
    vector_sync_enabled: settings.vectorSyncEnabled,
    management_api_version: MANAGEMENT_API_VERSION,
    ...(withOidc && {
      discovery_url: buildOidcDiscoveryUrl(nextcloud.host),
      issuer: nextcloud.publicIssuerUrl ?? nextcloud.host,
    }),
  };
}
