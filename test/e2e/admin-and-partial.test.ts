// Browser journeys around the edges: the admin tests the connection to a real sidecar (with and without its
// management API key) and an unsaved address, and a user whose sidecar is down sees a card that claims nothing.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../platform/platform-double.js';
import { launchChromium } from './support/browser.js';
import { startPhpHarness, type PhpHarness } from './support/php-harness.js';
import { startHybridSidecar, type E2eSidecar } from './support/sidecar.js';

const APP_PASSWORD = 'Zx9cv-Bn8ml-Kj7hg-Fd6sa-Qw5er';
const MANAGEMENT_API_KEY = 'e2e-management-key';
/** Nothing listens on the discard port: the companion cannot reach a sidecar there. */
const UNREACHABLE_SIDECAR = 'http://127.0.0.1:9';

let double: PlatformDouble;
let sidecar: E2eSidecar;
/** A sidecar with MANAGEMENT_API_KEY set. */
let keyedSidecar: E2eSidecar;
let browser: Browser;
const harnesses: PhpHarness[] = [];

beforeAll(async () => {
  double = await startPlatformDouble({ users: [{ id: 'bob', appPasswords: [APP_PASSWORD] }] });
  sidecar = await startHybridSidecar(double.url);
  keyedSidecar = await startHybridSidecar(double.url, MANAGEMENT_API_KEY);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(harnesses.map((harness) => harness.stop()));
  await sidecar?.stop();
  await keyedSidecar?.stop();
  await double?.close();
});

async function harnessFor(sidecarUrl: string, apiKey?: string): Promise<PhpHarness> {
  const harness = await startPhpHarness({ sidecarUrl, nextcloudUrl: double.url, user: 'bob', apiKey });
  harnesses.push(harness);
  return harness;
}

async function testConnection(harness: PhpHarness): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${harness.url}/index.php/settings/admin/mcp_companion`);
  await page.locator('[data-test="test-connection"]').click();
  await page.locator('[data-test="connection-status"], [data-test="connection-error"]').first().waitFor();
  return page;
}

describe('admin settings in a browser', () => {
  it('tests the connection and shows the sidecar version and mode', async () => {
    const harness = await harnessFor(sidecar.url);

    const page = await testConnection(harness);

    expect(await page.locator('[data-test="connection-api-key"]').textContent()).toBe('Not required');
    expect(await page.locator('[data-test="connection-auth-mode"]').textContent()).toContain(
      'Each user with their own account',
    );
    expect(await page.locator('[data-test="connection-app-passwords"]').textContent()).toContain('Yes');
    expect(await page.locator('[data-test="client-id-warning"]').isVisible()).toBe(true);
    await page.close();
  });
});

describe('the connection test with the management API key', () => {
  it("says the key was accepted when it is the sidecar's", async () => {
    const page = await testConnection(await harnessFor(keyedSidecar.url, MANAGEMENT_API_KEY));

    expect(await page.locator('[data-test="connection-status"]').textContent()).toContain('accepted the API key');
    expect(await page.locator('[data-test="connection-api-key"]').textContent()).toBe('Accepted');
    await page.close();
  });

  it('says the key was refused when it is wrong', async () => {
    const page = await testConnection(await harnessFor(keyedSidecar.url, 'wrong-key'));

    expect(await page.locator('[data-test="connection-error"]').textContent()).toContain('refused the API key');
    expect(await page.locator('[data-test="connection-status"]').count()).toBe(0);
    await page.close();
  });

  it('says the sidecar requires a key when none is configured here', async () => {
    const page = await testConnection(await harnessFor(keyedSidecar.url));

    expect(await page.locator('[data-test="connection-error"]').textContent()).toContain('requires an API key');
    await page.close();
  });

  it('warns when the sidecar requires no key while one is configured here', async () => {
    const page = await testConnection(await harnessFor(sidecar.url, MANAGEMENT_API_KEY));

    expect(await page.locator('[data-test="connection-warning"]').textContent()).toContain(
      'accepts requests without an API key',
    );
    await page.close();
  });
});

describe('testing what the admin form holds', () => {
  it('tests an unsaved wrong address, not the saved working one, and stores nothing', async () => {
    const harness = await harnessFor(sidecar.url);
    const page = await browser.newPage();
    await page.goto(`${harness.url}/index.php/settings/admin/mcp_companion`);

    await page.locator('[data-test="server-url-input"]').fill(UNREACHABLE_SIDECAR);
    await page.locator('[data-test="test-connection"]').click();

    await page.locator('[data-test="connection-error"]').waitFor();
    expect(await page.locator('[data-test="connection-error"]').textContent()).toContain('could not be reached');
    expect(readFileSync(join(harness.stateDir, 'appconfig.json'), 'utf8')).toContain(sidecar.url);
    await page.close();
  });

  it('shows a stored API key as stored, and the server facts in rows that do not overlap at 390 px', async () => {
    const harness = await harnessFor(keyedSidecar.url, MANAGEMENT_API_KEY);
    const page = await browser.newPage({ viewport: { width: 390, height: 900 } });
    await page.goto(`${harness.url}/index.php/settings/admin/mcp_companion`);
    await page.locator('[data-test="test-connection"]').click();
    await page.locator('[data-test="connection-status"]').waitFor();

    const rows = await page.locator('.connection-test__row').evaluateAll((elements) =>
      elements.map((row) => {
        const [label, value] = [row.children[0]!.getBoundingClientRect(), row.children[1]!.getBoundingClientRect()];
        return label.right <= value.left || label.bottom <= value.top;
      }),
    );
    expect(await page.locator('[data-test="api-key-stored"]').textContent()).toContain('stored');
    expect(await page.locator('[data-test="api-key-input"]').count()).toBe(0);
    expect(rows).toEqual([true, true, true, true]);
    await page.screenshot({
      path: fileURLToPath(new URL('./artifacts/admin-connection-390.png', import.meta.url)),
      fullPage: true,
    });
    await page.close();
  });
});

describe('settings an earlier companion left in a read-only config.php', () => {
  it('keeps using the API key from config.php, names the occ command that removes it, and saves all the same', async () => {
    const harness = await startPhpHarness({
      sidecarUrl: keyedSidecar.url,
      nextcloudUrl: double.url,
      user: 'bob',
      systemValues: { mcp_server_api_key: MANAGEMENT_API_KEY, config_is_read_only: true },
    });
    harnesses.push(harness);
    const page = await testConnection(harness);

    await page.locator('[data-test="oauth-client-id-input"]').fill('companion-client');
    await page.locator('[data-test="admin-save"]').click();
    await page.locator('[data-test="admin-saved"], [data-test="form-error"]').first().waitFor();

    expect(await page.locator('[data-test="connection-api-key"]').textContent()).toBe('Accepted');
    expect(await page.locator('[data-test="legacy-config-warning"] code').textContent()).toContain(
      'occ config:system:delete mcp_server_api_key',
    );
    expect(await page.locator('[data-test="admin-saved"]').isVisible()).toBe(true);
    expect(readFileSync(join(harness.stateDir, 'appconfig.json'), 'utf8')).not.toContain(MANAGEMENT_API_KEY);
    await page.close();
  });
});

describe('personal settings with the sidecar down', () => {
  it('says the server does not answer, claims no Active and offers no form, sign-in or revoke', async () => {
    const harness = await harnessFor(UNREACHABLE_SIDECAR);
    const page = await browser.newPage();

    await page.goto(`${harness.url}/index.php/settings/user/mcp_companion`);

    await page.locator('[data-test="status-badge"]', { hasText: 'Cannot be checked' }).waitFor();
    expect(await page.locator('[data-test="server-unreachable"]').textContent()).toContain('does not answer');
    for (const name of ['app-password-input', 'oauth-sign-in', 'revoke']) {
      expect(await page.locator(`[data-test="${name}"]`).count()).toBe(0);
    }
    await page.close();
  });
});
