// Gives every request an id (echoed in X-Request-Id) and logs one line per request when it finishes.
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from '../logging/logger.js';
import { createRequestIdSource } from '../request-id.js';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

export function createRequestContext(logger: Logger) {
  const nextRequestId = createRequestIdSource();
  // The line's fields are fixed and hold no secret (the path has no query string), so it skips the logger's
  // redaction, which tripled the cost of every line (18 against 5 µs, measured): a tenth of a status request.
  const requestLog = logger.child({}, { redact: [] });
  return (req: Request, res: Response, next: NextFunction): void => {
    const inbound = req.get('x-request-id');
    const requestId = inbound && SAFE_REQUEST_ID.test(inbound) ? inbound : nextRequestId();
    res.locals.requestId = requestId;
    res.setHeader('X-Request-Id', requestId);
    const startedAt = performance.now();
    res.on('finish', () => {
      requestLog.info(
        {
          requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
        },
        'request',
      );
    });
    next();
  };
}
