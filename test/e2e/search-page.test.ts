// Browser journey of the knowledge search page against the real sidecar (hybrid mode, sync on) and the platform
// double with files and notes: sign in, search, the 3D map linked with the list, a PDF hit opened at its page.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../../sidecar/test/support/pdf-fixtures.js';
import { createFilesApp } from '../platform/apps/files.js';
import { createNotesApp } from '../platform/apps/notes.js';
import { startPlatformDouble, type PlatformDouble } from '../platform/platform-double.js';
import { findSeriousViolations } from './support/axe.js';
import { launchChromium } from './support/browser.js';
import { carolWithCompanionClient, CAROL_BASIC, startCarolHarness, stopJourney } from './support/companion-sign-in.js';
import { findFreePort, type PhpHarness } from './support/php-harness.js';
import { startHybridSidecar, type E2eSidecar } from './support/sidecar.js';
import { clickMapPoint, seedSearchContent, waitUntilIndexed } from './support/search-journey.js';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
/** The viewer needs the sidecar's GET /api/v1/pdf-preview, which app.ts mounts once the preview router lands. */
const PREVIEW_MOUNTED = readFileSync(new URL('../../sidecar/src/api/app.ts', import.meta.url), 'utf8').includes(
  'createPdfPreviewRouter',
);

let nextcloud: PlatformDouble;
let sidecar: E2eSidecar;
let harness: PhpHarness;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = await findFreePort();
  const files = createFilesApp();
  const notes = createNotesApp();
  nextcloud = await startPlatformDouble(carolWithCompanionClient(port, [files, notes]));
  seedSearchContent(files, notes, buildPdf);
  sidecar = await startHybridSidecar(nextcloud.url, undefined, {
    VECTOR_SYNC_ENABLED: 'true',
    VECTOR_SYNC_SCAN_INTERVAL: '3600',
  });
  const provisioned = await fetch(`${sidecar.url}/api/v1/users/carol/app-password`, {
    method: 'POST',
    headers: { authorization: CAROL_BASIC },
  });
  expect(provisioned.status).toBe(200);
  harness = await startCarolHarness(sidecar, nextcloud, port);
  browser = await launchChromium({ webgl: true });
  page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(10_000);
}, 90_000);

afterAll(() => stopJourney({ browser, harness, sidecar, nextcloud }));

const queryBox = () => page.getByRole('textbox', { name: 'Search your content' });

describe('the knowledge search page', () => {
  it('offers the sign-in, and after it the search form', async () => {
    await page.goto(`${harness.url}/index.php/apps/mcp_companion/`);
    await page.locator('[data-test="search-sign-in"]').waitFor();

    await Promise.all([
      page.waitForURL(/\/apps\/mcp_companion\/(\?.*)?$/, { timeout: 20_000 }),
      page.locator('[data-test="search-sign-in"] a').click(),
    ]);

    await queryBox().waitFor();
    await waitUntilIndexed(page, 5);
    await page.screenshot({ path: `${ARTIFACTS}search-start.png`, fullPage: true });
  });

  it('finds content with the words marked, by pressing Enter', async () => {
    await queryBox().fill('tomato soup');

    await queryBox().press('Enter');

    await page.locator('[data-test="search-result"]').first().waitFor();
    const titles = await page.locator('[data-test="search-result-title"]').allTextContents();
    expect(titles.map((title) => title.trim())).toContain('soup.md');
    const marks = await page.locator('[data-test="search-result-excerpt"] mark').allTextContents();
    expect(marks.map((mark) => mark.toLowerCase())).toContain('tomato');
  });

  it('moves through the results with the arrow keys', async () => {
    await page.locator('[data-test="search-result-title"]').first().focus();

    await page.keyboard.press('ArrowDown');

    const second = page.locator('[data-test="search-result"]').nth(1);
    expect(await second.getAttribute('class')).toContain('result--active');
    expect(await page.locator(':focus').getAttribute('data-test')).toBe('search-result-title');
  });

  it('draws the map and highlights the result of a clicked point', async () => {
    await page.getByLabel('Show map').check({ force: true });
    await page.locator('[data-test="search-map-plot"] .main-svg').first().waitFor({ timeout: 30_000 });

    const clicked = await clickMapPoint(page);

    const active = page.locator('[data-test="search-result"].result--active');
    await active.waitFor();
    expect(await active.getAttribute('data-point-id')).toBe(clicked);
    await page.screenshot({ path: `${ARTIFACTS}search-map.png`, fullPage: true });
  });

  it('has no serious or critical accessibility violations with results and the map', async () => {
    const violations = await findSeriousViolations(page);

    expect(violations).toEqual([]);
  });

  // Skipped until sidecar/src/api/app.ts mounts the preview router (createPdfPreviewRouter, issue 10's P1 brief).
  it.skipIf(!PREVIEW_MOUNTED)('opens a PDF hit at the page of the match and pages on', async () => {
    await page.getByLabel('Show map').uncheck({ force: true });
    await queryBox().fill('lighthouse restoration budget');
    await queryBox().press('Enter');
    // The hit of page 2 (its excerpt), not a stale list of the previous query that also named the PDF.
    const pdfHit = page
      .locator('[data-test="search-result"]', { hasText: 'lighthouse.pdf' })
      .filter({ hasText: 'restoration budget for the lighthouse' })
      .first();
    await pdfHit.waitFor();

    await pdfHit.locator('[data-test="search-result-title"]').click();

    await page.locator('[data-test="pdf-page-image"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-test="pdf-page-label"]').textContent()).toContain('Page 2 of 3');
    await page.locator('[data-test="chunk-context-match"]').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}search-pdf-viewer.png` });
    await page.locator('[data-test="pdf-next"]').click();
    await expect.poll(() => page.locator('[data-test="pdf-page-label"]').textContent()).toContain('Page 3 of 3');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.locator('[data-test="pdf-page-label"]').textContent()).toContain('Page 2 of 3');
  });

  it.skipIf(!PREVIEW_MOUNTED)(
    'has no serious or critical accessibility violations in the viewer; Esc closes it',
    async () => {
      const violations = await findSeriousViolations(page);

      await page.keyboard.press('Escape');
      await page.locator('[data-test="pdf-viewer"]').waitFor({ state: 'detached' });
      expect(violations).toEqual([]);
    },
  );
});
