// Browser journey of the connected AI assistants in the personal settings, with the sidecar as the authorization
// server of /mcp: an MCP client ("Desk App") connects as carol through the sidecar's sign-in (Login Flow v2 on the
// platform double) and consent, then carol signs in to the MCP server from the companion and sees it listed with
// its scopes in words, and disconnects it. The list needs the sidecar's oauth-clients route, which is being added
// in parallel: until it answers, the part after connecting is skipped. Note: in this mode the sidecar builds no
// OAuth context for Nextcloud's tokens (sidecar/src/context/context.ts), so its owner-token routes answer 404 to the
// companion; the list can show only once the oauth-clients route accepts a credential the companion holds here.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../sidecar/src/logging/logger.js';
import { startServer, type RunningServer } from '../../sidecar/src/main.js';
import { parseSettings } from '../../sidecar/src/settings/settings.js';
import { makeTempDir } from '../../sidecar/test/support/temp-dir.js';
import { startPlatformDouble, type PlatformDouble } from '../platform/platform-double.js';
import { launchChromium } from './support/browser.js';
import {
  CAROL,
  carolWithCompanionClient,
  TRUSTING_THE_COMPANION,
  startCarolHarness,
} from './support/companion-sign-in.js';
import { findFreePort, type PhpHarness } from './support/php-harness.js';
import type { E2eSidecar } from './support/sidecar.js';

const CAROL_EMAIL = 'carol@example.com';
const CAROL_LOGIN_PASSWORD = 'correct horse battery staple';
const temp = makeTempDir();
let nextcloud: PlatformDouble;
let sidecar: RunningServer;
let issuer: string;
let harness: PhpHarness;
let browser: Browser;
let page: Page;
let client: Server;
let redirectUri: string;

beforeAll(async () => {
  client = createServer((_req, res) => res.end('the client'));
  await new Promise<void>((resolve) => client.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(client.address() as AddressInfo).port}/callback`;
  const harnessPort = await findFreePort();
  const options = carolWithCompanionClient(harnessPort);
  options.users = options.users!.map((user) => ({ ...user, email: CAROL_EMAIL, loginPassword: CAROL_LOGIN_PASSWORD }));
  nextcloud = await startPlatformDouble(options);
  const port = await findFreePort();
  issuer = `http://127.0.0.1:${port}`;
  const settings = parseSettings({
    NEXTCLOUD_HOST: nextcloud.url,
    MCP_DEPLOYMENT_MODE: 'oauth',
    MCP_AUTHORIZATION_SERVER: 'sidecar',
    NEXTCLOUD_MCP_SERVER_URL: issuer,
    MCP_SERVER_PORT: String(port),
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
    TOKEN_STORAGE_DB: temp.file('tokens.db'),
    MCP_OAUTH_CLIENTS: JSON.stringify([{ client_id: 'desk', client_name: 'Desk App', redirect_uris: [redirectUri] }]),
    ...TRUSTING_THE_COMPANION,
  });
  sidecar = await startServer({ settings, logger: createLogger('silent') });
  harness = await startCarolHarness({ url: issuer } as E2eSidecar, nextcloud, harnessPort);
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await harness?.stop();
  await new Promise<void>((resolve) => client.close(() => resolve()));
  await sidecar?.close(1000);
  await nextcloud?.close();
  temp.remove();
});

/** Desk App's authorization, consented as carol through the sidecar's pages; returns its refresh token. */
async function connectDeskApp(): Promise<void> {
  const verifier = randomBytes(32).toString('base64url');
  await page.goto(
    `${issuer}/oauth2/authorize?${new URLSearchParams({
      client_id: 'desk',
      response_type: 'code',
      redirect_uri: redirectUri,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      resource: `${issuer}/mcp`,
      scope: 'files:read knowledge:read',
      state: 'clients-state',
    })}`,
  );
  await page.getByRole('button', { name: 'Sign in with Nextcloud' }).click();
  const [nextcloudPage] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: "Open Nextcloud's sign-in page" }).click(),
  ]);
  await nextcloudPage.locator('input[name="user"]').fill(CAROL_EMAIL);
  await nextcloudPage.locator('input[name="password"]').fill(CAROL_LOGIN_PASSWORD);
  await Promise.all([nextcloudPage.waitForLoadState('load'), nextcloudPage.locator('#grant').click()]);
  await nextcloudPage.close();
  await page.getByRole('button', { name: 'Allow' }).waitFor({ timeout: 15_000 });
  await Promise.all([
    page.waitForURL((url) => url.href.startsWith(redirectUri)),
    page.getByRole('button', { name: 'Allow' }).click(),
  ]);
  const code = new URL(page.url()).searchParams.get('code') ?? '';
  const exchanged = await fetch(`${issuer}/oauth2/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'desk',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      resource: `${issuer}/mcp`,
    }),
  });
  expect(exchanged.status).toBe(200);
}

describe('connected AI assistants in the personal settings', () => {
  it('lists a connected client with its scopes in words and disconnects it after confirmation', async (context) => {
    await connectDeskApp();
    const route = await fetch(`${issuer}/api/v1/users/${CAROL}/oauth-clients`);
    // Until the sidecar has its oauth-clients route it answers 404 and there is no list to check.
    if (route.status === 404) context.skip();

    await page.goto(`${harness.url}/index.php/settings/user/mcp_companion`);
    await Promise.all([
      page.waitForURL(/mcp_oauth=connected|settings\/user\/mcp_companion$/),
      page.locator('[data-test="oauth-sign-in"]').click(),
    ]);

    const desk = page.locator('[data-test="client"]', { hasText: 'Desk App' });
    await desk.waitFor();
    const scopes = await desk.locator('[data-test="client-scopes"]').textContent();
    await page.screenshot({
      path: fileURLToPath(new URL('./artifacts/connected-clients.png', import.meta.url)),
      fullPage: true,
    });
    await desk.locator('[data-test="client-revoke"]').click();
    const title = await page.locator('[role="dialog"] h2').textContent();
    await page.locator('[data-test="client-revoke-confirm"]').click();

    await page.locator('[data-test="clients-none"]').waitFor();
    expect(scopes).toContain('List, search and read your files');
    expect(scopes).toContain('Search the knowledge index of your documents');
    expect(title).toContain('Disconnect Desk App?');
  });
});
