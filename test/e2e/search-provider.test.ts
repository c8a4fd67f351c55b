// Browser journey of the companion's provider in Nextcloud's search bar: the bar's request to core's unified-search
// route (served by the harness as core does) answers the real sidecar's hits with titles and deep links, and a PDF
// hit's link opens the search page's viewer at the page of the match.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhpHarness } from './support/php-harness.js';
import { ARTIFACTS, startSearchJourney, type SearchJourney } from './support/search-set-up.js';
import { waitUntilIndexed } from './support/search-journey.js';

const PROVIDER = 'mcp_companion_knowledge';

let journey: SearchJourney;
let harness: PhpHarness;
let page: Page;

beforeAll(async () => {
  journey = await startSearchJourney();
  ({ harness, page } = journey);
}, 90_000);

afterAll(() => journey?.stop());

interface BarEntry {
  title: string;
  subline: string;
  resourceUrl: string;
  thumbnailUrl: string;
  attributes: Record<string, string>;
}

interface BarAnswer {
  status: number;
  body: { ocs?: { meta: { statuscode: number }; data: unknown } } & Record<string, unknown>;
}

/** What the search bar asks, from the browser's session (`from`: the page the bar was opened on). */
function askSearchBar(query: string, headers: Record<string, string> = { 'OCS-APIRequest': 'true' }) {
  return page.evaluate(
    async ({ provider, query, headers }) => {
      const response = await fetch(`/ocs/v2.php/search/providers/${provider}/search?${query}`, {
        headers: { Accept: 'application/json', ...headers },
      });
      return { status: response.status, body: await response.json() } as BarAnswer;
    },
    { provider: PROVIDER, query, headers },
  );
}

function entriesOf(answer: BarAnswer): BarEntry[] {
  return (answer.body.ocs?.data as { entries: BarEntry[] }).entries;
}

describe("the companion's provider in Nextcloud's search bar", () => {
  it('finds nothing before the sign-in, without an error', async () => {
    await page.goto(`${harness.url}/index.php/apps/mcp_companion/`);

    const answer = await askSearchBar('term=tomato&limit=5&from=%2Fapps%2Ffiles%2F');

    expect([answer.status, answer.body.ocs?.data]).toEqual([
      200,
      { name: 'Knowledge search', isPaginated: false, entries: [], cursor: null },
    ]);
  });

  it('answers a query with the titles, excerpts and deep links of the hits once signed in', async () => {
    await page.locator('[data-test="search-sign-in"]').waitFor();
    await Promise.all([
      page.waitForURL(/\/apps\/mcp_companion\/(\?.*)?$/, { timeout: 20_000 }),
      page.locator('[data-test="search-sign-in"] a').click(),
    ]);
    await waitUntilIndexed(page, 5);

    const answer = await askSearchBar('term=tomato%20soup&limit=5&from=%2Fapps%2Ffiles%2F');

    const entries = entriesOf(answer);
    expect(answer.status).toBe(200);
    expect(entries.map((entry) => entry.title)).toEqual(expect.arrayContaining(['soup.md', 'Soup ideas']));
    const soup = entries.find((entry) => entry.title === 'soup.md')!;
    const idea = entries.find((entry) => entry.title === 'Soup ideas')!;
    expect(soup.subline).toContain('Tomato soup');
    expect([soup.thumbnailUrl, soup.attributes.doc_type]).toEqual(['/apps/mcp_companion/img/type-file.svg', 'file']);
    expect([idea.thumbnailUrl, idea.attributes.doc_type]).toEqual(['/apps/mcp_companion/img/type-note.svg', 'note']);
    // Deep links: the item in its own Nextcloud app (absolute, at Nextcloud).
    for (const entry of [soup, idea]) expect(entry.resourceUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/index\.php\//);
  });

  it('links a PDF hit to the search page with its point, and pages on with the cursor', async () => {
    const first = await askSearchBar('term=lighthouse%20restoration%20budget&limit=1');
    const next = await askSearchBar(`term=lighthouse%20restoration%20budget&limit=1&cursor=1`);

    const [pdf] = entriesOf(first);
    expect(pdf).toMatchObject({ title: 'lighthouse.pdf', thumbnailUrl: '/apps/mcp_companion/img/type-pdf.svg' });
    expect(pdf!.subline).toContain('restoration budget for the lighthouse');
    expect(pdf!.resourceUrl).toMatch(new RegExp(`^${harness.url}/index\\.php/apps/mcp_companion/\\?point=\\d+$`));
    expect((first.body.ocs?.data as { isPaginated: boolean; cursor: unknown }).cursor).toBe(1);
    expect(entriesOf(next)[0]?.resourceUrl).not.toBe(pdf!.resourceUrl);
  });

  it('opens the viewer at the page of the match when the PDF hit is followed', async () => {
    const [pdf] = entriesOf(await askSearchBar('term=lighthouse%20restoration%20budget&limit=1'));
    await page.goto(`${harness.url}/index.php/apps/mcp_companion/`);
    // The bar's entry as Nextcloud renders it in its header: a link to the entry's resourceUrl.
    await page.evaluate(
      ({ href, title }) => {
        interface Link {
          href: string;
          textContent: string;
          dataset: Record<string, string>;
        }
        const { document } = globalThis as unknown as {
          document: { createElement(tag: 'a'): Link; getElementById(id: 'header'): { append(node: Link): void } };
        };
        const link = document.createElement('a');
        link.href = href;
        link.textContent = title;
        link.dataset.test = 'search-bar-entry';
        document.getElementById('header').append(link);
      },
      { href: pdf!.resourceUrl, title: pdf!.title },
    );

    await Promise.all([page.waitForURL(/\?point=\d+$/), page.locator('[data-test="search-bar-entry"]').click()]);

    await page.locator('[data-test="pdf-page-image"]').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-test="pdf-page-label"]').textContent()).toContain('Page 2 of 3');
    await page.locator('[data-test="chunk-context-match"]').waitFor();
    expect(await page.locator('[data-test="chunk-context-match"]').textContent()).toContain('restoration budget');
    await page.screenshot({ path: `${ARTIFACTS}search-provider-pdf.png` });
  });

  it('is refused as core refuses it: no term 400, no OCS-APIRequest header 412', async () => {
    const [noTerm, noHeader] = [await askSearchBar('term=%20&limit=5'), await askSearchBar('term=lighthouse', {})];

    expect([noTerm.status, noTerm.body.ocs?.data, noHeader.status, noHeader.body]).toEqual([
      400,
      'No valid filters provided',
      412,
      { message: 'CSRF check failed' },
    ]);
  });
});
