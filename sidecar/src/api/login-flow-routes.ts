// POST /api/v1/users/{user_id}/login-flow and …/login-flow/poll (Bearer, the user's own resource): the companion
// starts a Login Flow v2 for the calling user and polls it until Nextcloud hands over an app password, which the
// sidecar stores as that user's background credential and hands to the owner once, for the companion's own encrypted
// copy. A grant by another Nextcloud user is refused.
import { Router } from 'express';
import type { LoginFlowSignIn } from '../auth/login-flow/login-flow-sign-in.js';
import type { BearerVerifier } from '../auth/bearer-verifier.js';
import type { OAuthContext } from '../auth/oauth-context.js';
import { NotFoundError } from '../errors.js';
import { requireOwnerToken } from '../http/bearer-auth.js';
import { parseUserIdParam } from '../http/validation.js';
import type { RateLimiterFactory } from '../limits/rate-limit.js';
import { requestIdOf } from '../request-id.js';

export const LOGIN_FLOW_ROUTE = '/api/v1/users/:userId/login-flow';
/** Flows a user may start an hour (each one is a request to Nextcloud; a person needs one or two). */
export const LOGIN_FLOW_STARTS_PER_HOUR = 20;

export interface LoginFlowRouteDeps {
  /** Nextcloud's oidc app: its owner tokens. Undefined, and no `ownOwnerVerifier`: the routes then answer 404. */
  oauth: OAuthContext | undefined;
  /** The owner tokens of the sidecar's own authorization server (MCP_AUTHORIZATION_SERVER=sidecar), preferred. */
  ownOwnerVerifier?: BearerVerifier;
  /** Undefined where this mode keeps no app passwords: the routes then answer 404. */
  loginFlowSignIn: (() => Promise<LoginFlowSignIn>) | undefined;
  rateLimiters: RateLimiterFactory;
}

export function createLoginFlowRouter(deps: LoginFlowRouteDeps): Router {
  const router = Router();
  const owner = requireOwnerToken({ ownServer: deps.ownOwnerVerifier, oauth: deps.oauth }, unavailable);
  const starts = deps.rateLimiters('login-flow-start', { limit: LOGIN_FLOW_STARTS_PER_HOUR, windowMs: 3_600_000 });
  const signIn = () => {
    if (!deps.loginFlowSignIn) throw unavailable();
    return deps.loginFlowSignIn();
  };
  // The flows of a user are theirs alone: started under this key, polled only under it.
  const callerKeyOf = (userId: string) => `user:${userId}`;

  router.post(LOGIN_FLOW_ROUTE, owner, async (req, res) => {
    const userId = parseUserIdParam(req.params.userId);
    const service = await signIn();
    await starts.hit(userId);
    const started = await service.start({ callerKey: callerKeyOf(userId), userId });
    res.json({
      user_id: userId,
      flow_id: started.flowId,
      login_url: started.loginUrl,
      expires_at: started.expiresAt.toISOString(),
    });
  });

  router.post(`${LOGIN_FLOW_ROUTE}/poll`, owner, async (req, res) => {
    const userId = parseUserIdParam(req.params.userId);
    const service = await signIn();
    const flowId = (req.body as { flow_id?: unknown } | undefined)?.flow_id;
    const outcome = await service.poll(flowId, { callerKey: callerKeyOf(userId), requestId: requestIdOf(res) });
    res.json({
      user_id: userId,
      status: outcome.status,
      ...(outcome.status === 'granted' ? { login_name: outcome.loginName, app_password: outcome.appPassword } : {}),
    });
  });

  return router;
}

function unavailable(): NotFoundError {
  return new NotFoundError(
    'Signing in through Nextcloud is not available in this mode. It needs hybrid or oauth mode with ' +
      'TOKEN_ENCRYPTION_KEY set.',
  );
}
