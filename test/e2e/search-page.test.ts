// Browser journey of the knowledge search page against the real sidecar (hybrid mode, sync on) and the platform
// double with files and notes: sign in, search, the 3D map linked with the list, a PDF hit opened at its page.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe.js';
import type { PhpHarness } from './support/php-harness.js';
import { ARTIFACTS, startSearchJourney, type SearchJourney } from './support/search-set-up.js';
import { waitUntilIndexed } from './support/search-journey.js';

let journey: SearchJourney;
let harness: PhpHarness;
let page: Page;

beforeAll(async () => {
  journey = await startSearchJourney();
  ({ harness, page } = journey);
}, 90_000);

afterAll(() => journey?.stop());

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

  it('draws the map and highlights the result of the point the keys select', async () => {
    await page.getByLabel('Show map').check({ force: true });
    const canvas = page.locator('[data-test="search-map-plot"] canvas');
    await canvas.waitFor({ timeout: 30_000 });
    await canvas.focus();

    await page.keyboard.press('End');
    const title = (await page.locator('[data-test="search-map-tooltip"]').textContent())!.trim();
    await page.keyboard.press('Enter');

    const active = page.locator('[data-test="search-result"].result--active [data-test="search-result-title"]');
    await expect.poll(() => active.textContent()).toContain(title);
    await page.screenshot({ path: `${ARTIFACTS}search-map.png`, fullPage: true });
  });

  it('has no serious or critical accessibility violations with results and the map', async () => {
    const violations = await findSeriousViolations(page);

    expect(violations).toEqual([]);
  });

  it('opens a PDF hit at the page of the match and pages on', async () => {
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

  it('has no serious or critical accessibility violations in the viewer; Esc closes it', async () => {
    const violations = await findSeriousViolations(page);

    await page.keyboard.press('Escape');
    await page.locator('[data-test="pdf-viewer"]').waitFor({ state: 'detached' });
    expect(violations).toEqual([]);
  });
});
