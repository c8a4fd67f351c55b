// GET /api/v1/status: what this sidecar is and what it supports; public in every mode.
import { Router } from 'express';
import { isHybridMode, supportsAppPasswords } from '../settings/auth-mode.js';
import type { Settings } from '../settings/settings.js';
import { buildOidcDiscoveryUrl } from '../platform/urls.js';
import type { Knowledge } from '../sync/knowledge.js';

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
  /** When the knowledge index runs: where it lives and which embedder fills it (the default is lexical). */
  vector_sync?: {
    index: 'sqlite' | 'postgres';
    embedder: { configured: string; kind: 'lexical' | 'semantic' | null; description: string | null };
  };
}

export interface StatusRouteDeps {
  settings: Settings;
  version: string;
  startedAt: number;
  clock: () => number;
  knowledge?: Knowledge;
}

export function createStatusRouter(deps: StatusRouteDeps): Router {
  const router = Router();
  const fixed = describeSidecar(deps.settings, deps.version, deps.knowledge !== undefined);
  router.get('/api/v1/status', (_req, res) => {
    const document: StatusDocument = { ...fixed, uptime_seconds: Math.floor((deps.clock() - deps.startedAt) / 1000) };
    if (deps.knowledge) document.vector_sync = describeKnowledge(deps.knowledge);
    res.json(document);
  });
  return router;
}

function describeSidecar(
  settings: Settings,
  version: string,
  knowledgeRuns: boolean,
): Omit<StatusDocument, 'uptime_seconds'> {
  const { authMode, enableOfflineAccess, nextcloud } = settings;
  const withOidc = authMode === 'oauth' || isHybridMode(authMode, enableOfflineAccess);
  return {
    version,
    auth_mode: authMode,
    supports_app_passwords: supportsAppPasswords(authMode, enableOfflineAccess),
    vector_sync_enabled: settings.vectorSyncEnabled && knowledgeRuns,
    management_api_version: MANAGEMENT_API_VERSION,
    ...(withOidc && {
      discovery_url: buildOidcDiscoveryUrl(nextcloud.host),
      issuer: nextcloud.publicIssuerUrl ?? nextcloud.host,
    }),
  };
}

function describeKnowledge(knowledge: Knowledge): NonNullable<StatusDocument['vector_sync']> {
  const embedder = knowledge.embedder.peek();
  return {
    index: knowledge.store.engine,
    embedder: {
      configured: knowledge.embedder.configured,
      kind: embedder?.kind ?? null,
      description: embedder?.description ?? null,
    },
  };
}
