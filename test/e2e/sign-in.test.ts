// Browser journey: sign in to the sidecar's management API through Nextcloud's OIDC provider (PKCE), see the
// connection card, provision an app password under "Other ways", and revoke all background access.
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../platform/platform-double.js';
import { launchChromium } from './support/browser.js';
import {
  CAROL_APP_PASSWORD,
  CAROL_BASIC,
  CAROL_OTHER_BASIC,
  carolWithCompanionClient,
  TRUSTING_THE_COMPANION,
  startCarolHarness,
  stopJourney,
} from './support/companion-sign-in.js';
import { findFreePort, type PhpHarness } from './support/php-harness.js';
import { startHybridSidecar, type E2eSidecar } from './support/sidecar.js';

let nextcloud: PlatformDouble;
let sidecar: E2eSidecar;
let harness: PhpHarness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const port = await findFreePort();
  nextcloud = await startPlatformDouble(carolWithCompanionClient(port));
  sidecar = await startHybridSidecar(nextcloud.url, undefined, TRUSTING_THE_COMPANION);
  harness = await startCarolHarness(sidecar, nextcloud, port);
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(() => stopJourney({ browser, harness, sidecar, nextcloud }));

describe('signing in to the MCP server from the personal settings', () => {
  it('goes to the provider and back, and shows the session the sidecar reports', async () => {
    await page.goto(`${harness.url}/index.php/settings/user/mcp_companion`);

    await Promise.all([
      page.waitForURL(/mcp_oauth=connected|settings\/user\/mcp_companion$/),
      page.locator('[data-test="oauth-sign-in"]').click(),
    ]);

    await page.locator('[data-test="session-user"]').waitFor();
    expect(await page.locator('[data-test="oauth-result"]').textContent()).toBeTruthy();
    expect(await page.locator('[data-test="status-badge"]').textContent()).toContain('Not allowed');
    expect(await page.locator('[data-test="allow-background-access"]').isVisible()).toBe(true);
    expect(page.url()).not.toContain('mcp_oauth=');
  });

  it('shows background access as active once an app password is pasted under Other ways', async () => {
    await page.locator('[data-test="other-ways"]').click();
    await page.locator('[data-test="app-password-input"]').fill(CAROL_APP_PASSWORD);
    await Promise.all([page.waitForEvent('load'), page.locator('[data-test="app-password-save"]').click()]);

    await page.locator('[data-test="status-badge"]', { hasText: 'Active' }).waitFor();

    expect(await page.locator('[data-test="allowed-since"]').isVisible()).toBe(true);
    expect(await page.locator('[data-test="replace"]').isVisible()).toBe(true);
    await page.screenshot({
      path: fileURLToPath(new URL('./artifacts/signed-in.png', import.meta.url)),
      fullPage: true,
    });
  });

  it('revokes all background access at the sidecar after confirmation', async () => {
    await page.locator('[data-test="revoke"]').click();
    await page.locator('[data-test="revoke-confirm"]').click();

    await page.locator('[data-test="revoke-result"]').waitFor();
    await page.locator('[data-test="status-badge"]', { hasText: 'Not allowed' }).waitFor();
    // The sidecar revoked the app password at Nextcloud too: it no longer opens anything there.
    const withRevoked = await fetch(`${sidecar.url}/api/v1/users/carol/app-password`, {
      headers: { authorization: CAROL_BASIC },
    });
    expect(withRevoked.status).toBe(401);
    const atSidecar = await fetch(`${sidecar.url}/api/v1/users/carol/app-password`, {
      headers: { authorization: CAROL_OTHER_BASIC },
    });
    expect(((await atSidecar.json()) as { has_app_password: boolean }).has_app_password).toBe(false);
  });
});
