// OCR with Debian's Tesseract on scans the test draws: the words of a PNG, JPEG and TIFF page and of an image-only PDF
// page are found; a page past its time box, or a document past its own, is killed with its process group; a page
// that needs more memory than Tesseract may use, an image with too many pixels, an unreadable one, and a missing
// Tesseract or language are said, never silent. Needs tesseract-ocr (+ eng, deu).
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOcrReader, type OcrReader } from '../../../src/knowledge/extract/ocr/ocr-reader.js';
import { DocumentSkippedError } from '../../../src/knowledge/sync/sync-source.js';
import type { OcrSettings } from '../../../src/settings/ocr-settings.js';
import { blankPng, imageOnlyPdf, requireTesseract, scanOfText } from '../../support/scan-fixtures.js';

const SETTINGS: OcrSettings = {
  enabled: true,
  languages: ['eng'],
  pageTimeoutMs: 60_000,
  documentTimeoutMs: 600_000,
  memoryMb: 1024,
  maxPages: 50,
  maxPixels: 40_000_000,
  workers: 1,
};
const LINES = ['Quarterly invoice for the harbour warehouse', 'forty crates of copper wire delivered Tuesday'];
const readers: OcrReader[] = [];
const readerWith = async (changes: Partial<OcrSettings> = {}, command?: string) => {
  const reader = await createOcrReader({ settings: { ...SETTINGS, ...changes }, command });
  readers.push(reader);
  return reader;
};

beforeAll(() => requireTesseract(['eng', 'deu']));
afterAll(async () => {
  await Promise.all(readers.map((reader) => reader.close()));
});

describe('OCR reader', () => {
  it('finds the words of a scanned page in a PNG, a JPEG and a TIFF', async () => {
    const reader = await readerWith();

    const texts = await Promise.all(
      (['png', 'jpeg', 'tiff'] as const).map(async (format) => {
        const mimeType = format === 'png' ? 'image/png' : `image/${format}`;
        return (await reader.readImage('alice', scanOfText(LINES, format), mimeType)).pages.join('\n');
      }),
    );

    for (const text of texts) expect(text).toMatch(/harbour warehouse[\s\S]*copper wire/);
  });

  it('reads the image-only pages of a PDF and keeps the pages that had text', async () => {
    const reader = await readerWith();
    const pdf = imageOnlyPdf(scanOfText(LINES));

    const read = await reader.readScannedPages('alice', pdf, ['', 'typed text']);

    expect([read.note, read.pages[1]]).toEqual([undefined, 'typed text']);
    expect(read.pages[0]).toMatch(/Quarterly invoice[\s\S]*forty crates/);
  });

  it('kills Tesseract past the page time box and skips the image with its reason', async () => {
    const reader = await readerWith({ pageTimeoutMs: 1 });

    const outcome = reader.readImage('alice', scanOfText(LINES), 'image/png');

    await expect(outcome).rejects.toThrow(new DocumentSkippedError('image: took too long for OCR'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tesseractChildren()).toEqual([]);
  });

  it('notes a scanned PDF page past the time box and indexes the rest', async () => {
    const reader = await readerWith({ pageTimeoutMs: 1 });
    const pdf = imageOnlyPdf(scanOfText(LINES));

    const read = await reader.readScannedPages('alice', pdf, ['']);

    expect(read).toEqual({ pages: [''], note: 'PDF: a scanned page took too long for OCR' });
  });

  it("stops reading a PDF's scanned pages at the document time box, notes it, and leaves no Tesseract running", async () => {
    const reader = await readerWith({ documentTimeoutMs: 1 });
    const pdf = imageOnlyPdf(scanOfText(LINES));

    const read = await reader.readScannedPages('alice', pdf, ['', '', 'typed text']);

    expect(read).toEqual({ pages: ['', '', 'typed text'], note: 'PDF: scanned pages beyond the OCR time limit' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tesseractChildren()).toEqual([]);
  });

  it('skips an image, and notes a PDF page, that needs more memory than Tesseract may use', async () => {
    const reader = await readerWith({ memoryMb: 64 });

    const image = reader.readImage('alice', scanOfText(LINES), 'image/png');
    await expect(image).rejects.toThrow(new DocumentSkippedError('image: needs too much memory for OCR'));
    const pdf = await reader.readScannedPages('alice', imageOnlyPdf(scanOfText(LINES)), ['', 'typed text']);

    expect(pdf).toEqual({ pages: ['', 'typed text'], note: 'PDF: a scanned page needs too much memory for OCR' });
  });

  it('refuses an image with more pixels than allowed', async () => {
    const reader = await readerWith({ maxPixels: 1_000_000 });

    const outcome = reader.readImage('alice', blankPng(1001, 1000), 'image/png');

    await expect(outcome).rejects.toThrow(new DocumentSkippedError('image: has too many pixels for OCR'));
  });

  it('skips an image it cannot read', async () => {
    const reader = await readerWith();

    const outcome = reader.readImage('alice', new TextEncoder().encode('/etc/passwd\n'), 'image/png');

    await expect(outcome).rejects.toThrow(new DocumentSkippedError('image: could not be read'));
  });

  it('reads only the first KNOWLEDGE_OCR_MAX_PAGES scanned pages of a PDF and says so', async () => {
    const reader = await readerWith({ maxPages: 1 });
    const pdf = imageOnlyPdf(scanOfText(['one page']));

    const read = await reader.readScannedPages('alice', pdf, ['', '']);

    expect(read.note).toBe('PDF: scanned pages beyond the OCR page limit');
    expect(read.pages[1]).toBe('');
  });
});

describe('OCR readiness', () => {
  it('says in its status that OCR is on, with its languages', async () => {
    const reader = await readerWith({ languages: ['eng', 'deu'] });

    expect([reader.state, reader.status()]).toEqual([
      'ready',
      { enabled: true, languages: ['eng', 'deu'], warning: null },
    ]);
  });

  it('is unavailable with a warning naming the package when a language is not installed', async () => {
    const warnings: string[] = [];

    const reader = await createOcrReader({
      settings: { ...SETTINGS, languages: ['eng', 'xyz'] },
      onWarning: (warning) => warnings.push(warning),
    });

    expect(reader.state).toBe('unavailable');
    expect(reader.status().warning).toContain('tesseract-ocr-xyz');
    expect(warnings).toEqual([reader.status().warning]);
  });

  it('is unavailable with a warning when Tesseract is not installed', async () => {
    const reader = await readerWith({}, '/nonexistent/tesseract');

    expect([reader.state, reader.status().warning]).toEqual([
      'unavailable',
      'OCR is on, but Tesseract is not installed (Debian: apt-get install tesseract-ocr); scans are skipped.',
    ]);
  });

  it('is off without checking anything when KNOWLEDGE_OCR_ENABLED is off', async () => {
    const reader = await readerWith({ enabled: false }, '/nonexistent/tesseract');

    expect([reader.state, reader.status()]).toEqual(['off', { enabled: false, languages: ['eng'], warning: null }]);
  });
});

/** Tesseract processes whose parent is this test's process. */
function tesseractChildren(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const [, name, rest] = /^\d+ \((.*)\) (.*)$/.exec(stat) ?? [];
        return name === 'tesseract' && Number(rest?.split(' ')[1]) === process.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}
