// GET /api/v1/users/{user_id}/session and POST /api/v1/users/{user_id}/revoke (Bearer, the user's own resource).
import { Router } from 'express';
import type { BearerVerifier } from '../auth/bearer-verifier.js';
import type { OAuthContext } from '../auth/oauth-context.js';
import { isRefreshTokenExpired } from '../auth/refresh-token-lifetime.js';
import { NotFoundError } from '../errors.js';
import type { Logger } from '../logging/logger.js';
import type { AccessTokenStore } from '../store/access-tokens.js';
import type { AppPasswordStore } from '../store/app-passwords.js';
import type { RefreshTokenStore } from '../store/refresh-tokens.js';
import { requireOwnerToken } from '../http/bearer-auth.js';
import { requestIdOf } from '../request-id.js';
import { revokeStoredAppPassword, type AppPasswordRevocationDeps } from './app-password-revocation.js';
import { revokeProviderToken, type ProviderRevocation } from './provider-revocation.js';
import { parseUserIdParam } from '../http/validation.js';

export interface SessionRouteDeps {
  /** Nextcloud's oidc app (hybrid, oauth): its owner tokens. Undefined, and no `ownOwnerVerifier`: the routes answer 404. */
  oauth: OAuthContext | undefined;
  /** The owner tokens of the sidecar's own authorization server (MCP_AUTHORIZATION_SERVER=sidecar), preferred. */
  ownOwnerVerifier?: BearerVerifier;
  enableOfflineAccess: boolean;
  appPasswords?: AppPasswordStore;
  refreshTokens?: RefreshTokenStore;
  /** The copy of users' access tokens other processes read; revoking deletes it too. */
  accessTokens?: AccessTokenStore;
  logger: Logger;
  /** Where a stored app password is revoked before it is forgotten. */
  nextcloud: Omit<AppPasswordRevocationDeps, 'logger'>;
  clock?: () => number;
}

export interface SessionDocument {
  user_id: string;
  offline_access_enabled: boolean;
  background_access: {
    granted: boolean;
    credential_type: 'app_password' | 'refresh_token' | null;
    since: string | null;
    scopes: string[];
  };
}

export function createSessionRouter(deps: SessionRouteDeps): Router {
  const router = Router();
  const owner = requireOwnerToken(
    { ownServer: deps.ownOwnerVerifier, oauth: deps.oauth },
    () => new NotFoundError('Sessions are not available in this mode: it has no identity provider.'),
  );
  router.get('/api/v1/users/:userId/session', owner, async (req, res) => {
    res.json(await describeSession(deps, parseUserIdParam(req.params.userId)));
  });

  router.post('/api/v1/users/:userId/revoke', owner, async (req, res) => {
    const userId = parseUserIdParam(req.params.userId);
    const requestId = requestIdOf(res);
    // With only the sidecar's own server there is no Nextcloud provider to revoke at, and no cache of its tokens.
    const services = deps.oauth?.ready();
    const refreshToken = await deps.refreshTokens?.get(userId);
    const providerRevocation: ProviderRevocation =
      refreshToken && services
        ? await revokeProviderToken(services, refreshToken.token, deps.logger, requestId)
        : 'not_needed';
    const appPasswordRevocation = await deps.appPasswords
      ?.get(userId)
      .then((stored) => revokeStoredAppPassword({ ...deps.nextcloud, logger: deps.logger }, stored, requestId))
      .catch((error: unknown) => {
        deps.logger.warn({ requestId, err: error }, 'the stored app password could not be read to revoke it');
        return 'failed' as const;
      });
    res.json({
      user_id: userId,
      cleared: {
        app_password: (await deps.appPasswords?.delete(userId, requestId)) ?? false,
        refresh_token: (await deps.refreshTokens?.delete(userId, requestId)) ?? false,
        token_cache: [services?.tokenCache.delete(userId), await deps.accessTokens?.delete(userId)].some(Boolean),
      },
      provider_revocation: providerRevocation,
      app_password_revocation: appPasswordRevocation ?? 'not_needed',
    });
  });

  return router;
}

async function describeSession(deps: SessionRouteDeps, userId: string): Promise<SessionDocument> {
  const none = { granted: false, credential_type: null, since: null, scopes: [] };
  if (!deps.enableOfflineAccess) return { user_id: userId, offline_access_enabled: false, background_access: none };
  const appPassword = await deps.appPasswords?.get(userId);
  const stored = appPassword ? undefined : await deps.refreshTokens?.get(userId);
  // Nextcloud refuses a refresh token about 30 minutes after its answer: past that, nothing is granted any more.
  const now = (deps.clock ?? Date.now)();
  const refreshToken = stored && !isRefreshTokenExpired(stored, now) ? stored : undefined;
  const background = appPassword
    ? {
        granted: true,
        credential_type: 'app_password' as const,
        since: appPassword.updatedAt.toISOString(),
        scopes: [],
      }
    : refreshToken
      ? {
          granted: true,
          credential_type: 'refresh_token' as const,
          since: refreshToken.createdAt.toISOString(),
          scopes: refreshToken.scopes,
        }
      : none;
  return { user_id: userId, offline_access_enabled: true, background_access: background };
}
