// Who calls a knowledge route (search, chunk context, sync status, webhooks): the subject of a verified Bearer token
// in hybrid and oauth modes, the configured user in basic mode; with the Nextcloud credential the sidecar holds for
// them (the provisioned app password, or basic mode's configured pair).
import type { NextFunction, Request, Response } from 'express';
import type { OAuthContext } from '../auth/oauth-context.js';
import { NotFoundError } from '../errors.js';
import type { NextcloudCredentials } from '../platform/credentials.js';
import { createHostOriginRule, type HostOriginRule } from './host-origin-check.js';
import type { AppPasswordStore } from '../store/app-passwords.js';
import { clientAddressKey } from '../limits/rate-limit.js';

export interface KnowledgeCaller {
  /** The Nextcloud user id: what owns the index. */
  userId: string;
  /** Absent when the user has not provisioned an app password (yet). */
  credentials?: NextcloudCredentials;
}

export interface KnowledgeCallerDeps {
  /** hybrid and oauth modes. */
  oauth?: OAuthContext;
  appPasswords?: AppPasswordStore;
  /** basic mode: the configured user, resolved once to its user id. */
  basicUser?: { userId: () => Promise<string>; credentials: NextcloudCredentials };
  /** basic mode: the DNS-rebinding rule of /mcp (default: loopback host names only). */
  hostOrigin?: HostOriginRule;
}

/** Without a configured rule: the loopback names only. */
const LOOPBACK_HOSTS_ONLY = createHostOriginRule({ allowedHosts: [], allowedOrigins: [] });

/**
 * Express middleware: sets `res.locals.knowledgeCaller`, or throws 401 (no or bad token), 403 (basic mode: a Host or
 * Origin /mcp would refuse too) or 404 (mode without it).
 */
export function requireKnowledgeCaller(deps: KnowledgeCallerDeps) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    res.locals.knowledgeCaller = await resolveKnowledgeCaller(deps, req);
    next();
  };
}

export async function resolveKnowledgeCaller(deps: KnowledgeCallerDeps, req: Request): Promise<KnowledgeCaller> {
  if (deps.basicUser) {
    // Nothing in the request proves who sends it: only the Host/Origin rule keeps a rebound web page out.
    (deps.hostOrigin ?? LOOPBACK_HOSTS_ONLY)(req);
    return { userId: await deps.basicUser.userId(), credentials: deps.basicUser.credentials };
  }
  if (!deps.oauth) {
    throw new NotFoundError('The knowledge index needs background access: basic, hybrid or oauth mode.');
  }
  const { managementVerifier } = deps.oauth.ready();
  const token = await managementVerifier.authenticate(req.get('authorization'), clientAddressKey(req));
  const stored = await deps.appPasswords?.get(token.subject);
  return {
    userId: token.subject,
    credentials: stored && { loginName: stored.loginName, password: stored.password },
  };
}

export function knowledgeCallerOf(res: Response): KnowledgeCaller {
  return res.locals.knowledgeCaller as KnowledgeCaller;
}
