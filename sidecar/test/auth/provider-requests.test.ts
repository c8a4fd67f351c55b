// The sidecar's requests to the identity provider (made by openid-client and jose) all go through the one outbound
// HTTP client, so its TLS settings, timeouts, address rules and metrics apply; the global fetch is never used.
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuthContext } from '../../src/auth/oauth-context.js';
import { UpstreamError } from '../../src/errors.js';
import { createLogger } from '../../src/logging/logger.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { openStore, type Store } from '../../src/store/open-store.js';
import { authorizeCode } from '../../../test/platform/oidc-code-flow.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { startNextcloudWithOidc } from '../support/nextcloud-with-oidc.js';
import { makeTempDir } from '../support/temp-dir.js';
import { createTestCertificates } from '../support/test-ca.js';

const PUBLIC_URL = 'http://127.0.0.1:9';
let nextcloud: PlatformDouble;
let storage: Store;
const temp = makeTempDir();

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice' }]);
  storage = await openStore({ path: temp.file('tokens.db'), encryptionKey: new Uint8Array(32).fill(5) });
});
afterAll(async () => {
  await storage.close();
  await nextcloud.close();
  temp.remove();
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Runs `task` with a global fetch that refuses every call. */
async function withoutGlobalFetch<T>(task: () => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  globalThis.fetch = () => Promise.reject(new Error('the global fetch was used'));
  try {
    return await task();
  } finally {
    globalThis.fetch = original;
  }
}

describe('requests to the identity provider', () => {
  it('go through the one HTTP client: discovery, registration, code grant, refresh and token checks', async () => {
    const seen: string[] = [];
    const http = createHttpClient({
      verifySsl: true,
      timeoutMs: 10_000,
      userAgent: 'test',
      observe: (request) => seen.push(`${request.method} ${new URL(request.url).pathname}`),
    });
    const context = createOAuthContext({
      http,
      logger: createLogger('silent'),
      discoveryUrl: nextcloud.oidc!.discoveryUrl,
      nextcloudHost: nextcloud.url,
      publicUrl: PUBLIC_URL,
      refreshTokens: storage.refreshTokens,
    });
    const redirectUri = `${PUBLIC_URL}/oauth/callback`;

    await withoutGlobalFetch(() => context.start());
    const services = context.ready();
    const { code, verifier } = await authorizeCode(
      nextcloud.url,
      { ...services.client(), redirectUri },
      { login: 'alice' },
    );
    const granted = await withoutGlobalFetch(() => services.exchangeCode(code, verifier, redirectUri));
    await storage.refreshTokens!.store('alice', granted.refresh_token!, ['openid', 'offline_access']);
    const refreshed = await withoutGlobalFetch(() => services.userTokens.getAccessToken('alice'));
    const verified = await withoutGlobalFetch(() => services.managementVerifier.verify(refreshed));

    context.close();
    await http.close();
    expect(verified.subject).toBe('alice');
    expect(seen).toEqual(
      expect.arrayContaining([
        'GET /index.php/.well-known/openid-configuration',
        'POST /index.php/apps/oidc/register',
        'POST /index.php/apps/oidc/token',
      ]),
    );
    expect(seen.filter((request) => request === 'POST /index.php/apps/oidc/token')).toHaveLength(2);
    expect(seen.some((request) => /\/apps\/oidc\/(introspect|jwks)$/.test(request))).toBe(true);
  });

  it('never sends the client secret to a plain-http endpoint that a https discovery document names', async () => {
    let plainRequests = 0;
    const plain = createHttpServer((_req, res) => {
      plainRequests += 1;
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}');
    });
    const certificates = createTestCertificates();
    const secure = createHttpsServer({ key: certificates.key, cert: certificates.cert }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
    });
    const plainHost = await listen(plain);
    const issuer = `https://${await listen(secure)}`;
    const document = {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `http://${plainHost}/token`,
      jwks_uri: `${issuer}/jwks`,
    };
    const http = createHttpClient({
      verifySsl: true,
      caBundlePath: certificates.caPath,
      timeoutMs: 10_000,
      userAgent: 'test',
    });
    const context = createOAuthContext({
      http,
      logger: createLogger('silent'),
      discoveryUrl: `${issuer}/.well-known/openid-configuration`,
      nextcloudHost: issuer,
      publicUrl: PUBLIC_URL,
      staticClient: { clientId: 'sidecar', clientSecret: 'secret' },
    });

    await context.start();
    const outcome = await context
      .ready()
      .exchangeCode('a-code', 'v'.repeat(43), `${PUBLIC_URL}/oauth/callback`)
      .catch((error: unknown) => error);

    context.close();
    await http.close();
    await Promise.all([plain, secure].map((server) => new Promise((resolve) => server.close(resolve))));
    expect(outcome).toBeInstanceOf(UpstreamError);
    expect(plainRequests).toBe(0);
  });
});
