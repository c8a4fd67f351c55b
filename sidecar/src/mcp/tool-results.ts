// The one translator from a tool's or resource's outcome to what the client sees: structured content with a text
// fallback, or an isError result (a protocol error for resources) with a safe message; details logged by request id.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { AppError } from '../errors.js';
import type { Logger } from '../logging/logger.js';

export interface FailureContext {
  tool: string;
  requestId: string;
  logger: Logger;
}

export function toSuccessResult(structured: Record<string, unknown>, text: string): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

export function toErrorResult(error: unknown, context: FailureContext): CallToolResult {
  logFailure(error, context);
  return { isError: true, content: [{ type: 'text', text: `${safeMessage(error)} (request ${context.requestId})` }] };
}

/** The message a client may see: the sidecar's own errors carry one; anything else gets a generic text. */
export function safeMessage(error: unknown): string {
  return error instanceof AppError ? error.message : 'Something went wrong on our side.';
}

/** Logs the original failure under the request id (refusals at info, failures at warn). */
export function logFailure(error: unknown, context: FailureContext): void {
  const fields = { requestId: context.requestId, tool: context.tool };
  if (error instanceof AppError && error.status < 500)
    context.logger.info({ ...fields, code: error.code }, 'tool refused');
  else context.logger.warn({ ...fields, err: error }, 'tool failed');
}
