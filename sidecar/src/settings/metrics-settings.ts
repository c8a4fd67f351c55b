// Settings of the Prometheus endpoint (GET /metrics).
import { parseBoolean } from './parsers.js';

export interface MetricsSettings {
  /** METRICS_ENABLED (default false): serve GET /metrics (behind MANAGEMENT_API_KEY when one is set); 404 when off. */
  enabled: boolean;
}

export function parseMetricsSettings(read: (name: string) => string | undefined, problems: string[]): MetricsSettings {
  return { enabled: parseBoolean('METRICS_ENABLED', read('METRICS_ENABLED'), problems) ?? false };
}
