// The PDF text pool reads pages in order in a worker thread, refuses corrupt and encrypted PDFs with
// DocumentParseError, honours its bounds (and says where text was left out) and leaves the event loop free while it
// works. Hostile PDFs: pdf-text-bounds.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { createPdfTextPool } from '../../../src/knowledge/extract/pdf-text.js';
import { DocumentParseError } from '../../../src/knowledge/sync/sync-source.js';
import { longestGap } from '../../support/loop-probe.js';
import { buildPdf, corruptPdf } from '../../support/pdf-fixtures.js';

const LIMITS = { maxPages: 2000, maxTextChars: 5_000_000 };
const pool = createPdfTextPool();
afterAll(() => pool.close());

describe('extractPdfPages', () => {
  it('answers one string per page in order, an image-only page as empty text', async () => {
    const pdf = buildPdf(['Alpha page one', 'Beta (second) page\nwith two lines', { image: true }, 'Gamma last']);

    const pages = await pool.extractPdfPages(pdf, LIMITS);

    expect(pages).toEqual(['Alpha page one', 'Beta (second) page\nwith two lines', '', 'Gamma last']);
  });

  it('refuses a corrupt PDF with DocumentParseError', async () => {
    const outcome = pool.extractPdfPages(corruptPdf(), LIMITS);

    await expect(outcome).rejects.toThrow(new DocumentParseError('The PDF could not be read.'));
  });

  it('refuses an encrypted PDF with DocumentParseError', async () => {
    const outcome = pool.extractPdfPages(buildPdf(['secret'], { userPassword: 'pw' }), LIMITS);

    await expect(outcome).rejects.toThrow(new DocumentParseError('The PDF is encrypted.'));
  });

  it('reads at most maxPages pages and maxTextChars characters', async () => {
    const pdf = buildPdf(['one one one', 'two two two', 'three three', 'four four']);

    const [byPages, byChars] = await Promise.all([
      pool.extractPdfPages(pdf, { maxPages: 2, maxTextChars: 1000 }),
      pool.extractPdfPages(pdf, { maxPages: 10, maxTextChars: 15 }),
    ]);

    expect([byPages, byChars]).toEqual([
      ['one one one', 'two two two'],
      ['one one one', 'two '],
    ]);
  });

  it('says where and why text was left out: past maxPages, past maxTextChars, or none', async () => {
    const pdf = buildPdf(['one one one', 'two two two', 'three three', 'four four']);

    const texts = await Promise.all([
      pool.readPdfText(pdf, { maxPages: 2, maxTextChars: 1000 }),
      pool.readPdfText(pdf, { maxPages: 10, maxTextChars: 15 }),
      pool.readPdfText(pdf, { maxPages: 4, maxTextChars: 42 }),
    ]);

    expect(texts).toEqual([
      { pages: ['one one one', 'two two two'], truncation: { reason: 'pages', page: 3 } },
      { pages: ['one one one', 'two '], truncation: { reason: 'characters', page: 2 } },
      { pages: ['one one one', 'two two two', 'three three', 'four four'] },
    ]);
  });

  it('reads a Node Buffer from the shared pool and leaves the caller’s bytes usable', async () => {
    const pdf = Buffer.from(buildPdf(['kept']));
    const pooled = Buffer.concat([Buffer.from('xx'), pdf]).subarray(2);

    const pages = await pool.extractPdfPages(pooled, LIMITS);

    expect([pages, pooled.equals(pdf)]).toEqual([['kept'], true]);
  });

  it('keeps a timer firing every 10 ms while a 200-page PDF is read', async () => {
    const pdf = buildPdf(Array.from({ length: 200 }, (_, page) => `Page ${page + 1}\n${'lorem ipsum '.repeat(40)}`));
    let pages: string[] = [];

    const gap = await longestGap(async () => (pages = await pool.extractPdfPages(pdf, LIMITS)), 10);

    expect([pages.length, pages[0]?.startsWith('Page 1\n'), pages[199]?.startsWith('Page 200\n')]).toEqual([
      200,
      true,
      true,
    ]);
    expect(gap.wall).toBeLessThan(50);
  });

  it('gives up with DocumentParseError on a worker that does not answer within the time box and its grace', async () => {
    const slow = createPdfTextPool({ documentTimeoutMs: 1, graceMs: 1 });

    const outcome = slow.extractPdfPages(buildPdf(Array.from({ length: 50 }, () => 'x')), LIMITS);

    await expect(outcome).rejects.toThrow(new DocumentParseError('The PDF took too long to read.'));
    await slow.close();
  });

  it('refuses work once closed, and fails what was still waiting', async () => {
    const closing = createPdfTextPool();
    const waiting = Promise.allSettled([
      closing.extractPdfPages(buildPdf(['a']), LIMITS),
      closing.extractPdfPages(buildPdf(['b']), LIMITS),
    ]);

    await closing.close();

    expect((await waiting).map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    await expect(closing.extractPdfPages(buildPdf(['c']), LIMITS)).rejects.toThrow('The PDF reader is closed.');
  });
});
