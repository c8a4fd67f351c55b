// Browser journey of "Allow background access" against the real sidecar (hybrid mode) and the platform double as
// Nextcloud: sign in to the MCP server, one click opens Nextcloud's grant page (Login Flow v2) in a new tab, the user
// logs in there with her e-mail address and grants access, the card collapses to Active as that login name; then the
// connected-assistants list, revoking (the app password is deleted at Nextcloud), and the card with the sidecar down.
// Screenshots: light, dark, 390 px and German, each looked at by a person (test/e2e/artifacts/, git-ignored).
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../platform/platform-double.js';
import { launchChromium } from './support/browser.js';
import {
  carolWithCompanionClient,
  TRUSTING_THE_COMPANION,
  startCarolHarness,
  stopJourney,
} from './support/companion-sign-in.js';
import { measureTextContrast } from './support/contrast.js';
import { useNextcloudLook, type NextcloudLook } from './support/nextcloud-look.js';
import { findFreePort, type PhpHarness } from './support/php-harness.js';
import { startHybridSidecar, type E2eSidecar } from './support/sidecar.js';

const CAROL_EMAIL = 'carol@example.com';
const CAROL_LOGIN_PASSWORD = 'correct horse battery staple';
const ARTIFACTS = new URL('./artifacts/', import.meta.url);
let nextcloud: PlatformDouble;
let sidecar: E2eSidecar;
let harness: PhpHarness;
let browser: Browser;
let page: Page;
let sidecarStopped = false;

beforeAll(async () => {
  const port = await findFreePort();
  const options = carolWithCompanionClient(port);
  options.users = options.users!.map((user) => ({ ...user, email: CAROL_EMAIL, loginPassword: CAROL_LOGIN_PASSWORD }));
  nextcloud = await startPlatformDouble(options);
  sidecar = await startHybridSidecar(nextcloud.url, undefined, TRUSTING_THE_COMPANION);
  harness = await startCarolHarness(sidecar, nextcloud, port);
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(() => stopJourney({ browser, harness, sidecar: sidecarStopped ? undefined : sidecar, nextcloud }));

const settingsUrl = () => `${harness.url}/index.php/settings/user/mcp_companion`;
const badge = (text: string) => page.locator('[data-test="status-badge"]', { hasText: text });
const screenshot = (target: Page, name: string) =>
  target.screenshot({ path: fileURLToPath(new URL(name, ARTIFACTS)), fullPage: true });

/** A second look at the page in another of Nextcloud's looks (theme, language, width), chosen as the harness's. */
async function openVariant(look: NextcloudLook): Promise<Page> {
  const other = await browser.newPage();
  await useNextcloudLook(other, harness.url, look);
  await other.goto(settingsUrl());
  await other.locator('[data-test="status-badge"]').waitFor();
  return other;
}

describe('allowing background access from the personal settings', () => {
  it('asks to sign in first, and after signing in offers the one button', async () => {
    await page.goto(settingsUrl());
    await badge('Not allowed').waitFor();
    expect(await page.locator('[data-test="allow-background-access"]').count()).toBe(0);

    await Promise.all([
      page.waitForURL(/mcp_oauth=connected|settings\/user\/mcp_companion$/),
      page.locator('[data-test="oauth-sign-in"]').click(),
    ]);

    await page.locator('[data-test="allow-background-access"]').waitFor();
    expect(await page.locator('[data-test="app-password-input"]').count()).toBe(0);
    await screenshot(page, 'background-access-before.png');
  });

  it('opens Nextcloud’s grant page in a new tab, and collapses to Active as the login name used there', async () => {
    const [grantPage] = await Promise.all([
      page.waitForEvent('popup'),
      page.locator('[data-test="allow-background-access"]').click(),
    ]);
    await grantPage.waitForURL(/\/login\/v2\/flow\//);
    await page.locator('[data-test="allow-waiting"]').waitFor();
    await grantPage.locator('input[name="user"]').fill(CAROL_EMAIL);
    await grantPage.locator('input[name="password"]').fill(CAROL_LOGIN_PASSWORD);

    await grantPage.locator('#grant').click();

    await badge('Active').waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-test="login-name"]').textContent()).toContain(CAROL_EMAIL);
    expect(await page.locator('[data-test="replace"]').isVisible()).toBe(true);
    expect(await page.locator('[data-test="allow-background-access"]').count()).toBe(0);
    expect(await page.locator('[data-test="app-password-input"]').count()).toBe(0);
    await grantPage.waitForEvent('close', { timeout: 5_000 }).catch(() => undefined);
    expect(grantPage.isClosed()).toBe(true);
    await screenshot(page, 'background-access-active.png');
  });

  it('looks right in the dark theme, at 390 px and in German', async () => {
    const dark = await openVariant({ theme: 'dark' });
    const phone = await openVariant({ width: 390 });
    const german = await openVariant({ language: 'de' });

    await german.locator('[data-test="status-badge"]', { hasText: 'Aktiv' }).waitFor();
    await Promise.all([
      screenshot(dark, 'background-access-active-dark.png'),
      screenshot(phone, 'background-access-active-390.png'),
      screenshot(german, 'background-access-active-de.png'),
    ]);

    const [lightContrast, darkContrast] = [
      await measureTextContrast(page, 4.5, '#app-content'),
      await measureTextContrast(dark, 4.5, '#app-content'),
    ];
    expect([...lightContrast.failures, ...darkContrast.failures]).toEqual([]);
    expect(await german.locator('[data-test="revoke"]').textContent()).toContain('Hintergrundzugriff widerrufen');
    const overflow = await phone.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await Promise.all([dark.close(), phone.close(), german.close()]);
  });

  it('lists connected assistants only where the sidecar signs them in', async () => {
    await page.reload();
    await badge('Active').waitFor();

    // This sidecar signs clients in through Nextcloud (no MCP_AUTHORIZATION_SERVER=sidecar): no list to show.
    expect(await page.locator('[data-test="connected-clients"]').count()).toBe(0);
  });

  it('revokes after confirmation, and the sidecar deletes the app password at Nextcloud', async () => {
    await page.locator('[data-test="revoke"]').click();
    const explanation = await page.locator('[role="dialog"]').textContent();
    await page.locator('[data-test="revoke-confirm"]').click();

    await badge('Not allowed').waitFor();
    expect(explanation).toContain('Nextcloud deletes the app password');
    expect(await page.locator('[data-test="revoke-result"]').textContent()).toContain(
      'Nextcloud deleted the app password',
    );
    expect(await page.locator('[data-test="allow-background-access"]').isVisible()).toBe(true);
  });

  it('with the sidecar down claims nothing and offers neither sign-in nor the button', async () => {
    await sidecar.stop();
    sidecarStopped = true;

    await page.reload();

    await badge('Cannot be checked').waitFor();
    expect(await page.locator('[data-test="server-unreachable"]').isVisible()).toBe(true);
    for (const name of ['oauth-sign-in', 'allow-background-access', 'revoke', 'app-password-input']) {
      expect(await page.locator(`[data-test="${name}"]`).count()).toBe(0);
    }
    expect(await page.locator('body').textContent()).not.toContain('Active');
    await screenshot(page, 'background-access-sidecar-down.png');
  });
});
