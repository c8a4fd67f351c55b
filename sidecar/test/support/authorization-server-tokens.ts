// Tokens of the sidecar's authorization server for a public client, the way a client gets them: the authorization
// request with PKCE, the browser journey (sign-in through the double's Login Flow v2, consent), the code exchange.
import { createHash, randomBytes } from 'node:crypto';
import type { AuthorizationServerSetup } from './authorization-server-sidecar.js';
import type { OAuthBrowser } from './oauth-browser.js';
import { signInAndConsent, type JourneyOptions } from './sdk-oauth-client.js';

export interface ClientTokens {
  access_token: string;
  refresh_token: string;
}

export interface TokenRequest extends JourneyOptions {
  clientId: string;
  redirectUri: string;
  /** The user's browser: once signed in, only asked for consent (sign-ins are rate limited per address). */
  browser?: OAuthBrowser;
  scope?: string;
}

export async function tokensOf(setup: AuthorizationServerSetup, request: TokenRequest): Promise<ClientTokens> {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL(`${setup.issuer}/oauth2/authorize`);
  url.search = new URLSearchParams({
    client_id: request.clientId,
    response_type: 'code',
    redirect_uri: request.redirectUri,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: setup.resource,
    scope: request.scope ?? 'files:read core:read offline_access',
    state: 'state-1',
  }).toString();
  const callback = await signInAndConsent(setup, url, request.redirectUri, request);
  const answer = await tokenRequest(setup, {
    client_id: request.clientId,
    grant_type: 'authorization_code',
    code: callback.searchParams.get('code') ?? '',
    redirect_uri: request.redirectUri,
    code_verifier: verifier,
    resource: setup.resource,
  });
  if (answer.status !== 200) throw new Error(`The code exchange failed: ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as ClientTokens;
}

/** A request to the token endpoint, as a public client (its id in the form). */
export async function tokenRequest(setup: AuthorizationServerSetup, fields: Record<string, string>) {
  const response = await fetch(`${setup.issuer}/oauth2/token`, { method: 'POST', body: new URLSearchParams(fields) });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}
