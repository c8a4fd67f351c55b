// oidc-provider's answers reworded as Nextcloud's oidc app gives them (docs/nextcloud-behaviour.md, "The OIDC provider
// app"): the token endpoint's errors (always 400, Nextcloud's error_description, `expired_client` for an expired
// dynamic client), `refresh_expires_in` beside every refresh token, and the expiry in a dynamic registration's answer.
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';

export interface NextcloudAnswerOptions {
  tokenPath: string;
  registrationPath: string;
  /** Nextcloud's refresh_expire_time (900 s by default), answered as `refresh_expires_in`. */
  refreshExpireSeconds: number;
  /** A stored dynamic client's `client_secret_expires_at` (epoch seconds). */
  clientExpiresAt(clientId: string): number | undefined;
}

interface ProviderError {
  error?: string;
  error_detail?: string;
}

type TokenError = { error: string; error_description: string };
/** The Koa context of a middleware in front of the provider's routes. */
type Context = Parameters<Parameters<Provider['use']>[0]>[0];

/** Installs the rewording as a middleware in front of the provider's routes. */
export function answerLikeNextcloud(provider: Provider, options: NextcloudAnswerOptions): void {
  const failures = new WeakMap<object, ProviderError>();
  provider.on('grant.error', (ctx: KoaContextWithOIDC, error: ProviderError) => failures.set(ctx, error));
  provider.use(async (ctx, next) => {
    await next();
    if (ctx.path === options.tokenPath) rewordTokenAnswer(ctx, failures.get(ctx), options.refreshExpireSeconds);
    if (ctx.path === options.registrationPath && ctx.status === 201) rewordRegistration(ctx, options.clientExpiresAt);
  });
}

function rewordTokenAnswer(ctx: Context, failure: ProviderError | undefined, refreshExpireSeconds: number) {
  const body = ctx.body as Record<string, unknown> | undefined;
  if (ctx.status === 200 && typeof body?.refresh_token === 'string') {
    ctx.body = { ...body, refresh_expires_in: refreshExpireSeconds };
    return;
  }
  const reworded = failure && nextcloudTokenError(failure);
  if (!reworded) return;
  ctx.status = 400;
  ctx.remove('WWW-Authenticate');
  ctx.body = reworded;
}

/**
 * The token endpoint's table of refusals; undefined where docs/nextcloud-behaviour.md says nothing (oidc-provider's
 * wording stays).
 */
function nextcloudTokenError({ error, error_detail: detail = '' }: ProviderError): TokenError | undefined {
  if (error === 'invalid_client') {
    if (/client_secret expired/.test(detail)) return { error: 'expired_client', error_description: 'Client expired.' };
    // (source) for both: the oidc app's TokenController.
    if (detail === 'client not found') return { error: 'invalid_client', error_description: 'Client not found.' };
    return { error: 'invalid_client', error_description: 'Client authentication failed.' };
  }
  if (error !== 'invalid_grant') return undefined;
  const grantError = (description: string): TokenError => ({ error: 'invalid_grant', error_description: description });
  if (detail === 'refresh token is expired') return grantError('Refresh token is expired.');
  // unverified for an authorization code of another client: the refresh token's wording.
  if (detail === 'client mismatch') return grantError('Grant is not valid for this client.');
  if (detail === 'authorization code already consumed') return grantError('Authorization code has already been used.');
  if (/code_verifier/.test(detail)) return grantError('Invalid code_verifier.');
  if (detail === 'refresh token not found' || detail === 'authorization code not found') {
    return grantError('Could not find access token for code or refresh_token.');
  }
  return undefined;
}

/** 201 with the client's expiry (issue time + client_expire_time) and the oidc app's fixed fields. */
function rewordRegistration(ctx: Context, clientExpiresAt: (clientId: string) => number | undefined) {
  const body = ctx.body as Record<string, unknown>;
  ctx.body = {
    ...body,
    client_secret_expires_at: clientExpiresAt(String(body.client_id)) ?? body.client_secret_expires_at,
    token_endpoint_auth_method: 'client_secret_post',
    grant_types: ['authorization_code'],
  };
}
