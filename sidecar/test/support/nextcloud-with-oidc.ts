// A platform double that also serves Nextcloud's oidc app, with a static client for the companion and helpers to
// obtain real tokens from it.
import { obtainTokens, type TokenSet } from '../../../test/platform/oidc-code-flow.js';
import type { IntrospectionBehaviour } from '../../../test/platform/oidc-introspection.js';
import type { DoubleApp } from '../../../test/platform/double-app.js';
import { startPlatformDouble, type DoubleUser, type PlatformDouble } from '../../../test/platform/platform-double.js';

export const COMPANION_CLIENT = {
  clientId: 'companion',
  clientSecret: 'companion-secret',
  redirectUri: 'http://127.0.0.1:1/cb',
};
export const SIDECAR_CLIENT = {
  clientId: 'sidecar-static',
  clientSecret: 'sidecar-secret',
  redirectUri: 'http://127.0.0.1:2/oauth/callback',
};
/** The setting that lets the companion's tokens use the management API, as README tells operators to set it. */
export const TRUSTING_THE_COMPANION = { MANAGEMENT_API_TRUSTED_CLIENTS: COMPANION_CLIENT.clientId };

/** Hybrid mode against `nextcloudUrl` with stored secrets, trusting the companion's tokens: the companion's setup. */
export function hybridTrustingTheCompanion(nextcloudUrl: string, key: string): Record<string, string> {
  return {
    NEXTCLOUD_HOST: nextcloudUrl,
    ENABLE_MULTI_USER_BASIC_AUTH: 'true',
    ENABLE_BACKGROUND_OPERATIONS: 'true',
    TOKEN_ENCRYPTION_KEY: key,
    ...TRUSTING_THE_COMPANION,
  };
}
/** A client the oidc app issues opaque access tokens to (not set to JWT). */
export const OPAQUE_CLIENT = {
  clientId: 'opaque-companion',
  clientSecret: 'opaque-secret',
  redirectUri: 'http://127.0.0.1:3/cb',
};

/** A static client of the sidecar whose access tokens are opaque. */
export const SIDECAR_OPAQUE_CLIENT = {
  clientId: 'sidecar-opaque',
  clientSecret: 'sidecar-opaque-secret',
  redirectUri: 'http://127.0.0.1:4/oauth/callback',
};

export async function startNextcloudWithOidc(
  users: DoubleUser[],
  options: {
    autoLoginUser?: string;
    clientExpireSeconds?: number;
    accessTokenTtlSeconds?: number;
    /** `any-token`: the test-only lenient provider that introspects every client's token. */
    introspection?: IntrospectionBehaviour;
    /** Nextcloud apps to serve besides the oidc app (files, notes, …). */
    apps?: DoubleApp[];
  } = {},
): Promise<PlatformDouble> {
  const client = (c: typeof COMPANION_CLIENT) => ({
    client_id: c.clientId,
    client_secret: c.clientSecret,
    redirect_uris: [c.redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    token_endpoint_auth_method: 'client_secret_post' as const,
  });
  return startPlatformDouble({
    users,
    apps: options.apps,
    oidc: {
      users: users.map((user) => ({ id: user.id })),
      autoLoginUser: options.autoLoginUser,
      clientExpireSeconds: options.clientExpireSeconds,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds,
      introspection: options.introspection,
      clients: [
        client(COMPANION_CLIENT),
        client(SIDECAR_CLIENT),
        { ...client(OPAQUE_CLIENT), access_token_format: 'opaque' },
        { ...client(SIDECAR_OPAQUE_CLIENT), access_token_format: 'opaque' },
      ],
    },
  });
}

/** A real access token for `userId` (the provider signs that user in), as the companion would hold. */
export function tokensFor(
  double: PlatformDouble,
  userId: string,
  client = COMPANION_CLIENT,
  resource?: string,
): Promise<TokenSet> {
  return obtainTokens(double.url, client, { login: userId, resource });
}
