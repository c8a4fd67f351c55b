// The search page with "Also ask Nextcloud" on, in Chromium against the real sidecar and the double with unified
// search: Nextcloud's hits appear in a group of their own by provider (a file the index has not reached yet among
// them), the hit the index already lists is counted instead of repeated, a slow provider is named, the group keeps
// the page's look (contrast in the dark theme) and speaks German.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUnifiedSearchDouble, type SearchDoubleProvider } from '../platform/apps/unified-search.js';
import { findSeriousViolations } from './support/axe.js';
import { measureTextContrast } from './support/contrast.js';
import { useNextcloudLook, type NextcloudLook } from './support/nextcloud-look.js';
import type { PhpHarness } from './support/php-harness.js';
import { ARTIFACTS, startSearchJourney, type SearchJourney } from './support/search-set-up.js';
import { waitUntilIndexed } from './support/search-journey.js';

const providers: SearchDoubleProvider[] = [];
let journey: SearchJourney;
let harness: PhpHarness;
let page: Page;

beforeAll(async () => {
  const unified = createUnifiedSearchDouble({ providers });
  journey = await startSearchJourney(
    (_files, notes) => {
      const note = notes.seedNote('carol', { title: 'Soup shopping', content: 'Leeks, potatoes and stock for soup.' });
      providers.push(...nextcloudProviders(note.id));
    },
    { apps: [unified], sidecarEnv: { KNOWLEDGE_NEXTCLOUD_SEARCH_TIMEOUT_MS: '1500' } },
  );
  unified.setDelay('calendar', 10_000);
  ({ harness, page } = journey);
}, 90_000);

afterAll(() => journey?.stop());

/** What Nextcloud's own search finds for "soup": a file not indexed, a card, the indexed note again, a slow calendar. */
function nextcloudProviders(indexedNoteId: number): SearchDoubleProvider[] {
  return [
    {
      id: 'files',
      name: 'Files',
      order: 5,
      paginated: true,
      entries: [
        {
          title: 'Soup kitchen rota.xlsx',
          subline: 'in Volunteers',
          resourceUrl: '/index.php/f/9001',
          attributes: { fileId: '9001', path: '/Volunteers/Soup kitchen rota.xlsx' },
        },
      ],
    },
    {
      id: 'notes',
      name: 'Notes',
      order: 10,
      entries: [{ title: 'Soup shopping', resourceUrl: `/index.php/apps/notes/note/${indexedNoteId}` }],
    },
    {
      id: 'search-deck-card-board',
      appId: 'deck',
      name: 'Cards',
      order: 20,
      entries: [{ title: 'Soup tasting on Friday', subline: 'Kitchen board' }],
    },
    { id: 'calendar', appId: 'dav', name: 'Events', order: 30, entries: [{ title: 'Soup evening' }] },
    { id: 'mcp_companion_knowledge', name: 'Knowledge search', order: 40, entries: [{ title: 'soup' }] },
  ];
}

const queryBox = () => page.locator('input[data-test="search-query"]');
const alsoNextcloud = () => page.locator('input[data-test="search-also-nextcloud"]');
const hits = () => page.locator('[data-test="search-nextcloud-hit"]');

async function openWith(look: NextcloudLook): Promise<void> {
  await useNextcloudLook(page, harness.url, look);
  await page.goto(`${harness.url}/index.php/apps/mcp_companion/`);
  await page.locator('[data-test="search-page"]').waitFor();
}

async function searchForSoup(): Promise<void> {
  await queryBox().fill('soup');
  await queryBox().press('Enter');
  await hits().first().waitFor({ timeout: 15_000 });
}

describe('the search page with "Also ask Nextcloud"', () => {
  it('signs in', async () => {
    await openWith({});

    await Promise.all([
      page.waitForURL(/\/apps\/mcp_companion\/(\?.*)?$/, { timeout: 20_000 }),
      page.locator('[data-test="search-sign-in"] a').click(),
    ]);

    await queryBox().waitFor();
    await waitUntilIndexed(page, 6);
  });

  it('lists Nextcloud’s hits by provider beside the index’s results, the note the index has counted once', async () => {
    await alsoNextcloud().check({ force: true });

    await searchForSoup();

    const groups = await page.locator('[data-test="search-nextcloud-group"] h4').allTextContents();
    expect(groups.map((name) => name.trim())).toEqual(['Files', 'Cards']);
    expect((await hits().allInnerTexts()).map((text) => text.trim().replace(/\s+/g, ' '))).toEqual([
      'Soup kitchen rota.xlsx in Volunteers',
      'Soup tasting on Friday Kitchen board',
    ]);
    expect(await hits().first().locator('a').getAttribute('href')).toMatch(/\/index\.php\/f\/9001$/);
    expect(await page.locator('[data-test="search-result-title"]').allTextContents()).toContain('Soup shopping');
    expect(await page.locator('[data-test="search-nextcloud-merged"]').textContent()).toContain('1');
    expect(await page.locator('[data-test="search-nextcloud-unanswered"]').textContent()).toContain('calendar');
    await page.locator('[data-test="search-nextcloud"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}search-nextcloud.png`, fullPage: true });
  });

  it('has no serious or critical accessibility violations with Nextcloud’s group', async () => {
    const violations = await findSeriousViolations(page);

    expect(violations).toEqual([]);
  });

  it('remembers the switch and keeps the text readable in the dark theme', async () => {
    await openWith({ theme: 'dark' });
    await searchForSoup();

    const report = await measureTextContrast(page, 4.5, '[data-test="search-nextcloud"]');

    expect(await alsoNextcloud().isChecked()).toBe(true);
    expect(report.failures).toEqual([]);
    await page.locator('[data-test="search-nextcloud"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}search-nextcloud-dark.png`, fullPage: true });
  });

  it('speaks German in Nextcloud’s group', async () => {
    await openWith({ language: 'de' });

    await searchForSoup();

    expect(await page.locator('#nextcloud-hits-title').textContent()).toBe('Von Nextcloud gefunden');
    await page.screenshot({ path: `${ARTIFACTS}search-nextcloud-de.png`, fullPage: true });
  });
});
