// Browser journey of the connected AI assistants in the personal settings, with the sidecar as the authorization
// server of /mcp (MCP_AUTHORIZATION_SERVER=sidecar): an MCP client ("Desk App") connects as carol through the
// sidecar's sign-in (Login Flow v2 on the platform double) and consent; then carol signs in to the MCP server with the
// companion's own button, which now goes to the same server (the companion is registered there as a confidential
// client and trusted by the management API), sees Desk App listed with its scopes in words (the companion's own
// grant is not listed), and disconnects it.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../sidecar/src/main.js';
import { makeTempDir } from '../../sidecar/test/support/temp-dir.js';
import { startPlatformDouble, type PlatformDouble } from '../platform/platform-double.js';
import { launchChromium } from './support/browser.js';
import { authorizationUrlAt, startOwnServerSidecar } from './support/own-server-sidecar.js';
import { CAROL, carolWithCompanionClient } from './support/companion-sign-in.js';
import { measureTextContrast } from './support/contrast.js';
import { useNextcloudLook } from './support/nextcloud-look.js';
import { findFreePort, startPhpHarness, type PhpHarness } from './support/php-harness.js';

const CAROL_EMAIL = 'carol@example.com';
const CAROL_LOGIN_PASSWORD = 'correct horse battery staple';
/** The companion as a confidential client of the sidecar's authorization server (secrets there are ≥ 32 characters). */
const COMPANION = { id: 'mcp-companion', secret: 'companion-secret-of-at-least-32-characters', name: 'MCP companion' };
const temp = makeTempDir();
let nextcloud: PlatformDouble;
let sidecar: RunningServer;
let issuer: string;
let harness: PhpHarness;
let browser: Browser;
let page: Page;
let client: Server;
let redirectUri: string;
const artifact = (name: string) => fileURLToPath(new URL(`./artifacts/${name}`, import.meta.url));

beforeAll(async () => {
  client = createServer((_req, res) => res.end('the client'));
  await new Promise<void>((resolve) => client.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(client.address() as AddressInfo).port}/callback`;
  const harnessPort = await findFreePort();
  const options = carolWithCompanionClient(harnessPort);
  options.users = options.users!.map((user) => ({ ...user, email: CAROL_EMAIL, loginPassword: CAROL_LOGIN_PASSWORD }));
  nextcloud = await startPlatformDouble(options);
  ({ sidecar, issuer } = await startOwnServerSidecar({
    nextcloudUrl: nextcloud.url,
    tokensDb: temp.file('tokens.db'),
    clients: [
      { client_id: 'desk', client_name: 'Desk App', redirect_uris: [redirectUri] },
      {
        client_id: COMPANION.id,
        client_secret: COMPANION.secret,
        client_name: COMPANION.name,
        redirect_uris: [`http://127.0.0.1:${harnessPort}/index.php/apps/mcp_companion/oauth/callback`],
      },
    ],
    env: { MANAGEMENT_API_TRUSTED_CLIENTS: COMPANION.id },
  }));
  harness = await startPhpHarness({
    sidecarUrl: issuer,
    nextcloudUrl: nextcloud.url,
    user: CAROL,
    oauthClientId: COMPANION.id,
    oauthClientSecret: COMPANION.secret,
    port: harnessPort,
  });
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

/**
 * Carol's sign-in and consent on the sidecar's pages, from its sign-in page on: Login Flow v2 at the platform double in
 * a new tab, then "Allow". When the sidecar still knows her browser from an earlier sign-in it goes straight to consent.
 */
async function signInAndAllowAtSidecar(): Promise<void> {
  const signIn = page.getByRole('button', { name: 'Sign in with Nextcloud' });
  const allow = page.getByRole('button', { name: 'Allow' });
  await signIn.or(allow).first().waitFor();
  if (await signIn.isVisible()) {
    await signIn.click();
    const [nextcloudPage] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: "Open Nextcloud's sign-in page" }).click(),
    ]);
    await nextcloudPage.locator('input[name="user"]').fill(CAROL_EMAIL);
    await nextcloudPage.locator('input[name="password"]').fill(CAROL_LOGIN_PASSWORD);
    await Promise.all([nextcloudPage.waitForLoadState('load'), nextcloudPage.locator('#grant').click()]);
    // Awaiting the tab's close hung in Chromium after the grant's navigation (seen when run after other files); the
    // sidecar's waiting page only needs to be in front again to go on refreshing.
    void nextcloudPage.close().catch(() => undefined);
    await page.bringToFront();
  }
  await allow.waitFor({ timeout: 15_000 });
}

/** Desk App's authorization, consented as carol through the sidecar's pages, and its code exchanged for tokens. */
async function connectDeskApp(): Promise<void> {
  const verifier = randomBytes(32).toString('base64url');
  await page.goto(
    authorizationUrlAt(issuer, {
      clientId: 'desk',
      redirectUri,
      verifier,
      scope: 'files:read knowledge:read',
      state: 'clients-state',
    }),
  );
  await signInAndAllowAtSidecar();
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
  it('lists a connected client with its scopes in words and disconnects it after confirmation', async () => {
    await connectDeskApp();

    await page.goto(`${harness.url}/index.php/settings/user/mcp_companion`);
    await page.locator('[data-test="oauth-sign-in"]').click();
    await page.waitForURL((url) => url.href.startsWith(issuer));
    await signInAndAllowAtSidecar();
    await Promise.all([page.waitForURL(/mcp_oauth=connected/), page.getByRole('button', { name: 'Allow' }).click()]);
    // The page takes the result out of its address once shown; the same address shows it again.
    const signedInUrl = `${harness.url}/index.php/settings/user/mcp_companion?mcp_oauth=connected`;

    const desk = page.locator('[data-test="client"]', { hasText: 'Desk App' });
    await desk.waitFor();
    const scopes = await desk.locator('[data-test="client-scopes"]').textContent();
    const light = await measureTextContrast(page, 4.5, '#app-content');
    await page.screenshot({ path: artifact('connected-clients.png'), fullPage: true });
    await useNextcloudLook(page, harness.url, { theme: 'dark' });
    await page.goto(signedInUrl);
    await desk.waitFor();
    const dark = await measureTextContrast(page, 4.5, '#app-content');
    const noteInDark = await page.locator('[data-test="oauth-result"]').isVisible();
    await page.screenshot({ path: artifact('connected-clients-dark.png'), fullPage: true });
    await desk.locator('[data-test="client-revoke"]').click();
    const title = await page.locator('[role="dialog"] h2').textContent();
    await page.locator('[data-test="client-revoke-confirm"]').click();

    await desk.waitFor({ state: 'detached' });
    // The companion's own sign-in holds a grant too, but it is no AI assistant: it is not listed (its end is "Sign out").
    expect(await page.locator('[data-test="client-name"]').allTextContents()).toEqual([]);
    await page.locator('[data-test="clients-none"]').waitFor();
    expect(scopes).toContain('List, search and read your files');
    expect(scopes).toContain('Search the knowledge index of your documents');
    expect(title).toContain('Disconnect Desk App?');
    // "You are signed in", the list and its red Disconnect buttons are legible in both of Nextcloud 32's themes.
    expect(noteInDark).toBe(true);
    expect([...light.failures, ...dark.failures]).toEqual([]);
  });
});
