// Revokes a refresh token at the provider, reporting the outcome instead of failing the user's revoke request.
import type { OAuthServices } from '../auth/oauth-context.js';
import type { Logger } from '../logging/logger.js';

export type ProviderRevocation = 'revoked' | 'not_supported' | 'failed' | 'not_needed';

export async function revokeProviderToken(
  services: OAuthServices,
  refreshToken: string,
  logger: Logger,
  requestId: string,
): Promise<ProviderRevocation> {
  try {
    return await services.revokeRefreshToken(refreshToken);
  } catch (error) {
    logger.warn({ requestId, err: error }, 'revoking the refresh token at the provider failed');
    return 'failed';
  }
}
