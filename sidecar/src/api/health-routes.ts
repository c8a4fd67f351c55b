// GET /health/live (the process answers) and GET /health/ready (store open and able to decrypt, Nextcloud reachable).
import { Router } from 'express';
import type { HttpClient } from '../net/http-client.js';
import { checkNextcloudStatus } from '../platform/nextcloud-status.js';
import type { StoreHealth } from '../store/open-store.js';

export interface HealthRouteDeps {
  http: HttpClient;
  /** Empty in smithery mode, where each request names its own Nextcloud. */
  nextcloudHost: string;
  storeHealth: () => Promise<StoreHealth>;
  timeoutMs?: number;
}

type CheckResult = StoreHealth | 'unreachable' | 'maintenance' | 'not_used';

export function createHealthRouter(deps: HealthRouteDeps): Router {
  const router = Router();
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/health/ready', async (_req, res) => {
    const [store, nextcloud] = await Promise.all([deps.storeHealth(), checkNextcloud(deps)]);
    const checks: Record<'store' | 'nextcloud', CheckResult> = { store, nextcloud };
    const ready = Object.values(checks).every((result) => result === 'ok' || result === 'not_used');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks });
  });
  return router;
}

async function checkNextcloud(deps: HealthRouteDeps): Promise<CheckResult> {
  if (!deps.nextcloudHost) return 'not_used';
  const status = await checkNextcloudStatus(deps.http, deps.nextcloudHost, deps.timeoutMs ?? 5000);
  if (!status.reachable || !status.installed) return 'unreachable';
  return status.maintenance ? 'maintenance' : 'ok';
}
