// The settings pages and the error page as Nextcloud 32 shows them (the harness's page shell): the settings sections
// inside the settings layout, the error page inside the app layout, every text legible (WCAG contrast ≥ 4.5:1) in
// the light and the dark theme, and screenshots in both themes, at 390 px and in German.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatformDouble, type PlatformDouble } from '../platform/platform-double.js';
import { launchChromium } from './support/browser.js';
import { measureTextContrast } from './support/contrast.js';
import { useNextcloudLook, type NextcloudLook } from './support/nextcloud-look.js';
import { startPhpHarness, type PhpHarness } from './support/php-harness.js';
import { ARTIFACTS } from './support/search-set-up.js';
import { startHybridSidecar, type E2eSidecar } from './support/sidecar.js';

const APP_PASSWORD = 'Qw3rt-Yu1op-As2df-Gh3jk-Lz4xc';

let double: PlatformDouble;
let sidecar: E2eSidecar;
let harness: PhpHarness;
let browser: Browser;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  double = await startPlatformDouble({ users: [{ id: 'dora', appPasswords: [APP_PASSWORD] }] });
  sidecar = await startHybridSidecar(double.url);
  harness = await startPhpHarness({ sidecarUrl: sidecar.url, nextcloudUrl: double.url, user: 'dora' });
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (error) => problems.push(error.message));
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await harness?.stop();
  await sidecar?.stop();
  await double?.close();
});

async function open(path: string, look: NextcloudLook, ready: string): Promise<void> {
  await useNextcloudLook(page, harness.url, look);
  await page.goto(`${harness.url}${path}`);
  await page.locator(ready).first().waitFor();
}

const PERSONAL = '/index.php/settings/user/mcp_companion';
const ADMIN = '/index.php/settings/admin/mcp_companion';
const ERROR = '/index.php/apps/mcp_companion/error';

describe('the settings pages in Nextcloud 32 settings layout', () => {
  it('put the section into #app-content next to the settings navigation', async () => {
    await open(PERSONAL, {}, '[data-test="status-badge"]');

    expect(await page.locator('#content #app-navigation').count()).toBe(1);
    expect(await page.locator('#content #app-content [data-test="status-badge"]').count()).toBe(1);
    expect(problems).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`show the personal settings legibly (${theme})`, async () => {
      await open(PERSONAL, { theme }, '[data-test="status-badge"]');

      const report = await measureTextContrast(page, 4.5, '#app-content');

      expect(report.failures).toEqual([]);
      expect(report.checked).toBeGreaterThan(5);
      await page.screenshot({ path: `${ARTIFACTS}look-personal-${theme}.png` });
    });

    it(`show the administration settings legibly (${theme})`, async () => {
      await open(ADMIN, { theme }, '#app-content input');

      const report = await measureTextContrast(page, 4.5, '#app-content');

      expect(report.failures).toEqual([]);
      expect(report.checked).toBeGreaterThan(5);
      await page.screenshot({ path: `${ARTIFACTS}look-admin-${theme}.png` });
    });
  }

  it('show the personal settings in German and at 390 px', async () => {
    await open(PERSONAL, { language: 'de', width: 390 }, '[data-test="status-badge"]');

    expect(await page.locator('[data-test="status-badge"]').textContent()).toContain('Nicht erlaubt');
    await page.screenshot({ path: `${ARTIFACTS}look-personal-de-390.png` });
  });

  it('show the personal settings legibly once a credential is active (light and dark)', async () => {
    await open(PERSONAL, {}, '[data-test="status-badge"]');
    await page.locator('[data-test="app-password-input"]').fill(APP_PASSWORD);
    await Promise.all([page.waitForEvent('load'), page.locator('[data-test="app-password-save"]').click()]);
    await page.locator('[data-test="status-badge"]', { hasText: 'Active' }).waitFor();

    const light = await measureTextContrast(page, 4.5, '#app-content');
    await page.screenshot({ path: `${ARTIFACTS}look-personal-active-light.png`, fullPage: true });
    await open(PERSONAL, { theme: 'dark' }, '[data-test="status-badge"]');
    const dark = await measureTextContrast(page, 4.5, '#app-content');

    await page.screenshot({ path: `${ARTIFACTS}look-personal-active-dark.png`, fullPage: true });
    await open(PERSONAL, { language: 'de', width: 390 }, '[data-test="status-badge"]');
    await page.screenshot({ path: `${ARTIFACTS}look-personal-active-de-390.png`, fullPage: true });

    expect([...light.failures, ...dark.failures]).toEqual([]);
    expect(light.checked).toBeGreaterThan(5);
  });
});

describe('the error page in Nextcloud 32 app layout', () => {
  it('sits in the app content and is legible (light)', async () => {
    await open(ERROR, {}, '[data-test="error-page"]');

    const report = await measureTextContrast(page, 4.5, '#content');

    expect(await page.locator('#content-vue #app-content-vue [data-test="error-page"]').count()).toBe(1);
    expect(report.failures).toEqual([]);
    expect(report.checked).toBeGreaterThan(5);
    await page.screenshot({ path: `${ARTIFACTS}look-error-light.png` });
  });

  it('is legible in the dark theme', async () => {
    await open(ERROR, { theme: 'dark' }, '[data-test="error-page"]');

    const report = await measureTextContrast(page, 4.5, '#content');

    expect(report.failures).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}look-error-dark.png` });
  });

  it('scrolls to its last step at 390 px', async () => {
    await open(ERROR, { width: 390 }, '[data-test="error-page"]');
    const steps = page.locator('[data-test="error-page"] li');
    const first = await page.locator('[data-test="error-page"] h2').boundingBox();
    await page.mouse.move(first!.x + 10, first!.y + 10);

    for (let turn = 0; turn < 10; turn += 1) {
      await page.mouse.wheel(0, 600);
    }
    await page.waitForTimeout(300);

    const box = await steps.last().boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    await page.screenshot({ path: `${ARTIFACTS}look-error-390.png` });
  });

  it('speaks German', async () => {
    await useNextcloudLook(page, harness.url, { language: 'de' });
    await page.goto(`${harness.url}${ERROR}`);
    await page.locator('[data-test="error-page"]').waitFor();

    expect(await page.locator('[data-test="error-page"] h3').textContent()).toBe('Fehlerbehebung');
    await page.screenshot({ path: `${ARTIFACTS}look-error-de.png` });
  });
});
