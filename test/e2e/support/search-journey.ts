// Steps of the search page's browser journey: the content to find and waiting for the index.
import type { Page } from 'playwright-core';
import type { FilesDouble } from '../../platform/apps/files.js';
import type { NotesDouble } from '../../platform/apps/notes.js';

const REQUEST_TOKEN = 'harness-request-token';

/** Five documents: three files (one a three-page PDF whose page 2 holds the match) and two notes. */
export function seedSearchContent(
  files: FilesDouble,
  notes: NotesDouble,
  buildPdf: (pages: string[]) => Uint8Array,
): void {
  files.seedFile('carol', 'Recipes/soup.md', 'Tomato soup: roast the tomatoes, then blend them with basil and cream.');
  files.seedFile('carol', 'Garden/plan.txt', 'Plant tomatoes and basil in May; water the roses every evening.');
  const pdf = buildPdf([
    'Harbour society annual report\nMembers, events and thanks.',
    'Lighthouse restoration\nThe restoration budget for the lighthouse is 48000 euros.\nWork starts in spring.',
    'Appendix\nList of volunteers and opening hours.',
  ]);
  files.seedFile('carol', 'Reports/lighthouse.pdf', Buffer.from(pdf));
  notes.seedNote('carol', { title: 'Packing list', content: 'Passport, charger, walking boots and a rain jacket.' });
  notes.seedNote('carol', { title: 'Soup ideas', content: 'Pumpkin soup, tomato soup with basil, lentil soup.' });
}

/** Polls the companion's sync-status route (forwarded to the sidecar) until `documents` are indexed, none queued. */
export async function waitUntilIndexed(page: Page, documents: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    last = await page.evaluate(async (token) => {
      const response = await fetch('/index.php/apps/mcp_companion/api/v1/knowledge/status', {
        headers: { requesttoken: token },
      });
      return `${response.status} ${await response.text()}`;
    }, REQUEST_TOKEN);
    const status = last.startsWith('200 ')
      ? (JSON.parse(last.slice(4)) as { documents: number; queued: number })
      : null;
    if (status !== null && status.documents >= documents && status.queued === 0) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the index did not reach ${documents} documents: ${last.slice(0, 500)}`);
}
