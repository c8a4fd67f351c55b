// GET /api/v1/connection: lets the companion's "Test connection" prove that it reaches the sidecar with the right
// management API key (X-API-Key, when the sidecar has one: app.ts checks it), unlike the public status route.
import { Router } from 'express';
import type { Settings } from '../settings/settings.js';

export interface ConnectionDocument {
  connected: true;
  auth_mode: Settings['authMode'];
  /** Whether this sidecar checks X-API-Key at all (a key set only in the companion is then ignored). */
  api_key_required: boolean;
  version: string;
}

export function createConnectionRouter(deps: { settings: Settings; version: string }): Router {
  const router = Router();
  const document: ConnectionDocument = {
    connected: true,
    auth_mode: deps.settings.authMode,
    api_key_required: deps.settings.managementApiKey !== undefined,
    version: deps.version,
  };
  router.get('/api/v1/connection', (_req, res) => {
    res.json(document);
  });
  return router;
}
