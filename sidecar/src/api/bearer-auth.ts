// Bearer authentication of management routes: a verified token whose subject owns the resource in the path.
import type { NextFunction, Request, Response } from 'express';
import type { BearerVerifier, VerifiedToken } from '../auth/bearer-verifier.js';
import { ForbiddenError, UnauthenticatedError } from '../errors.js';
import { parseUserIdParam } from './validation.js';

const BEARER = /^Bearer ([\x21-\x7e]+)$/i;

/** The verified token of this request (set by requireTokenOwner). */
export function verifiedTokenOf(res: Response): VerifiedToken {
  return res.locals.token as VerifiedToken;
}

/**
 * Verifies the Bearer token with the verifier `resolve` returns (which may throw 503 while the provider is not
 * reachable), and requires its subject to be the `:userId` of the path (else 403).
 */
export function requireTokenOwner(resolve: () => { verifier: BearerVerifier; challenge: string }) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const userId = parseUserIdParam(req.params.userId);
    const { verifier, challenge } = resolve();
    const match = BEARER.exec(req.get('authorization') ?? '');
    if (!match?.[1]) throw new UnauthenticatedError('A Bearer access token is required.', challenge);
    const token = await verifier.verify(match[1]);
    if (token.subject !== userId) throw new ForbiddenError('This access token belongs to another user.');
    res.locals.token = token;
    next();
  };
}
