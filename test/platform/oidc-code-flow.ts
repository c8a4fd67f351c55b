// Runs the authorization-code flow with PKCE against the identity provider double over plain HTTP, as a browser
// would (following redirects, keeping cookies), and exchanges the code for tokens.
import { createHash, randomBytes } from 'node:crypto';

export interface CodeFlowClient {
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
}

export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
}

export interface CodeFlowOptions {
  scope?: string;
  resource?: string;
  /** login_hint: which user the provider signs in */ login?: string;
}

export async function obtainTokens(
  issuer: string,
  client: CodeFlowClient,
  options: CodeFlowOptions = {},
): Promise<TokenSet> {
  const { code, verifier } = await authorizeCode(issuer, client, options);
  const response = await requestTokensForCode(issuer, client, code, verifier, options.resource);
  if (!response.ok) throw new Error(`Token exchange failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenSet;
}

/** The authorization request (PKCE S256) up to the redirect with its code; the code is not exchanged yet. */
export async function authorizeCode(
  issuer: string,
  client: CodeFlowClient,
  options: CodeFlowOptions = {},
): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`${issuer}/index.php/apps/oidc/authorize`);
  authorize.search = new URLSearchParams({
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid profile email offline_access',
    state: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    prompt: 'consent',
    ...(options.resource && { resource: options.resource }),
    ...(options.login && { login_hint: options.login }),
  }).toString();
  return { code: await followToCode(authorize.toString(), client.redirectUri), verifier };
}

async function followToCode(start: string, redirectUri: string): Promise<string> {
  const { url } = await followRedirects(start, (next) => next.startsWith(redirectUri));
  const code = new URL(url).searchParams.get('code');
  if (!code) throw new Error(`No code in the redirect: ${url}`);
  return code;
}

/**
 * Follows redirects like a browser (keeping cookies per host) until `stopAt` says so for the next URL, or a page
 * answers without a redirect; returns that URL and, when it was fetched, its response.
 */
export async function followRedirects(
  start: string,
  stopAt: (next: string) => boolean = () => false,
  cookies = new Map<string, string>(),
): Promise<{ url: string; response?: Response; cookies: Map<string, string> }> {
  let url = start;
  for (let hop = 0; hop < 15; hop += 1) {
    const host = new URL(url).host;
    const jar = [...cookies].filter(([key]) => key.startsWith(`${host} `));
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: jar.map(([key, value]) => `${key.slice(host.length + 1)}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(`${host} ${name.trim()}`, value.join('='));
    }
    const location = response.headers.get('location');
    if (!location) return { url, response, cookies };
    const next = new URL(location, url).toString();
    if (stopAt(next)) return { url: next, cookies };
    url = next;
  }
  throw new Error('Too many redirects.');
}

/** POST …/token with grant_type=authorization_code (client_secret_post); the provider's answer as it came. */
export function requestTokensForCode(
  issuer: string,
  client: CodeFlowClient,
  code: string,
  verifier: string,
  resource?: string,
): Promise<Response> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    code_verifier: verifier,
    client_id: client.clientId,
    ...(client.clientSecret && { client_secret: client.clientSecret }),
    ...(resource && { resource }),
  });
  return fetch(`${issuer}/index.php/apps/oidc/token`, { method: 'POST', body });
}
