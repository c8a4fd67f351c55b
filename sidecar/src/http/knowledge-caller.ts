// The middleware that identifies the caller of a route serving user data (search, chunk context, sync status,
// webhooks, previews) through the credential resolver, and hands it to the route in `res.locals`.
import type { NextFunction, Request, Response } from 'express';
import type { ManagementCaller, NextcloudCredentialResolver } from '../auth/nextcloud-credentials.js';

export type KnowledgeCaller = ManagementCaller;

/** What the routes need to identify their caller: the resolver's management view. */
export type KnowledgeCallerDeps = Pick<NextcloudCredentialResolver, 'managementCaller'>;

/**
 * Express middleware: sets `res.locals.knowledgeCaller`, or throws 401 (no or bad token), 403 (basic mode: a Host or
 * Origin /mcp would refuse too) or 404 (mode without it).
 */
export function requireKnowledgeCaller(resolver: KnowledgeCallerDeps) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    res.locals.knowledgeCaller = await resolver.managementCaller(req);
    next();
  };
}

export function knowledgeCallerOf(res: Response): KnowledgeCaller {
  return res.locals.knowledgeCaller as KnowledgeCaller;
}
