// The render pool draws one page in a worker thread: the event loop stays free while a heavy page renders, a page
// too large for the pixel bound comes out smaller, and failures are clear 400s.
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/errors.js';
import { createPdfRenderPool, type PdfRenderResult } from '../../src/preview/pdf-render-pool.js';
import { longestGap } from '../support/loop-probe.js';
import { buildPdf, corruptPdf } from '../support/pdf-fixtures.js';
import { makeTempDir } from '../support/temp-dir.js';

const pool = createPdfRenderPool();
const temp = makeTempDir('render-pool-');
let files = 0;
afterAll(async () => {
  await pool.close();
  temp.remove();
});

/** The PDF written to a file of its own, as the route hands downloads to the renderer. */
function own(bytes: Uint8Array): string {
  const path = temp.file(`${++files}.pdf`);
  writeFileSync(path, bytes);
  return path;
}

describe('createPdfRenderPool', () => {
  it('keeps a 10 ms timer on time (gaps of at most 50 ms) while a heavy page renders at scale 5', async () => {
    const pdf = own(buildPdf([{ shapes: 4_000 }]));
    await pool.renderPage(own(buildPdf(['warm'])), 1, 1);
    let page!: PdfRenderResult;
    const started = performance.now();

    const gap = await longestGap(async () => (page = await pool.renderPage(pdf, 1, 5)), 10);

    const renderMs = performance.now() - started;
    expect([page.width, page.height, page.totalPages]).toEqual([2975, 4210, 1]);
    expect(renderMs).toBeGreaterThan(100);
    expect(gap.wall).toBeLessThanOrEqual(50);
  });

  it('renders a page larger than the pixel bound at the scale that fits it', async () => {
    const small = createPdfRenderPool({ maxPixels: 100_000 });

    const page = await small.renderPage(own(buildPdf(['tiny'])), 1, 5);

    await small.close();
    expect(page.width * page.height).toBeLessThanOrEqual(100_000);
    expect(page.width / page.height).toBeCloseTo(595 / 842, 2);
  });

  it('refuses a corrupt PDF and a page beyond the document with InvalidInputError', async () => {
    const outcomes = await Promise.allSettled([
      pool.renderPage(own(corruptPdf()), 1, 1),
      pool.renderPage(own(buildPdf(['a', 'b'])), 3, 1),
    ]);

    expect(outcomes.map((outcome) => outcome.status === 'rejected' && outcome.reason)).toEqual([
      new InvalidInputError('The file is not a readable PDF.'),
      new InvalidInputError('Page 3 does not exist: the PDF has 2 page(s).'),
    ]);
  });

  it('refuses a file that is gone as unreadable', async () => {
    const outcome = pool.renderPage(temp.file('missing.pdf'), 1, 1);

    await expect(outcome).rejects.toEqual(new InvalidInputError('The file is not a readable PDF.'));
  });

  it('renders page 150 of a 200-page document', async () => {
    const pdf = own(buildPdf(Array.from({ length: 200 }, (_, index) => `Page ${index + 1}`)));

    const page = await pool.renderPage(pdf, 150, 1);

    expect([page.totalPages, page.width, page.height, page.png.subarray(1, 4).toString()]).toEqual([
      200,
      595,
      842,
      '80,78,71',
    ]);
  });
});
