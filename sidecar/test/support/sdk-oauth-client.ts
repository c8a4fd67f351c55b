// The official MCP SDK client with its OAuth support, against the sidecar's authorization server: an in-memory
// OAuthClientProvider, and the browser journey (sign in through the double's Login Flow v2, consent) that turns an
// authorization URL into the callback the client finishes with.
import {
  Client,
  StreamableHTTPClientTransport,
  type StoredOAuthClientInformation,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
} from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import type { AuthorizationServerSetup } from './authorization-server-sidecar.js';
import { formAction, newWindowLink, OAuthBrowser, type BrowserPage } from './oauth-browser.js';
import { APP_PASSWORD } from './sidecar.js';

export class TestOAuthProvider implements OAuthClientProvider {
  authorizationUrl?: URL;
  private verifier = '';
  private info?: StoredOAuthClientInformation;
  private saved?: OAuthTokens;
  private discovery?: OAuthDiscoveryState;

  constructor(
    readonly redirect: string,
    options: { clientMetadataUrl?: string; clientInformation?: StoredOAuthClientInformation } = {},
  ) {
    this.clientMetadataUrl = options.clientMetadataUrl;
    this.info = options.clientInformation;
  }

  clientMetadataUrl?: string;
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK Test Client',
      redirect_uris: [this.redirect],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: StoredOAuthClientInformation) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

export function newSdkClient(): Client {
  return new Client({ name: 'sdk-oauth-test', version: '1.0.0' });
}

export function transportFor(setup: AuthorizationServerSetup, provider: OAuthClientProvider) {
  return new StreamableHTTPClientTransport(new URL(setup.resource), { authProvider: provider });
}

export interface JourneyOptions {
  /** Scopes to untick on the consent page. */
  untick?: string[];
  /** Who grants the Login Flow at the double, with an app password they have (default alice's APP_PASSWORD). */
  grantAs?: { loginName: string; appPassword: string };
}

/**
 * Opens the authorization URL in a fresh browser (or `browser`), signs in through Login Flow v2 when asked, consents
 * and answers the URL the server redirected to (the client's redirect URI with code, state and iss).
 */
export async function signInAndConsent(
  setup: AuthorizationServerSetup,
  authorizationUrl: URL,
  redirectUri: string,
  options: JourneyOptions & { browser?: OAuthBrowser } = {},
): Promise<URL> {
  const browser = options.browser ?? browserFor(redirectUri);
  let page = await browser.open(authorizationUrl.href);
  if (page.html.includes('Sign in with Nextcloud')) page = await signIn(setup, browser, page, options.grantAs);
  const ticked = [...page.html.matchAll(/name="scope" value="([^"]+)"/g)]
    .map((match) => match[1]!)
    .filter((scope) => !(options.untick ?? []).includes(scope));
  const form = new URLSearchParams([
    ['decision', 'allow'],
    ...ticked.map((scope): [string, string] => ['scope', scope]),
  ]);
  const done = await browser.open(formAction(page, '/consent'), { method: 'POST', form, origin: setup.issuer });
  expect(done.status, done.html.slice(0, 300)).toBe(0);
  return new URL(done.url);
}

export function browserFor(redirectUri: string): OAuthBrowser {
  const target = new URL(redirectUri);
  return new OAuthBrowser((url) => {
    const candidate = new URL(url);
    return candidate.hostname === target.hostname && candidate.pathname === target.pathname;
  });
}

async function signIn(
  setup: AuthorizationServerSetup,
  browser: OAuthBrowser,
  page: BrowserPage,
  grantAs = { loginName: 'alice', appPassword: APP_PASSWORD },
): Promise<BrowserPage> {
  const waiting = await browser.open(formAction(page, '/sign-in'), { method: 'POST', origin: setup.issuer });
  expect(waiting.html).toContain('Grant access in Nextcloud');
  expect(waiting.html).toContain('http-equiv="refresh"');
  await grantWithAppToken(setup.double.url, newWindowLink(waiting), grantAs);
  // The page refreshes itself until the sidecar finds the flow granted (it asks Nextcloud at most once a second).
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const next = await browser.open(waiting.url);
    if (!next.html.includes('Grant access in Nextcloud')) return next;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The sign-in was not noticed.');
}

/** Grants a Login Flow without a browser, as Nextcloud allows: its state token and an app password the user has. */
async function grantWithAppToken(
  nextcloudUrl: string,
  loginUrl: string,
  grantAs: { loginName: string; appPassword: string },
): Promise<void> {
  const grantPage = await (await fetch(loginUrl)).text();
  const stateToken = /name="stateToken" value="([^"]+)"/.exec(grantPage)?.[1];
  const granted = await fetch(`${nextcloudUrl}/login/v2/apptoken`, {
    method: 'POST',
    body: new URLSearchParams({ stateToken: stateToken ?? '', user: grantAs.loginName, password: grantAs.appPassword }),
  });
  expect(granted.status).toBe(200);
}
