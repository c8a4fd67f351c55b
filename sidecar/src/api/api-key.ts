// Requires the management API key (X-API-Key) when one is configured, compared in constant time.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { UnauthenticatedError } from '../errors.js';

export function createApiKeyCheck(expected: string | undefined) {
  const expectedDigest = expected === undefined ? undefined : digest(expected);
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (expectedDigest === undefined) return next();
    const given = req.get('x-api-key');
    if (given === undefined || !timingSafeEqual(digest(given), expectedDigest)) {
      throw new UnauthenticatedError('A valid X-API-Key header is required.', 'ApiKey realm="nextcloud-mcp-server"');
    }
    next();
  };
}

/** Hashing first makes both sides the same length, so the comparison time reveals nothing. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
