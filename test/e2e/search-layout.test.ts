// The search page inside Nextcloud 32's layout (the harness's page shell: fixed, clipped #content over the
// wallpaper, scripts with ?v=): the last of many results can be scrolled to on a desktop and a phone, text sits on
// the app's background with enough contrast in both themes, the page speaks German, and showing the map keeps the
// search (the lazily loaded map chunk must not load the page's entry a second time).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureTextContrast } from './support/contrast.js';
import { useNextcloudLook, type NextcloudLook } from './support/nextcloud-look.js';
import type { PhpHarness } from './support/php-harness.js';
import { ARTIFACTS, startSearchJourney, type SearchJourney } from './support/search-set-up.js';
import { waitUntilIndexed } from './support/search-journey.js';

/** Fifteen garden notes, so that a search for "garden" has more results than a window can show. */
const GARDEN_NOTES = 15;

let journey: SearchJourney;
let harness: PhpHarness;
let page: Page;

beforeAll(async () => {
  journey = await startSearchJourney((_files, notes) => {
    for (let week = 1; week <= GARDEN_NOTES; week += 1) {
      notes.seedNote('carol', {
        title: `Garden diary, week ${week}`,
        content: `Garden work in week ${week}: weeding the beds, sowing carrots and watering the garden roses.`,
      });
    }
    notes.seedNote('carol', {
      title: 'Harvest plan',
      content:
        '# Harvest plan\n\n- **Pumpkins** go to the _market_ on 2026-12-02T09:00:00Z\n- see [the list](https://example.org/list)',
    });
  });
  ({ harness, page } = journey);
}, 90_000);

afterAll(() => journey?.stop());

const results = () => page.locator('[data-test="search-result"]');
const notesFilter = () => page.locator('input[data-test="search-type-note"]');
const searchPage = () => `${harness.url}/index.php/apps/mcp_companion/`;

async function openWith(look: NextcloudLook): Promise<void> {
  await useNextcloudLook(page, harness.url, look);
  await page.goto(searchPage());
  await page.locator('[data-test="search-page"]').waitFor();
}

/** Searches and waits for `shown` (by default: the garden notes' results). */
async function searchFor(
  query: string,
  shown = () =>
    results()
      .nth(GARDEN_NOTES - 1)
      .waitFor(),
): Promise<void> {
  await page.locator('input[data-test="search-query"]').fill(query);
  await page.locator('input[data-test="search-query"]').press('Enter');
  await shown();
}

/** Scrolls with the mouse wheel over the results, as a user would, until the page stops moving. */
async function wheelToTheEnd(): Promise<void> {
  const first = await results().first().boundingBox();
  await page.mouse.move(first!.x + 20, first!.y + 10);
  for (let turn = 0; turn < 20; turn += 1) {
    await page.mouse.wheel(0, 800);
  }
  await page.waitForTimeout(300);
}

/** Whether the last result's middle is on screen and is what the user would click there. */
function isLastResultReachable(): Promise<boolean> {
  return results()
    .last()
    .evaluate((element) => {
      const { innerHeight, innerWidth, document } = globalThis as unknown as {
        innerHeight: number;
        innerWidth: number;
        document: { elementFromPoint(x: number, y: number): unknown };
      };
      const box = element.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + Math.min(box.height / 2, 20)];
      const inWindow = x >= 0 && x < innerWidth && y >= 0 && y < innerHeight;
      return inWindow && element.contains(document.elementFromPoint(x, y) as typeof element);
    });
}

describe('the search page in Nextcloud 32 layout', () => {
  it('loads its scripts with a version query, as Nextcloud does', async () => {
    await openWith({});

    const sources = await page
      .locator('script[src]')
      .evaluateAll((scripts) => scripts.map((script) => script.getAttribute('src') ?? ''));

    expect(sources.filter((src) => src.includes('/js/mcp_companion-search.mjs'))).toHaveLength(1);
    expect(sources.every((src) => /\?v=[0-9a-f]{8}$/.test(src))).toBe(true);
  });

  it('signs in and finds more results than the window shows', async () => {
    await Promise.all([
      page.waitForURL(/\/apps\/mcp_companion\/(\?.*)?$/, { timeout: 20_000 }),
      page.locator('[data-test="search-sign-in"] a').click(),
    ]);
    await page.locator('input[data-test="search-query"]').waitFor();
    await waitUntilIndexed(page, 6 + GARDEN_NOTES);

    await searchFor('garden');

    expect(await results().count()).toBeGreaterThanOrEqual(GARDEN_NOTES);
    expect(await isLastResultReachable()).toBe(false);
  });

  it('scrolls to the last result inside #content', async () => {
    await wheelToTheEnd();

    expect(await isLastResultReachable()).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}layout-search-light-scrolled.png` });
  });

  it('shows its text on the app background with contrast of at least 4.5:1 (light)', async () => {
    const report = await measureTextContrast(page, 4.5, '#content');

    expect(report.failures).toEqual([]);
    expect(report.checked).toBeGreaterThan(30);
  });

  it('keeps the query and the results when the map is shown for the first time', async () => {
    const before = await results().count();
    await page.getByLabel('Show map').check({ force: true });
    await page.locator('[data-test="search-map-plot"] canvas').waitFor({ timeout: 30_000 });

    expect(await page.locator('input[data-test="search-query"]').inputValue()).toBe('garden');
    expect(await results().count()).toBe(before);
    expect(await page.locator('#content-vue').count()).toBe(1);
    const entryLoads = await page.evaluate(() =>
      (globalThis as unknown as { performance: { getEntriesByType(type: string): { name: string }[] } }).performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /mcp_companion-(search|personal|admin|error)\.mjs/.test(name)),
    );
    expect(entryLoads).toHaveLength(1);
    expect(entryLoads[0]).toMatch(/\?v=/);
    await page.screenshot({ path: `${ARTIFACTS}layout-search-map.png` });
  });

  it('scrolls to the last result on a phone (390 px)', async () => {
    await openWith({ width: 390 });
    await searchFor('garden');
    await page.screenshot({ path: `${ARTIFACTS}layout-search-390.png` });

    await wheelToTheEnd();

    expect(await isLastResultReachable()).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}layout-search-390-scrolled.png` });
  });

  it('shows its text on the app background with contrast of at least 4.5:1 (dark)', async () => {
    await openWith({ theme: 'dark' });
    await searchFor('garden');
    await results().nth(1).locator('[data-test="search-result-title"]').focus();

    const report = await measureTextContrast(page, 4.5, '#content');

    expect(report.failures).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}layout-search-dark.png` });
  });

  it('speaks German', async () => {
    await openWith({ language: 'de' });

    await searchFor('garden');

    expect(await page.locator('[data-test="search-page"] h2').textContent()).not.toContain('Search');
    expect(await page.locator('html').getAttribute('lang')).toBe('de');
    await page.screenshot({ path: `${ARTIFACTS}layout-search-de.png` });
  });
});

describe('the search results as people read them', () => {
  it('names the search by the embedder the index uses (lexical here)', async () => {
    await openWith({});

    await expect
      .poll(() => page.locator('[data-test="search-title"]').textContent())
      .toBe('Search your content by its words');
  });

  it('says there are no close matches for a nonsense query, and shows the weaker ones on request', async () => {
    await searchFor('zqxv blorft', () => page.locator('[data-test="search-no-close-matches"]').waitFor());

    expect(await results().count()).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}results-no-close-matches.png` });
    await page.locator('[data-test="search-show-weaker"]').click();
    await results().first().waitFor();
  });

  it('keeps the algorithm and the fusion under "Advanced"', async () => {
    expect(await page.locator('[data-test="search-algorithm"]').isVisible()).toBe(false);

    await page.locator('[data-test="search-advanced"] summary').click();

    expect(await page.locator('[data-test="search-algorithm"]').isVisible()).toBe(true);
  });

  it('applies a type filter at once and remembers it for the next visit', async () => {
    await openWith({});
    await searchFor('garden');

    const searched = page.waitForRequest((request) => request.url().includes('knowledge/search'));
    await notesFilter().uncheck({ force: true });

    expect(((await searched).postDataJSON() as { doc_types: string[] }).doc_types).not.toContain('note');
    await expect.poll(() => page.locator('.result__meta', { hasText: 'Notes' }).count()).toBe(0);
    await openWith({});
    expect(await notesFilter().isChecked()).toBe(false);
    await notesFilter().check({ force: true });
    expect(await notesFilter().isChecked()).toBe(true);
  });

  it('lists a document once, with its other matches on request', async () => {
    const pdf = results().filter({ hasText: 'lighthouse.pdf' });
    await searchFor('lighthouse', () => pdf.first().waitFor());

    expect(await pdf.count()).toBe(1);
    expect(await pdf.locator('[data-test="search-result-more"]').textContent()).toContain(
      '2 more matches in this file',
    );
    await pdf.locator('[data-test="search-result-more"]').click();
    await expect.poll(() => results().filter({ hasText: 'lighthouse.pdf' }).count()).toBe(3);
    await page.screenshot({ path: `${ARTIFACTS}results-grouped.png` });
  });

  it("shows excerpts without Markdown, and times in the reader's locale and time zone", async () => {
    await searchFor('pumpkins market', () => results().filter({ hasText: 'Harvest plan' }).first().waitFor());

    const excerpt = (await results().first().locator('[data-test="search-result-excerpt"]').textContent()) ?? '';

    expect(excerpt).toContain('Pumpkins go to the market on');
    expect(excerpt).not.toMatch(/[#*_[\]]|2026-12-02T09/);
    expect(excerpt).toMatch(/2026/);
    await page.screenshot({ path: `${ARTIFACTS}results-excerpt.png` });
  });
});
