// Bearer authentication of management routes: a verified token whose subject owns the resource in the path.
import type { NextFunction, Request, Response } from 'express';
import { extractBearerToken } from '../auth/bearer-token.js';
import type { BearerVerifier, VerifiedToken } from '../auth/bearer-verifier.js';
import { ForbiddenError } from '../errors.js';
import { parseUserIdParam } from './validation.js';

/** The verified token of this request (set by requireTokenOwner). */
export function verifiedTokenOf(res: Response): VerifiedToken {
  return res.locals.token as VerifiedToken;
}

/**
 * Verifies the Bearer token with the verifier `resolveVerifier` returns (which may throw 503 while the provider is not
 * reachable), and requires its subject to be the `:userId` of the path (else 403).
 */
export function requireTokenOwner(resolveVerifier: () => BearerVerifier) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const userId = parseUserIdParam(req.params.userId);
    const verifier = resolveVerifier();
    const token = await verifier.verify(extractBearerToken(req.get('authorization'), verifier.challenge));
    if (token.subject !== userId) throw new ForbiddenError('This access token belongs to another user.');
    res.locals.token = token;
    next();
  };
}
