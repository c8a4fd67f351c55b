// GET /oauth/login and /oauth/callback: a user grants the sidecar background access with a refresh token (PKCE).
// Sign-ins start without authentication, so each start is limited per client address and the pending rows are capped.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Router, type Request } from 'express';
import type { OAuthContext } from '../auth/oauth-context.js';
import { clearCookie, readCookie, setCookie } from '../auth/cookies.js';
import { refreshTokenExpiry } from '../auth/refresh-token-lifetime.js';
import { AppError, SignInError } from '../errors.js';
import type { Logger } from '../logging/logger.js';
import type { OAuthSessionStore } from '../store/oauth-sessions.js';
import type { RefreshTokenStore } from '../store/refresh-tokens.js';
import { renderMessagePage } from '../http/message-page.js';
import { clientAddressKey, type RateLimiterFactory } from '../limits/rate-limit.js';
import { requestIdOf } from '../request-id.js';

export const SIGN_IN_COOKIE = 'mcp_oauth_session';
const SIGN_IN_SECONDS = 600;
const SCOPES = 'openid profile email offline_access';
/** Sign-ins one client address may start within SIGN_IN_SECONDS (a person needs a few). */
export const SIGN_INS_PER_ADDRESS = 20;

export interface OAuthBrowserDeps {
  oauth: OAuthContext;
  sessions: OAuthSessionStore;
  refreshTokens: RefreshTokenStore;
  publicUrl: string;
  cookieSecure: boolean;
  logger: Logger;
  /** Where the limits count (the composition root's, in the database). */
  rateLimiters: RateLimiterFactory;
  clock?: () => number;
}

export function createOAuthBrowserRouter(deps: OAuthBrowserDeps): Router {
  const router = Router();
  const clock = deps.clock ?? Date.now;
  const redirectUri = `${deps.publicUrl}/oauth/callback`;
  const cookie = { secure: deps.cookieSecure, path: '/oauth' };
  const perAddress = deps.rateLimiters('sign-ins', {
    limit: SIGN_INS_PER_ADDRESS,
    windowMs: SIGN_IN_SECONDS * 1000,
  });

  router.get('/oauth/login', async (req, res) => {
    const services = deps.oauth.ready();
    await perAddress.hit(clientAddressKey(req));
    const pending = {
      sessionId: randomBytes(24).toString('base64url'),
      state: randomBytes(24).toString('base64url'),
      codeVerifier: randomBytes(32).toString('base64url'),
      redirectUri,
      expiresAt: new Date(clock() + SIGN_IN_SECONDS * 1000),
    };
    await deps.sessions.save(pending);
    setCookie(res, SIGN_IN_COOKIE, pending.sessionId, { ...cookie, maxAgeSeconds: SIGN_IN_SECONDS });
    const authorize = new URL(services.metadata.authorizationEndpoint);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: services.client().clientId,
      redirect_uri: redirectUri,
      scope: SCOPES,
      state: pending.state,
      code_challenge: createHash('sha256').update(pending.codeVerifier).digest('base64url'),
      code_challenge_method: 'S256',
      // OpenID Connect grants offline_access only with an explicit consent prompt.
      prompt: 'consent',
    }).toString();
    res.redirect(303, authorize.toString());
  });

  router.get('/oauth/callback', async (req, res) => {
    clearCookie(res, SIGN_IN_COOKIE, cookie);
    try {
      const userId = await completeSignIn(deps, req, clock);
      renderMessagePage(
        res,
        200,
        'Background access granted',
        `The MCP server can now work for ${userId} in the background. You can close this window.`,
      );
    } catch (error) {
      deps.logger.warn({ requestId: requestIdOf(res), err: error }, 'browser sign-in failed');
      const message = error instanceof AppError ? error.message : 'The sign-in could not be completed.';
      renderMessagePage(res, error instanceof AppError ? error.status : 500, 'Sign-in failed', message);
    }
  });

  return router;
}

async function completeSignIn(deps: OAuthBrowserDeps, req: Request, clock: () => number): Promise<string> {
  const services = deps.oauth.ready();
  const { code, state, error } = req.query as Record<string, unknown>;
  if (typeof error === 'string') throw new SignInError('The identity provider did not grant access.');
  const sessionId = readCookie(req, SIGN_IN_COOKIE);
  const pending = sessionId ? await deps.sessions.take(sessionId, new Date(clock())) : undefined;
  if (!pending || typeof state !== 'string' || !sameText(state, pending.state)) {
    throw new SignInError('This sign-in expired or did not start here. Start it again.');
  }
  if (typeof code !== 'string' || code === '') throw new SignInError('The identity provider sent no code.');
  const tokens = await services.exchangeCode(code, pending.codeVerifier, pending.redirectUri);
  if (!tokens.refresh_token) throw new SignInError('The identity provider granted no offline access (refresh token).');
  const { subject, scopes } = await services.managementVerifier.verify(tokens.access_token);
  const grantedScopes = tokens.scope?.split(' ').filter(Boolean) ?? scopes;
  await deps.refreshTokens.store(subject, tokens.refresh_token, grantedScopes, refreshTokenExpiry(tokens, clock()));
  services.tokenCache.set(subject, {
    accessToken: tokens.access_token,
    expiresAt: new Date(clock() + (tokens.expires_in ?? 300) * 1000),
  });
  return subject;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
