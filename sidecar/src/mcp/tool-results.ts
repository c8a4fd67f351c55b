// The one translator from a tool's outcome to an MCP tool result: structured content with a text fallback, or an
// isError result with a message a person understands (details logged under the request id).
import type { CallToolResult } from '@modelcontextprotocol/server';
import { AppError } from '../errors.js';
import type { Logger } from '../logging/logger.js';

export function toSuccessResult(structured: Record<string, unknown>, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

export function toErrorResult(
  error: unknown,
  context: { tool: string; requestId: string; logger: Logger },
): CallToolResult {
  const known = error instanceof AppError;
  if (known && error.status < 500) {
    context.logger.info({ requestId: context.requestId, tool: context.tool, code: error.code }, 'tool refused');
  } else {
    context.logger.warn({ requestId: context.requestId, tool: context.tool, err: error }, 'tool failed');
  }
  const message = known ? error.message : 'Something went wrong on our side.';
  return { isError: true, content: [{ type: 'text', text: `${message} (request ${context.requestId})` }] };
}
