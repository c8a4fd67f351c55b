// Browser journey of the search page's 3D map against the real sidecar: pointing at a point shows its title and marks
// its result, a click or a tap selects it, the keys reach every point, and it stays legible in light and dark themes
// and at phone width.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe.js';
import { measureTextContrast } from './support/contrast.js';
import { useNextcloudLook } from './support/nextcloud-look.js';
import type { PhpHarness } from './support/php-harness.js';
import { ARTIFACTS, startSearchJourney, type SearchJourney } from './support/search-set-up.js';
import { waitUntilIndexed } from './support/search-journey.js';

let journey: SearchJourney;
let harness: PhpHarness;
let page: Page;

beforeAll(async () => {
  journey = await startSearchJourney();
  ({ harness, page } = journey);
  await page.goto(`${harness.url}/index.php/apps/mcp_companion/`);
  await Promise.all([
    page.waitForURL(/\/apps\/mcp_companion\/(\?.*)?$/, { timeout: 20_000 }),
    page.locator('[data-test="search-sign-in"] a').click(),
  ]);
  await waitUntilIndexed(page, 5);
}, 90_000);

afterAll(() => journey?.stop());

interface MapPoint {
  title: string;
  /** CSS pixels within the map's plot area. */
  left: number;
  top: number;
  /** Distance to the nearest other result point. */
  clearance: number;
}

async function searchWithMap(target: Page, query: string): Promise<void> {
  const box = target.getByRole('textbox', { name: 'Search your content' });
  await box.fill(query);
  await box.press('Enter');
  await target.locator('[data-test="search-result"]').first().waitFor();
  await target.getByLabel('Show map').check({ force: true });
  await target.locator('[data-test="search-map-plot"] canvas').waitFor();
}

/**
 * Waits until the map has drawn what a key just asked for: the map redraws (and moves its tooltip) in the next
 * animation frame, and callbacks of one frame run in the order they were asked for.
 */
function nextFrame(target: Page): Promise<void> {
  return target.evaluate(
    () =>
      new Promise<void>((resolve) =>
        (globalThis as unknown as { requestAnimationFrame(callback: () => void): void }).requestAnimationFrame(() =>
          resolve(),
        ),
      ),
  );
}

/**
 * Where each result point is, found with the keyboard: each arrow key points at the next result, and the tooltip is
 * anchored (its `left`/`top`) at the point it names.
 */
async function findPoints(target: Page): Promise<MapPoint[]> {
  const tip = target.locator('[data-test="search-map-tooltip"]');
  const count = await target.locator('[data-test="search-result"]').count();
  await target.locator('[data-test="search-map-plot"] canvas').focus();
  const found: Omit<MapPoint, 'clearance'>[] = [];
  for (let index = 0; index < count; index++) {
    await target.keyboard.press(index === 0 ? 'Home' : 'ArrowDown');
    await nextFrame(target);
    await tip.waitFor();
    const style = (await tip.getAttribute('style')) ?? '';
    const left = Number(/left:\s*([\d.-]+)px/.exec(style)?.[1]);
    const top = Number(/top:\s*([\d.-]+)px/.exec(style)?.[1]);
    found.push({ title: (await tip.textContent())!.trim(), left, top });
  }
  await target.keyboard.press('Escape');
  return found.map((point) => ({
    ...point,
    clearance: Math.min(
      ...found
        .filter((other) => other !== point)
        .map((other) => Math.hypot(other.left - point.left, other.top - point.top)),
      Number.MAX_VALUE,
    ),
  }));
}

/**
 * The point standing furthest from the others, so that pointing at it cannot hit a neighbour, and where a pointer can
 * reach it (inside the viewport); not the last point the keys reached, whose result is the active one now.
 */
async function loneliestPoint(target: Page): Promise<MapPoint & { x: number; y: number }> {
  const points = await findPoints(target);
  const last = points.at(-1)?.title;
  const viewport = target.viewportSize()!;
  const reachable = [];
  for (const point of points.filter((candidate) => candidate.title !== last)) {
    const at = await onScreen(target, point);
    if (at.x > 0 && at.y > 0 && at.x < viewport.width && at.y < viewport.height) reachable.push({ ...point, ...at });
  }
  const lonely = reachable.sort((a, b) => b.clearance - a.clearance)[0];
  if (lonely === undefined) throw new Error(`no result point within reach: ${JSON.stringify(points)}`);
  return lonely;
}

/** The point's position in the viewport now, with the map scrolled into view first. */
async function onScreen(target: Page, point: MapPoint): Promise<{ x: number; y: number }> {
  const plot = target.locator('[data-test="search-map-plot"]');
  await plot.scrollIntoViewIfNeeded();
  const box = (await plot.boundingBox())!;
  return { x: box.x + point.left, y: box.y + point.top };
}

const activeTitle = (target: Page) =>
  target.locator('[data-test="search-result"].result--active [data-test="search-result-title"]').textContent();

/** The texts under `selector` that have less than 4.5:1 contrast against what is behind them (none measured: fails). */
async function illegibleTexts(target: Page, selector: string): Promise<string[]> {
  const report = await measureTextContrast(target, 4.5, selector);
  return report.checked > 0 ? report.failures : [`no text measured under ${selector}`];
}

describe('the search map', () => {
  it('shows the title of the point under the mouse and marks its result', async () => {
    await searchWithMap(page, 'tomato soup');
    const point = await loneliestPoint(page);

    await page.mouse.move(point.x, point.y, { steps: 4 });

    const tip = page.locator('[data-test="search-map-tooltip"]');
    await expect.poll(() => tip.textContent()).toBe(point.title);
    await expect.poll(() => activeTitle(page)).toContain(point.title);
    expect(await illegibleTexts(page, '[data-test="search-map-plot"]')).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}search-map-light.png`, fullPage: true });
  });

  it('selects the result of a clicked point', async () => {
    const point = await loneliestPoint(page);
    expect(await activeTitle(page)).not.toContain(point.title);

    await page.mouse.click(point.x, point.y);

    await expect.poll(() => activeTitle(page)).toContain(point.title);
  });

  it('names each point in a legend by document type, with the query', async () => {
    const legend = await page.locator('[data-test="search-map-legend"] li').allTextContents();

    expect(legend.map((entry) => entry.trim())).toEqual(expect.arrayContaining(['Files', 'Notes', 'Your query']));
    expect(await illegibleTexts(page, '[data-test="search-map-legend"]')).toEqual([]);
  });

  it('selects a result with the keys alone: arrows point, Enter selects', async () => {
    // The mouse off the map, so that it points at nothing while the keys do.
    await page.mouse.move(1, 1);
    await page.locator('[data-test="search-map-plot"] canvas').focus();

    await page.keyboard.press('End');
    await nextFrame(page);
    const title = (await page.locator('[data-test="search-map-tooltip"]').textContent())!.trim();
    await page.keyboard.press('Enter');

    await expect.poll(() => activeTitle(page)).toContain(title);
    expect(await page.locator('.scatter-map__announcer').textContent()).toBe(title);
  });

  it('turns with a drag and zooms in with the wheel', async () => {
    const before = await findPoints(page);
    const plot = (await page.locator('[data-test="search-map-plot"]').boundingBox())!;
    const centre = { x: plot.x + plot.width / 2, y: plot.y + plot.height / 2 };

    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 80, centre.y, { steps: 8 });
    await page.mouse.up();
    const turned = await findPoints(page);
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -300);
    const zoomed = await findPoints(page);

    const moved = turned.map((point, index) =>
      Math.hypot(point.left - before[index]!.left, point.top - before[index]!.top),
    );
    expect(Math.max(...moved)).toBeGreaterThan(10);
    const spread = (points: MapPoint[]) => Math.max(...points.map((point) => point.clearance));
    expect(spread(zoomed)).toBeGreaterThan(spread(turned) * 1.2);
  });

  it('has no serious or critical accessibility violations with the map', async () => {
    expect(await findSeriousViolations(page)).toEqual([]);
  });

  it('draws in the dark theme with legible text', async () => {
    await useNextcloudLook(page, harness.url, { theme: 'dark' });
    await page.goto(`${harness.url}/index.php/apps/mcp_companion/`);
    await searchWithMap(page, 'tomato soup');
    const point = await loneliestPoint(page);

    await page.mouse.move(point.x, point.y, { steps: 4 });

    await expect.poll(() => page.locator('[data-test="search-map-tooltip"]').textContent()).toBe(point.title);
    expect(await illegibleTexts(page, '[data-test="search-map-plot"]')).toEqual([]);
    expect(await illegibleTexts(page, '[data-test="search-map-legend"]')).toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}search-map-dark.png`, fullPage: true });
  });

  // At 390 px the map sits above the list: choosing a point scrolls its result into view below it.
  it('names the tapped point at phone width and selects its result', async () => {
    const phone = await journey.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    try {
      await phone.addCookies(await page.context().cookies());
      const small = await phone.newPage();
      small.setDefaultTimeout(10_000);
      await useNextcloudLook(small, harness.url, { width: 390 });
      await small.goto(`${harness.url}/index.php/apps/mcp_companion/`);
      await searchWithMap(small, 'tomato soup');
      const point = await loneliestPoint(small);
      expect(await small.locator('[data-test="search-map-tooltip"]').isVisible()).toBe(false);

      await small.touchscreen.tap(point.x, point.y);

      await expect.poll(() => small.locator('[data-test="search-map-tooltip"]').textContent()).toBe(point.title);
      await expect.poll(() => activeTitle(small)).toContain(point.title);
      await small.locator('[data-test="search-map"]').screenshot({ path: `${ARTIFACTS}search-map-390.png` });
    } finally {
      await phone.close();
    }
  });
});
