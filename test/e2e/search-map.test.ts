// Browser journey of the search page's 3D map against the real sidecar: pointing at a point shows its title and marks
// its result, a click or a tap selects it, the keys reach every point, and it stays legible in light and dark themes
// and at phone width.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSeriousViolations } from './support/axe.js';
import type { PhpHarness } from './support/php-harness.js';
import { ARTIFACTS, startSearchJourney, type SearchJourney } from './support/search-set-up.js';
import { waitUntilIndexed } from './support/search-journey.js';

/**
 * The dark theme's variables the map reads.
 * unverified: values of Nextcloud 32's dark theme (source: Nextcloud server's theming app, DarkTheme; not on the sheet)
 */
const DARK_THEME = `:root {
  --color-main-background: #171717;
  --color-main-text: #ebebeb;
  --color-text-maxcontrast: #a3a3a3;
  --color-border-maxcontrast: #8c8c8c;
  --color-primary-element: #0091f2;
}`;

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

/** WCAG contrast of an element's text colour against the page's background, computed in the page. */
function textContrast(target: Page, selector: string): Promise<number> {
  return target.evaluate((css) => {
    const { document, getComputedStyle } = globalThis as unknown as {
      document: { querySelector(selector: string): unknown; body: unknown };
      getComputedStyle(element: unknown): { color: string; backgroundColor: string };
    };
    const channels = (color: string) => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = channels(color).map((value) => {
        const unit = value / 255;
        return unit <= 0.03928 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const element = document.querySelector(css);
    const text = getComputedStyle(element).color;
    const ownBackground = getComputedStyle(element).backgroundColor;
    const background = /^rgba\(.*,\s*0\)$/.test(ownBackground)
      ? getComputedStyle(document.body).backgroundColor
      : ownBackground;
    const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
    return (light + 0.05) / (dark + 0.05);
  }, selector);
}

describe('the search map', () => {
  it('shows the title of the point under the mouse and marks its result', async () => {
    await searchWithMap(page, 'tomato soup');
    const point = await loneliestPoint(page);

    await page.mouse.move(point.x, point.y, { steps: 4 });

    const tip = page.locator('[data-test="search-map-tooltip"]');
    await expect.poll(() => tip.textContent()).toBe(point.title);
    await expect.poll(() => activeTitle(page)).toContain(point.title);
    expect(await textContrast(page, '[data-test="search-map-tooltip"]')).toBeGreaterThanOrEqual(4.5);
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
    expect(await textContrast(page, '[data-test="search-map-legend"]')).toBeGreaterThanOrEqual(4.5);
  });

  it('selects a result with the keys alone: arrows point, Enter selects', async () => {
    // The mouse off the map, so that it points at nothing while the keys do.
    await page.mouse.move(1, 1);
    await page.locator('[data-test="search-map-plot"] canvas').focus();

    await page.keyboard.press('End');
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
    await page.addStyleTag({ content: DARK_THEME });
    await page.getByLabel('Show map').uncheck({ force: true });
    await page.getByLabel('Show map').check({ force: true });
    await page.locator('[data-test="search-map-plot"] canvas').waitFor();
    const point = await loneliestPoint(page);

    await page.mouse.move(point.x, point.y, { steps: 4 });

    await expect.poll(() => page.locator('[data-test="search-map-tooltip"]').textContent()).toBe(point.title);
    expect(await textContrast(page, '[data-test="search-map-tooltip"]')).toBeGreaterThanOrEqual(4.5);
    expect(await textContrast(page, '[data-test="search-map-legend"]')).toBeGreaterThanOrEqual(4.5);
    await page.screenshot({ path: `${ARTIFACTS}search-map-dark.png`, fullPage: true });
  });

  // The tap's result is not asserted in the list: at 390 px the page's two columns overflow sideways, the list scrolls
  // the chosen result into view sideways, and the result that then lies under the finger takes the hover.
  it('names the tapped point at phone width', async () => {
    const phone = await journey.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    try {
      await phone.addCookies(await page.context().cookies());
      const small = await phone.newPage();
      small.setDefaultTimeout(10_000);
      await small.goto(`${harness.url}/index.php/apps/mcp_companion/`);
      await searchWithMap(small, 'tomato soup');
      const point = await loneliestPoint(small);
      expect(await small.locator('[data-test="search-map-tooltip"]').isVisible()).toBe(false);

      await small.touchscreen.tap(point.x, point.y);

      await expect.poll(() => small.locator('[data-test="search-map-tooltip"]').textContent()).toBe(point.title);
      await small.locator('[data-test="search-map"]').screenshot({ path: `${ARTIFACTS}search-map-390.png` });
    } finally {
      await phone.close();
    }
  });
});
