// GET /metrics: the server's metrics in Prometheus text format (behind the management API key when one is set, which
// app.ts checks); absent (404) when METRICS_ENABLED is off.
import { Router } from 'express';
import type { ServerMetrics } from '../metrics/server-metrics.js';

export const METRICS_ROUTE = '/metrics';

export interface MetricsRouteDeps {
  /** Undefined when METRICS_ENABLED is off: the route does not exist. */
  metrics?: ServerMetrics;
}

export function createMetricsRouter(deps: MetricsRouteDeps): Router {
  const router = Router();
  const { metrics } = deps;
  if (!metrics) return router;
  router.get(METRICS_ROUTE, async (_req, res) => {
    const { contentType, body } = await metrics.render();
    res.setHeader('Cache-Control', 'no-store');
    res.type(contentType).send(body);
  });
  return router;
}
