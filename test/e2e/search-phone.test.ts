// The search page on a phone (390 px) inside Nextcloud 32's layout: the line about documents the search cannot find
// (a file of a type the sidecar cannot read and one above its size limit, reported by the real sidecar) in both
// themes and in German, and a PDF result's viewer opened fitted to the width, zoomed in and fitted again.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe.js';
import { measureTextContrast } from './support/contrast.js';
import { useNextcloudLook, type NextcloudLook } from './support/nextcloud-look.js';
import type { PhpHarness } from './support/php-harness.js';
import { ARTIFACTS, startSearchJourney, type SearchJourney } from './support/search-set-up.js';
import { waitUntilIndexed } from './support/search-journey.js';

/** Just above the sidecar's default limit of 10 MiB (KNOWLEDGE_MAX_FILE_BYTES): listed, never downloaded. */
const TOO_LARGE = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');

let journey: SearchJourney;
let harness: PhpHarness;
let page: Page;

beforeAll(async () => {
  journey = await startSearchJourney((files) => {
    files.seedFile('carol', 'Archive/photos.zip', Buffer.from('PK\u0003\u0004 not a real archive'));
    files.seedFile('carol', 'Archive/server.log.txt', TOO_LARGE);
  });
  ({ harness, page } = journey);
}, 90_000);

afterAll(() => journey?.stop());

const leftOut = () => page.locator('[data-test="search-left-out"]');
const queryBox = () => page.locator('input[data-test="search-query"]');

async function openWith(look: NextcloudLook): Promise<void> {
  await useNextcloudLook(page, harness.url, { width: 390, ...look });
  await page.goto(`${harness.url}/index.php/apps/mcp_companion/`);
  await page.locator('[data-test="search-page"]').waitFor();
}

/** The rendered widths of the PDF page image and of the viewer it sits in. */
function pdfWidths(): Promise<{ image: number; viewer: number; right: number; window: number }> {
  return page.locator('[data-test="pdf-page-image"]').evaluate((image) => {
    const viewer = image.closest('[data-test="pdf-viewer"]')!.getBoundingClientRect();
    const box = image.getBoundingClientRect();
    const { innerWidth } = globalThis as unknown as { innerWidth: number };
    return { image: box.width, viewer: viewer.width, right: box.right, window: innerWidth };
  });
}

describe('the search page on a phone', () => {
  it('signs in and indexes the searchable documents', async () => {
    await openWith({});
    await Promise.all([
      page.waitForURL(/\/apps\/mcp_companion\/(\?.*)?$/, { timeout: 20_000 }),
      page.locator('[data-test="search-sign-in"] a').click(),
    ]);
    await queryBox().waitFor();

    await waitUntilIndexed(page, 5);
  });

  it('says in one line that two files are not searchable, and why behind the disclosure', async () => {
    await openWith({});
    await leftOut().waitFor();

    const summary = page.locator('[data-test="search-left-out-summary"]');
    expect(await summary.textContent()).toContain('Documents not searchable: 2');
    const box = await summary.boundingBox();
    expect(box!.height).toBeLessThan(50);
    await page.screenshot({ path: `${ARTIFACTS}search-left-out-390-light.png` });

    await summary.click();

    const lines = await page.locator('[data-test="search-left-out-line"]').allTextContents();
    expect(lines.map((line) => line.trim())).toEqual([
      'Files: 2 not searchable: 1 of a type that cannot be read yet, 1 too large',
    ]);
    expect((await measureTextContrast(page, 4.5, '[data-test="search-left-out"]')).failures).toEqual([]);
    expect(await findSeriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}search-left-out-390-light-open.png` });
  });

  it('is legible in the dark theme', async () => {
    await openWith({ theme: 'dark' });
    await page.locator('[data-test="search-left-out-summary"]').click();

    const report = await measureTextContrast(page, 4.5, '[data-test="search-left-out"]');

    expect(report.failures).toEqual([]);
    expect(report.checked).toBeGreaterThan(1);
    await page.screenshot({ path: `${ARTIFACTS}search-left-out-390-dark-open.png` });
  });

  it('speaks German', async () => {
    await openWith({ language: 'de' });
    await page.locator('[data-test="search-left-out-summary"]').click();

    expect(await page.locator('[data-test="search-left-out-summary"]').textContent()).toContain(
      'Nicht durchsuchbare Dokumente: 2',
    );
    expect(await page.locator('[data-test="search-left-out-line"]').textContent()).toContain(
      'Dateien: 2 nicht durchsuchbar',
    );
  });

  it('opens a PDF result fitted to the viewer, and fits it again after zooming in', async () => {
    await openWith({});
    await queryBox().fill('lighthouse restoration budget');
    await queryBox().press('Enter');
    const pdfHit = page.locator('[data-test="search-result"]', { hasText: 'lighthouse.pdf' }).first();
    await pdfHit.waitFor();
    await pdfHit.locator('[data-test="search-result-title"]').click();
    await page.locator('[data-test="pdf-page-image"]').waitFor({ timeout: 30_000 });

    const fitted = await pdfWidths();
    expect(fitted.image).toBeGreaterThan(100);
    expect(fitted.image).toBeLessThanOrEqual(fitted.viewer + 0.5);
    expect(fitted.right).toBeLessThanOrEqual(fitted.window + 0.5);
    await page.screenshot({ path: `${ARTIFACTS}search-pdf-390-fitted.png` });

    await page.locator('[data-test="pdf-zoom-in"]').click();
    // The zoomed page has loaded once its buttons are enabled again.
    await expect.poll(() => page.locator('[data-test="pdf-fit-width"]').isEnabled()).toBe(true);
    expect((await pdfWidths()).image).toBeGreaterThan(fitted.viewer);
    await page.screenshot({ path: `${ARTIFACTS}search-pdf-390-zoomed.png` });

    await page.locator('[data-test="pdf-fit-width"]').click();

    await expect.poll(async () => (await pdfWidths()).image).toBeLessThanOrEqual(fitted.viewer + 0.5);
    expect(await page.locator('[data-test="pdf-zoom-label"]').textContent()).toContain('Fit to width');
    await page.screenshot({ path: `${ARTIFACTS}search-pdf-390-fitted-again.png` });
  });
});
