// Counts MCP tool calls by tool and outcome (ok, or the error code of errors.ts), with their latency.
import { Counter, Histogram, type Registry } from 'prom-client';
import { outcomeLabel } from './label-values.js';

/** Called once per tool call that reached the tool: `error` is what it threw (undefined when it succeeded). */
export type ToolCallObserver = (tool: string, error: unknown, durationMs: number) => void;

export function createToolCallMetrics(registry: Registry): ToolCallObserver {
  const calls = new Counter({
    name: 'nextcloud_mcp_tool_calls_total',
    help: 'MCP tool calls by tool and outcome (ok, or the error code: invalid_input, not_found, upstream_error, ...).',
    labelNames: ['tool', 'outcome'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'nextcloud_mcp_tool_call_duration_seconds',
    help: 'Time an MCP tool took to run, by tool.',
    labelNames: ['tool'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  // Tool names come from the tool catalogue (the SDK refuses unknown names before a tool runs): a bounded set.
  return (tool, error, durationMs) => {
    calls.inc({ tool, outcome: outcomeLabel(error) });
    duration.observe({ tool }, durationMs / 1000);
  };
}
