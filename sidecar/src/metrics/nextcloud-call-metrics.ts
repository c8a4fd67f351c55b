// Counts outbound requests of the one HTTP client (Nextcloud, and the identity provider or embedding service) by
// target, method and outcome, with their latency; URLs and user names never become labels.
import { Counter, Histogram, type Registry } from 'prom-client';
import type { HttpObservation } from '../net/http-client.js';
import { HTTP_LATENCY_BUCKETS, methodLabel } from './label-values.js';

export type HttpObserver = (observation: HttpObservation) => void;

/** `nextcloudHost`: the configured base URL (empty in smithery mode, where callers name their Nextcloud). */
export function createNextcloudCallMetrics(registry: Registry, nextcloudHost: string): HttpObserver {
  const requests = new Counter({
    name: 'nextcloud_mcp_outbound_requests_total',
    help:
      'Outbound HTTP requests by target (nextcloud, other), method and outcome: the status class (2xx..5xx), ' +
      'timeout, or error (no usable answer: unreachable, reset, too large). Failures: 5xx, timeout, error.',
    labelNames: ['target', 'method', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'nextcloud_mcp_outbound_request_duration_seconds',
    help: 'Time of an outbound HTTP request until its body was read, by target and method.',
    labelNames: ['target', 'method'] as const,
    buckets: HTTP_LATENCY_BUCKETS,
    registers: [registry],
  });
  const targetOf = createTargetClassifier(nextcloudHost);
  return (observation) => {
    const labels = { target: targetOf(observation.url), method: methodLabel(observation.method) };
    requests.inc({ ...labels, outcome: outcomeOf(observation) });
    duration.observe(labels, observation.durationMs / 1000);
  };
}

function createTargetClassifier(nextcloudHost: string): (url: string) => 'nextcloud' | 'other' {
  // Smithery callers name their own Nextcloud: every outbound request there goes to one.
  if (!nextcloudHost) return () => 'nextcloud';
  const prefix = nextcloudHost.endsWith('/') ? nextcloudHost : `${nextcloudHost}/`;
  return (url) => (url === nextcloudHost || url.startsWith(prefix) ? 'nextcloud' : 'other');
}

/** A status class when an answer came (even if reading its body failed later), else how the request failed. */
function outcomeOf(observation: HttpObservation): string {
  if (observation.status !== undefined) return `${Math.min(Math.max(Math.trunc(observation.status / 100), 1), 5)}xx`;
  return observation.timedOut ? 'timeout' : 'error';
}
