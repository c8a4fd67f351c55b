// Runs axe-core in a page (its source injected) and returns the serious and critical violations, as short lines.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** "id (impact): help — targets" for each serious or critical violation of WCAG 2.x A/AA in the page. */
export async function findSeriousViolations(page: Page): Promise<string[]> {
  // Injected once per page: a second copy re-initialises axe against a stale document (document-title and
  // html-has-lang then fail although the page has both).
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    // Runs in the page, where axe-core's script defined `axe`.
    const { axe, document } = globalThis as unknown as {
      axe: { run: (context: unknown, options: object) => Promise<{ violations: unknown[] }> };
      document: unknown;
    };
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
    return (await axe.run(document, { runOnly: { type: 'tag', values: tags } })).violations;
  });
  return (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
