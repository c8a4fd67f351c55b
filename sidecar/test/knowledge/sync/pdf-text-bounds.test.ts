// The PDF text pool against hostile PDFs: a text bomb is read up to the character cap and no further, a PDF that
// outgrows a worker's memory fails with a reason, a slow page is cut at its time box while another worker reads on,
// and the process's memory stays bounded throughout.
import { afterEach, describe, expect, it } from 'vitest';
import { createPdfTextPool } from '../../../src/knowledge/extract/pdf-text.js';
import { DocumentParseError } from '../../../src/knowledge/sync/sync-source.js';
import { buildPdf, buildSlowDrawingPdf, buildTextBombPdf } from '../../support/pdf-fixtures.js';
import { peakRssMb } from '../../support/rss-probe.js';

const LIMITS = { maxPages: 2000, maxTextChars: 5_000_000 };
const pools = new Set<{ close(): Promise<void> }>();
// Each test's workers go with it, so that the next test measures its own memory.
afterEach(() => Promise.all([...pools].map((pool) => pool.close())).then(() => pools.clear()));

function pool(options: Parameters<typeof createPdfTextPool>[0] = {}) {
  const created = createPdfTextPool(options);
  pools.add(created);
  return created;
}

describe('a text bomb', () => {
  it('is read up to the 5,000,000-character cap, the process staying under 600 MB', { timeout: 120_000 }, async () => {
    const bomb = buildTextBombPdf(300_000);
    const reader = pool();
    const started = performance.now();

    const { outcome, peakMb } = await peakRssMb(() => reader.extractPdfPages(bomb, LIMITS));

    expect(outcome.status === 'fulfilled' && outcome.value.map((page) => page.length)).toEqual([5_000_000]);
    expect(peakMb).toBeLessThan(600);
    expect(performance.now() - started).toBeLessThan(60_000);
  });

  it(
    'in one text object fails with DocumentParseError once it outgrows the worker’s memory',
    { timeout: 120_000 },
    async () => {
      const bomb = buildTextBombPdf(300_000, { oneTextObject: true });
      const reader = pool();

      const { outcome, peakMb } = await peakRssMb(() => reader.extractPdfPages(bomb, LIMITS));

      expect(outcome.status === 'rejected' && outcome.reason).toEqual(
        new DocumentParseError(
          'The PDF needs more memory to read than a PDF reader may use (KNOWLEDGE_PDF_WORKER_MEMORY_MB).',
        ),
      );
      expect(peakMb).toBeLessThan(600);
    },
  );
});

describe('time boxes', () => {
  it(
    'cut a slow page after pageTimeoutMs and read on, while the second worker reads another PDF',
    { timeout: 60_000 },
    async () => {
      const reader = pool({ workers: 2, pageTimeoutMs: 1000, documentTimeoutMs: 10_000 });
      // Both workers started, so that neither PDF waits for a worker to load.
      await Promise.all([reader.readPdfText(buildPdf(['a']), LIMITS), reader.readPdfText(buildPdf(['b']), LIMITS)]);
      const finished: string[] = [];
      const started = performance.now();

      const [slow, normal] = await Promise.all([
        reader.readPdfText(buildSlowDrawingPdf(20_000_000), LIMITS).finally(() => finished.push('slow')),
        reader.readPdfText(buildPdf(['Normal']), LIMITS).finally(() => finished.push('normal')),
      ]);

      expect([finished, normal, slow]).toEqual([
        ['normal', 'slow'],
        { pages: ['Normal'] },
        { pages: ['Slow page', 'Second page'], truncation: { reason: 'page-time', page: 1 } },
      ]);
      expect(performance.now() - started).toBeLessThan(10_000);
    },
  );

  it('cut a slow PDF after documentTimeoutMs, leaving its later pages out', { timeout: 60_000 }, async () => {
    const reader = pool({ pageTimeoutMs: 1000, documentTimeoutMs: 1000 });

    const text = await reader.readPdfText(buildSlowDrawingPdf(20_000_000), LIMITS);

    expect(text).toEqual({ pages: ['Slow page'], truncation: { reason: 'document-time', page: 1 } });
  });
});
