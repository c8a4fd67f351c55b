// Bearer authentication of management routes: a verified access token whose subject owns the resource in the path.
import type { NextFunction, Request, Response } from 'express';
import type { BearerVerifier } from '../auth/bearer-verifier.js';
import { ForbiddenError } from '../errors.js';
import { clientAddressKey } from '../limits/rate-limit.js';
import { parseUserIdParam } from './validation.js';

/**
 * Verifies the Bearer token with the verifier `resolveVerifier` returns (which may throw 503 while the provider is not
 * reachable), and requires its subject to be the `:userId` of the path (else 403).
 */
export function requireTokenOwner(resolveVerifier: () => BearerVerifier) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const userId = parseUserIdParam(req.params.userId);
    const token = await resolveVerifier().authenticate(req.get('authorization'), clientAddressKey(req));
    if (token.subject !== userId) throw new ForbiddenError('This access token belongs to another user.');
    next();
  };
}

/** Where owner tokens are verified: the sidecar's own authorization server when it runs, else Nextcloud's oidc app. */
export interface OwnerTokenSources {
  ownServer?: BearerVerifier;
  oauth?: { ready(): { managementVerifier: BearerVerifier } };
}

/** The route table's `owner-token` guard; with neither source, the routes answer with `unavailable()` (a 404). */
export function requireOwnerToken(sources: OwnerTokenSources, unavailable: () => Error) {
  return requireTokenOwner(() => {
    if (sources.ownServer) return sources.ownServer;
    if (sources.oauth) return sources.oauth.ready().managementVerifier;
    throw unavailable();
  });
}
