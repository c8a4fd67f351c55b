// The management API key (X-API-Key), compared in constant time: required where one is configured, and recognised
// where it only unlocks more detail.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { ForbiddenError, UnauthenticatedError } from '../errors.js';

/** Middleware: 401 without the right X-API-Key when a key is configured; passes everything when none is. */
export function createApiKeyCheck(expected: string | undefined) {
  const hasKey = createApiKeyRecognizer(expected);
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (expected !== undefined && !hasKey(req)) {
      throw new UnauthenticatedError('A valid X-API-Key header is required.', 'ApiKey realm="nextcloud-mcp-server"');
    }
    next();
  };
}

/**
 * Middleware of the routes whose only credential is the key: 403 when no key is configured, since then nothing tells
 * the companion apart from anyone else (mount after the key check).
 */
export function createConfiguredKeyCheck(expected: string | undefined) {
  return (_req: Request, _res: Response, next: NextFunction): void => {
    if (expected === undefined) {
      throw new ForbiddenError('This route needs MANAGEMENT_API_KEY to be set on the server.');
    }
    next();
  };
}

/** Whether the request carries the configured key; always false when no key is configured. */
export function createApiKeyRecognizer(expected: string | undefined): (req: Request) => boolean {
  const expectedDigest = expected === undefined ? undefined : digest(expected);
  return (req) => {
    const given = req.get('x-api-key');
    return expectedDigest !== undefined && given !== undefined && timingSafeEqual(digest(given), expectedDigest);
  };
}

/** Hashing first makes both sides the same length, so the comparison time reveals nothing. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
