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

export async function obtainTokens(
  issuer: string,
  client: CodeFlowClient,
  options: {
    scope?: string;
    resource?: string;
    /** login_hint: which user the provider signs in */ login?: string;
  } = {},
): Promise<TokenSet> {
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
  const code = await followToCode(authorize.toString(), client.redirectUri);
  return exchangeCode(issuer, client, code, verifier, options.resource);
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

async function exchangeCode(issuer: string, client: CodeFlowClient, code: string, verifier: string, resource?: string) {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    redirect_uri: client.redirectUri,
    code_verifier: verifier,
    client_id: client.clientId,
    ...(client.clientSecret && { client_secret: client.clientSecret }),
    ...(resource && { resource }),
  });
  const response = await fetch(`${issuer}/index.php/apps/oidc/token`, { method: 'POST', body });
  if (!response.ok) throw new Error(`Token exchange failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as TokenSet;
}
