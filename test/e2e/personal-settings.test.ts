// Browser journey: Chromium opens the built personal settings in the harness, provisions an app password minted
// under the e-mail address (so the login name is not the uid) through the real PHP controllers and the real sidecar,
// and sees the connection card collapse to Active as that login name; then revokes it. This harness has no OAuth
// client, so the server cannot run Login Flow v2 for the user and the card offers the app password form directly.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../platform/platform-double.js';
import { launchChromium } from './support/browser.js';
import { startPhpHarness, type PhpHarness } from './support/php-harness.js';
import { startHybridSidecar, type E2eSidecar } from './support/sidecar.js';

const EMAIL = 'alice@example.com';
/** Minted after logging in with the e-mail address: Nextcloud takes it only as alice@example.com. */
const APP_PASSWORD = 'Qw3rt-Yu1op-As2df-Gh3jk-Lz4xc';
/** Minted after logging in with the user id: Nextcloud refuses it with the e-mail address. */
const UID_APP_PASSWORD = 'Mn8bv-Cx7zl-Kj6hg-Fd5sa-Po4iu';
/** Screenshots for a person to look at (git-ignored). */
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const basic = `Basic ${Buffer.from(`${EMAIL}:${APP_PASSWORD}`).toString('base64')}`;

let double: PlatformDouble;
let sidecar: E2eSidecar;
let harness: PhpHarness;
let browser: Browser;

beforeAll(async () => {
  double = await startPlatformDouble({
    users: [
      {
        id: 'alice',
        displayName: 'Alice',
        email: EMAIL,
        appPasswords: [{ password: APP_PASSWORD, loginName: EMAIL }, UID_APP_PASSWORD],
      },
    ],
  });
  sidecar = await startHybridSidecar(double.url);
  harness = await startPhpHarness({ sidecarUrl: sidecar.url, nextcloudUrl: double.url, user: 'alice' });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await harness?.stop();
  await sidecar?.stop();
  await double?.close();
});

async function openPersonalSettings(): Promise<Page> {
  const page = await browser.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(`${harness.url}/index.php/settings/user/mcp_companion`);
  await page.locator('[data-test="status-badge"]').waitFor();
  expect(problems).toEqual([]);
  return page;
}

async function sidecarHasPassword(): Promise<boolean> {
  const response = await fetch(`${sidecar.url}/api/v1/users/alice/app-password`, { headers: { authorization: basic } });
  return ((await response.json()) as { has_app_password: boolean }).has_app_password;
}

describe('personal settings in a browser', () => {
  it('refuses an app password minted under the user id when it is sent with the e-mail address', async () => {
    const page = await openPersonalSettings();

    await page.locator('[data-test="login-name-input"]').fill(EMAIL);
    await page.locator('[data-test="app-password-input"]').fill(UID_APP_PASSWORD);
    await page.locator('[data-test="app-password-save"]').click();

    await page.locator('[data-test="form-error"]').waitFor();
    expect(await page.locator('[data-test="form-error"]').textContent()).toContain(
      `did not accept this app password with the login name "${EMAIL}"`,
    );
    expect(await page.locator('[data-test="status-badge"]').textContent()).toContain('Not allowed');
    expect(await sidecarHasPassword()).toBe(false);
    await page.close();
  });

  it('provisions an app password minted under the e-mail address end to end and shows Active after the reload', async () => {
    const page = await openPersonalSettings();
    await expect(page.locator('[data-test="status-badge"]').textContent()).resolves.toContain('Not allowed');
    expect(await page.locator('[data-test="login-flow-unavailable"]').isVisible()).toBe(true);
    expect(await page.locator('[data-test="login-name-input"]').inputValue()).toBe('alice');

    await page.locator('[data-test="login-name-input"]').fill(EMAIL);
    await page.locator('[data-test="app-password-input"]').fill(APP_PASSWORD);
    await Promise.all([page.waitForEvent('load'), page.locator('[data-test="app-password-save"]').click()]);

    await page.locator('[data-test="status-badge"]', { hasText: 'Active' }).waitFor();
    expect(await page.locator('[data-test="login-name"]').textContent()).toBe(`as ${EMAIL}`);
    expect(await page.locator('[data-test="app-password-input"]').count()).toBe(0);
    expect(await page.locator('[data-test="mcp-error"]').count()).toBe(0);
    expect(await sidecarHasPassword()).toBe(true);
    const companionState = readFileSync(join(harness.stateDir, 'config.json'), 'utf8');
    expect(companionState).not.toContain(APP_PASSWORD);
    await page.screenshot({ path: join(ARTIFACTS, 'personal-settings-active.png'), fullPage: true });
    await page.close();
  });

  it('opens the form again on Replace and refuses a malformed password there without calling the server', async () => {
    const page = await openPersonalSettings();
    const calls: string[] = [];
    page.on('request', (request) => calls.push(request.method()));
    await page.locator('[data-test="replace"]').click();

    await page.locator('[data-test="app-password-input"]').fill('not-an-app-password');
    await page.locator('[data-test="app-password-save"]').click();

    await page.locator('[data-test="form-error"]').waitFor();
    expect(calls.filter((method) => method === 'POST')).toEqual([]);
    expect(await page.locator('[data-test="form-error"]').count()).toBe(1);
    expect(await page.getByText('Five groups of five letters or digits').count()).toBe(0);
    await page.close();
  });

  it('revokes after confirmation, locally and at the sidecar', async () => {
    const page = await openPersonalSettings();

    await page.locator('[data-test="revoke"]').click();
    await page.locator('[data-test="revoke-confirm"]').click();

    await page.locator('[data-test="status-badge"]', { hasText: 'Not allowed' }).waitFor();
    expect(await sidecarHasPassword()).toBe(false);
    await page.close();
  });
});
