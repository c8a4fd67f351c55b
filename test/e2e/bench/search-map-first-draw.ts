// Measures the search map's first draw in Chromium: from the map asking to be drawn (its chunk not yet loaded) to its
// first frame, and the drawing alone (from the chunk loaded), by the page's performance marks, over fresh browser
// contexts (cold cache); prints each run and the medians. Run from the repository root after `make install`: node --import tsx test/e2e/bench/search-map-first-draw.ts
import { startSearchJourney } from '../support/search-set-up.js';
import { waitUntilIndexed } from '../support/search-journey.js';

const RUNS = Number(process.env.RUNS ?? 5);
const REQUESTED = 'mcp_companion:map-requested';
const LOADED = 'mcp_companion:map-loaded';
const DRAWN = 'mcp_companion:map-drawn';

const journey = await startSearchJourney();
try {
  const { page, harness, browser } = journey;
  await page.goto(`${harness.url}/index.php/apps/mcp_companion/`);
  await Promise.all([
    page.waitForURL(/\/apps\/mcp_companion\/(\?.*)?$/, { timeout: 20_000 }),
    page.locator('[data-test="search-sign-in"] a').click(),
  ]);
  await waitUntilIndexed(page, 5);
  const cookies = await page.context().cookies();

  const runs: { total: number; drawing: number }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.addCookies(cookies);
    const fresh = await context.newPage();
    await fresh.goto(`${harness.url}/index.php/apps/mcp_companion/`);
    await fresh.getByLabel('Show map').check({ force: true });
    const box = fresh.getByRole('textbox', { name: 'Search your content' });
    await box.fill('tomato soup');
    await box.press('Enter');
    runs.push(
      await fresh.evaluate(
        async ([requested, loaded, drawn]) => {
          const { performance, requestAnimationFrame } = globalThis as unknown as {
            performance: { getEntriesByName(name: string): { startTime: number }[]; now(): number };
            requestAnimationFrame(callback: () => void): void;
          };
          const deadline = performance.now() + 30_000;
          while (performance.getEntriesByName(drawn).length === 0 && performance.now() < deadline) {
            await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
          }
          const start = performance.getEntriesByName(requested).at(-1)?.startTime ?? NaN;
          const ready = performance.getEntriesByName(loaded).at(-1)?.startTime ?? NaN;
          const end = performance.getEntriesByName(drawn).at(-1)?.startTime ?? NaN;
          return { total: end - start, drawing: end - ready };
        },
        [REQUESTED, LOADED, DRAWN] as const,
      ),
    );
    await context.close();
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const show = (values: number[]) => `${values.map((value) => value.toFixed(1)).join(', ')} ms`;
  console.log(`first draw (chunk load and drawing): ${show(runs.map((run) => run.total))}`);
  console.log(`of which drawing, after the chunk loaded: ${show(runs.map((run) => run.drawing))}`);
  console.log(
    `median of ${RUNS}: ${median(runs.map((run) => run.total)).toFixed(1)} ms, ` +
      `drawing ${median(runs.map((run) => run.drawing)).toFixed(1)} ms`,
  );
} finally {
  await journey.stop();
}
