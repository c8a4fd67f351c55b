// The token endpoint of the sidecar's own authorization server: a refresh (rotation, a new JWT, the grant's records
// read and written in SQLite), against the public status route of the same server as the reference.
import { createHash, randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { findFreePort } from '../../test/platform/free-port.js';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { startServer } from '../src/main.js';
import { parseSettings } from '../src/settings/settings.js';
import { formAction, newWindowLink, OAuthBrowser } from '../test/support/oauth-browser.js';
import { percentile, printLines, sampleTimesInterleaved, type BenchLine } from './report.js';

const CALLS = 300;
const APP_PASSWORD = 'AbCdE-12345-fGhIj-67890-KlMnO';
const REDIRECT_URI = 'http://127.0.0.1:7777/callback';

export async function benchAuthorizationServerRefresh(dbPath: string): Promise<BenchLine[]> {
  const double = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }] });
  const port = await findFreePort();
  const issuer = `http://127.0.0.1:${port}`;
  const server = await startServer({
    settings: parseSettings({
      NEXTCLOUD_HOST: double.url,
      MCP_DEPLOYMENT_MODE: 'oauth',
      MCP_AUTHORIZATION_SERVER: 'sidecar',
      NEXTCLOUD_MCP_SERVER_URL: issuer,
      MCP_SERVER_PORT: String(port),
      TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      TOKEN_STORAGE_DB: dbPath,
      MCP_OAUTH_CLIENTS: JSON.stringify([{ client_id: 'bench', redirect_uris: [REDIRECT_URI] }]),
    }),
    logger: pino({ level: 'silent' }),
  });
  try {
    let refreshToken = await firstRefreshToken(issuer, double.url);
    const refresh = async () => {
      const response = await fetch(`${issuer}/oauth2/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'bench', refresh_token: refreshToken }),
      });
      const body = (await response.json()) as { refresh_token?: string };
      if (!body.refresh_token) throw new Error(`refresh failed: ${response.status}`);
      refreshToken = body.refresh_token;
    };
    const status = async () => void (await (await fetch(`${issuer}/api/v1/status`)).arrayBuffer());
    const [refreshes, statuses] = (await sampleTimesInterleaved([refresh, status], { calls: CALLS, warmUp: 20 })) as [
      number[],
      number[],
    ];
    return printLines([
      {
        name: "sidecar authorization server's token endpoint (refresh with rotation, SQLite), p50",
        value: percentile(refreshes, 50),
        unit: 'ms',
        reference: { name: 'GET /api/v1/status on the same server', value: percentile(statuses, 50) },
        target: 'reported',
        pass: true,
      },
    ]);
  } finally {
    await server.close(1000);
    await double.close();
  }
}

/** One authorization (sign-in granted with POST /login/v2/apptoken at the double, consent) and its code exchanged. */
async function firstRefreshToken(issuer: string, nextcloudUrl: string): Promise<string> {
  const verifier = randomBytes(32).toString('base64url');
  const browser = new OAuthBrowser((url) => url.startsWith(REDIRECT_URI));
  const query = new URLSearchParams({
    client_id: 'bench',
    response_type: 'code',
    redirect_uri: REDIRECT_URI,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${issuer}/mcp`,
    scope: 'files:read',
  });
  const start = await browser.open(`${issuer}/oauth2/authorize?${query}`);
  const waiting = await browser.open(formAction(start, '/sign-in'), { method: 'POST', origin: issuer });
  const grantPage = await (await fetch(newWindowLink(waiting))).text();
  await fetch(`${nextcloudUrl}/login/v2/apptoken`, {
    method: 'POST',
    body: new URLSearchParams({
      stateToken: /name="stateToken" value="([^"]+)"/.exec(grantPage)?.[1] ?? '',
      user: 'alice',
      password: APP_PASSWORD,
    }),
  });
  let consent = await browser.open(waiting.url);
  for (let i = 0; i < 30 && !consent.html.includes('/consent'); i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    consent = await browser.open(waiting.url);
  }
  const form = new URLSearchParams([
    ['decision', 'allow'],
    ['scope', 'files:read'],
  ]);
  const done = await browser.open(formAction(consent, '/consent'), { method: 'POST', form, origin: issuer });
  const code = new URL(done.url).searchParams.get('code') ?? '';
  const response = await fetch(`${issuer}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'bench',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
      resource: `${issuer}/mcp`,
    }),
  });
  return ((await response.json()) as { refresh_token: string }).refresh_token;
}
