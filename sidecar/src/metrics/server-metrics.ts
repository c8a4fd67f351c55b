// The metrics of one running server: its own Prometheus registry (never prom-client's global one, so two servers in
// one process keep separate counts) with process metrics, requests, tool calls, outbound calls and sync gauges.
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Settings } from '../settings/settings.js';
import type { Knowledge } from '../knowledge/knowledge.js';
import type { SyncCredentials } from '../knowledge/sync/sync-engine.js';
import { registerKnowledgeMetrics, type KnowledgeMetricsSource } from './knowledge-metrics.js';
import { knowledgeMetricsSourceOf } from './knowledge-source.js';
import { createNextcloudCallMetrics, type HttpObserver } from './nextcloud-call-metrics.js';
import { createRequestMetrics, type RequestRecorder } from './request-metrics.js';
import { createToolCallMetrics, type ToolCallObserver } from './tool-call-metrics.js';

export interface ServerMetrics {
  /** Express middleware, mounted first: counts every request by route template and status. */
  recordRequests: RequestRecorder;
  /** Given to the one HTTP client (net/http-client.ts). */
  observeOutbound: HttpObserver;
  /** Given to the MCP server factory, where every tool call passes. */
  observeToolCall: ToolCallObserver;
  /** Adds the sync queue and index gauges (when the knowledge sync is on). */
  watchKnowledge(source: KnowledgeMetricsSource): void;
  /** The exposition text and its content type, collected now. */
  render(): Promise<{ contentType: string; body: string }>;
}

export interface ServerMetricsOptions {
  /** NEXTCLOUD_HOST: outbound requests under it are labelled `target="nextcloud"`. */
  nextcloudHost: string;
  clock?: () => number;
}

/** The server's metrics when METRICS_ENABLED is on; undefined otherwise (GET /metrics then answers 404). */
export function createServerMetricsFor(settings: Pick<Settings, 'metrics' | 'nextcloud'>): ServerMetrics | undefined {
  return settings.metrics.enabled ? createServerMetrics({ nextcloudHost: settings.nextcloud.host }) : undefined;
}

export function createServerMetrics(options: ServerMetricsOptions): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    recordRequests: createRequestMetrics(registry),
    observeOutbound: createNextcloudCallMetrics(registry, options.nextcloudHost),
    observeToolCall: createToolCallMetrics(registry),
    watchKnowledge: (source) => registerKnowledgeMetrics(registry, source, options.clock),
    render: async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
  };
}

/** Adds the sync gauges when both the metrics and the knowledge sync are on (the composition root's one call). */
export function watchKnowledgeMetrics(
  metrics: ServerMetrics | undefined,
  knowledge: Pick<Knowledge, 'store' | 'queue' | 'rescanNotices'> | undefined,
  credentials: Pick<SyncCredentials, 'userIds'>,
): void {
  if (metrics && knowledge) metrics.watchKnowledge(knowledgeMetricsSourceOf(knowledge, credentials));
}
