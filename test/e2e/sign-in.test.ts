// Browser journey: sign in to the sidecar's management API through Nextcloud's OIDC provider (PKCE), see the
// session, provision an app password, and revoke all background access.
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../platform/platform-double.js';
import { launchChromium } from './support/browser.js';
import { findFreePort, startPhpHarness, type PhpHarness } from './support/php-harness.js';
import { startHybridSidecar, type E2eSidecar } from './support/sidecar.js';

const APP_PASSWORD = 'Mn8bv-Cx7za-Lk6jh-Gf5ds-Po4iu';
const CLIENT = { id: 'mcp-companion', secret: 'companion-secret-for-tests' };

let nextcloud: PlatformDouble;
let sidecar: E2eSidecar;
let harness: PhpHarness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const port = await findFreePort();
  nextcloud = await startPlatformDouble({
    users: [{ id: 'carol', appPasswords: [APP_PASSWORD] }],
    oidc: {
      users: [{ id: 'carol' }],
      clients: [
        {
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          redirect_uris: [`http://127.0.0.1:${port}/index.php/apps/mcp_companion/oauth/callback`],
          grant_types: ['authorization_code', 'refresh_token'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
    },
  });
  sidecar = await startHybridSidecar(nextcloud.url);
  harness = await startPhpHarness({
    sidecarUrl: sidecar.url,
    nextcloudUrl: nextcloud.url,
    user: 'carol',
    oauthClientId: CLIENT.id,
    oauthClientSecret: CLIENT.secret,
    port,
  });
  browser = await launchChromium();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await harness?.stop();
  await sidecar?.stop();
  await nextcloud?.close();
});

describe('signing in to the MCP server from the personal settings', () => {
  it('goes to the provider and back, and shows the session the sidecar reports', async () => {
    await page.goto(`${harness.url}/index.php/settings/user/mcp_companion`);

    await Promise.all([
      page.waitForURL(/mcp_oauth=connected|settings\/user\/mcp_companion$/),
      page.locator('[data-test="oauth-sign-in"]').click(),
    ]);

    await page.locator('[data-test="session-granted"]').waitFor();
    expect(await page.locator('[data-test="oauth-result"]').textContent()).toBeTruthy();
    expect(await page.locator('[data-test="session-granted"]').textContent()).toContain('Not granted');
    expect(page.url()).not.toContain('mcp_oauth=');
  });

  it('shows the app password as the background credential once provisioned', async () => {
    await page.locator('[data-test="app-password-input"]').fill(APP_PASSWORD);
    await Promise.all([page.waitForEvent('load'), page.locator('[data-test="app-password-save"]').click()]);

    await page.locator('[data-test="session-credential"]').waitFor();

    expect(await page.locator('[data-test="session-granted"]').textContent()).toContain('Granted');
    expect(await page.locator('[data-test="session-credential"]').textContent()).toContain('App password');
    await page.screenshot({
      path: fileURLToPath(new URL('./artifacts/signed-in.png', import.meta.url)),
      fullPage: true,
    });
  });

  it('revokes all background access at the sidecar after confirmation', async () => {
    await page.locator('[data-test="session-revoke"]').click();
    await page.locator('[data-test="session-revoke-confirm"]').click();

    await page.locator('[data-test="session-revoke-result"]').waitFor();
    await page.locator('[data-test="status-badge"]', { hasText: 'Not configured' }).waitFor();
    const basic = `Basic ${Buffer.from(`carol:${APP_PASSWORD}`).toString('base64')}`;
    const atSidecar = await fetch(`${sidecar.url}/api/v1/users/carol/app-password`, {
      headers: { authorization: basic },
    });
    expect(((await atSidecar.json()) as { has_app_password: boolean }).has_app_password).toBe(false);
  });
});
