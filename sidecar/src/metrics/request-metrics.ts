// Counts the sidecar's own HTTP requests by route template (never the raw path) and status, with their latency.
import type { NextFunction, Request, Response } from 'express';
import { Counter, Histogram, type Registry } from 'prom-client';
import { HTTP_LATENCY_BUCKETS, methodLabel } from './label-values.js';

/** The route label of a request no route answered (404s, refusals by middleware shared by several paths). */
export const UNMATCHED_ROUTE = 'unmatched';

export type RequestRecorder = (req: Request, res: Response, next: NextFunction) => void;

export function createRequestMetrics(registry: Registry): RequestRecorder {
  const requests = new Counter({
    name: 'nextcloud_mcp_http_requests_total',
    help: 'HTTP requests the sidecar answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'nextcloud_mcp_http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to the end of its response, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: HTTP_LATENCY_BUCKETS,
    registers: [registry],
  });
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    // `close` comes after `finish` and also when the client went away first: every request is counted once.
    res.once('close', () => {
      const labels = { method: methodLabel(req.method), route: routeTemplateOf(req) };
      requests.inc({ ...labels, status: String(res.statusCode) });
      duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

/**
 * The template of the route that answered (`/api/v1/users/:user_id/app-password`), never the path a client sent:
 * ids and user names stay out of the labels, so the number of series is bounded by the routes the code defines. Every
 * router is mounted at the root; `req.baseUrl` is left out on purpose, as it holds the path as sent, not a template.
 */
function routeTemplateOf(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path : UNMATCHED_ROUTE;
}
