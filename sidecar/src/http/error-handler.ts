// The one translator from errors to HTTP responses: a stable code and a safe message; details go to the log.
import type { NextFunction, Request, Response } from 'express';
import { AppError, NotFoundError, RateLimitedError, UnauthenticatedError, type ErrorCode } from '../errors.js';
import type { Logger } from '../logging/logger.js';
import { requestIdOf } from '../request-id.js';

interface ErrorBody {
  error: ErrorCode;
  message: string;
  request_id: string;
}

/** Answers unknown routes with a 404 through the error handler. */
export function notFoundHandler(_req: Request, _res: Response, next: NextFunction): void {
  next(new NotFoundError('There is nothing at this address.'));
}

export function createErrorHandler(logger: Logger) {
  return (error: unknown, _req: Request, res: Response, next: NextFunction): void => {
    if (res.headersSent) return next(error);
    const requestId = requestIdOf(res);
    const { status, body } = describe(error, requestId);
    if (status >= 500) logger.error({ requestId, err: error }, 'request failed');
    else logger.info({ requestId, code: body.error, cause: causeMessage(error) }, 'request refused');
    if (error instanceof RateLimitedError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof UnauthenticatedError) res.setHeader('WWW-Authenticate', error.challenge);
    res.status(status).json(body);
  };
}

/** Errors raised by Express and body-parser carry `status` and `type`; map the common ones to our codes. */
const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; message: string }> = {
  'entity.too.large': { code: 'payload_too_large', message: 'The request body is too large.' },
  'entity.parse.failed': { code: 'invalid_input', message: 'The request body is not valid JSON.' },
  'encoding.unsupported': { code: 'unsupported_media_type', message: 'The request body encoding is not supported.' },
  'charset.unsupported': { code: 'unsupported_media_type', message: 'The request body charset is not supported.' },
  'request.aborted': { code: 'invalid_input', message: 'The request was aborted.' },
};

function describe(error: unknown, requestId: string): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return { status: error.status, body: { error: error.code, message: error.message, request_id: requestId } };
  }
  const { status, type } = (error ?? {}) as { status?: unknown; type?: unknown };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const known = typeof type === 'string' ? FRAMEWORK_ERRORS[type] : undefined;
    const fallback = { code: 'invalid_input' as const, message: 'The request is not valid.' };
    const { code, message } = known ?? fallback;
    return { status, body: { error: code, message, request_id: requestId } };
  }
  return {
    status: 500,
    body: { error: 'internal_error', message: 'Something went wrong on our side.', request_id: requestId },
  };
}

function causeMessage(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause instanceof Error ? cause.message : undefined;
}
