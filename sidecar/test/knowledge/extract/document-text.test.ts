// The document reader of the knowledge index: the text of each format from files the test makes, and each way a
// document is refused (corrupt, encrypted, a zip bomb, too many entries, a parse past its time) with its reason.
import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentTextPool } from '../../../src/knowledge/extract/document-text.js';
import { ExtractionRefusedError } from '../../../src/knowledge/extract/extraction-refusal.js';
import {
  buildDocx,
  buildEml,
  buildEpub,
  buildHtml,
  buildOdf,
  buildPptx,
  buildRtf,
  buildXlsx,
} from '../../support/document-fixtures.js';
import { buildZip } from '../../support/zip-fixtures.js';

const pool = createDocumentTextPool();
const hurried = createDocumentTextPool({ limits: { timeoutMs: 0 } });
afterAll(async () => {
  await pool.close();
  await hurried.close();
});

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ExtractionRefusedError);
  return (error as ExtractionRefusedError).reason;
}

describe('reading the text of documents', () => {
  it('reads a Word document paragraph by paragraph, runs joined', async () => {
    const { text, cut } = await pool.readDocumentText(
      buildDocx(['Quarterly budget review', 'Zebra crossings']),
      'docx',
    );

    expect(text).toBe('Quarterly budget review\nZebra crossings');
    expect(cut).toBe(false);
  });

  it('reads an Excel workbook: the sheet name, shared strings and values by row', async () => {
    const { text } = await pool.readDocumentText(
      buildXlsx('Inventory', [
        ['Widgets', 42],
        ['Gizmos', 7],
      ]),
      'xlsx',
    );

    expect(text).toBe('Inventory\nWidgets\t42\nGizmos\t7');
  });

  it('reads a PowerPoint presentation slide by slide in slide order', async () => {
    const slides = Array.from({ length: 11 }, (_, index) => `Slide number ${index + 1}`);

    const { text } = await pool.readDocumentText(buildPptx(slides), 'pptx');

    expect(text.split('\n')).toEqual(slides);
  });

  it.each(['odt', 'ods', 'odp'] as const)('reads an OpenDocument %s zipped by hand', async (kind) => {
    const { text } = await pool.readDocumentText(buildOdf(kind, ['Harbour lighthouse', 'Keeper logbook']), kind);

    expect(text.split(/\s*\n\s*/)).toEqual(['Harbour lighthouse', 'Keeper logbook']);
  });

  it('reads an EPUB chapter by chapter in spine order, styles left out', async () => {
    const { text } = await pool.readDocumentText(buildEpub(['Once upon a time', 'Happily ever after']), 'epub');

    expect(text).toBe('Chapter 0\nChapter 0\nOnce upon a time\nChapter 1\nChapter 1\nHappily ever after');
  });

  it('reads a multipart e-mail: headers, the plain body and the attachment names, not their content', async () => {
    const { text } = await pool.readDocumentText(
      buildEml('Offsite agenda', 'Grüße from the fjord', 'minutes.pdf'),
      'eml',
    );

    expect(text).toContain('Subject: Offsite agenda');
    expect(text).toContain('From: Alice Example <alice@example.org>');
    expect(text).toContain('To: Bob Example <bob@example.org>');
    expect(text).toContain('Grüße from the fjord');
    expect(text).toContain('Attachments: minutes.pdf');
    expect(text).not.toContain('never indexed');
  });

  it('reads RTF: tables and generator left out, escaped bytes and Unicode characters decoded', async () => {
    const { text } = await pool.readDocumentText(buildRtf(['Meeting notes', 'Second line']), 'rtf');

    expect(text).toBe('Meeting notes\nSecond line\nCafé naïve');
  });

  it('reads HTML without its scripts and styles', async () => {
    const { text } = await pool.readDocumentText(buildHtml('Team page', 'Welcome aboard', 'secretword'), 'html');

    expect(text).toBe('Team page\nWelcome aboard');
  });

  it('keeps at most the character cap and says the text was cut', async () => {
    const small = createDocumentTextPool({ limits: { maxTextChars: 10 } });

    const result = await small.readDocumentText(buildDocx(['A paragraph much longer than ten']), 'docx');
    await small.close();

    expect(result).toEqual({ text: 'A paragrap', cut: true });
  });
});

describe('refusing documents', () => {
  it('refuses bytes that are no zip as a corrupt file', async () => {
    const reason = await refusal(pool.readDocumentText(new TextEncoder().encode('not a zip at all'), 'docx'));

    expect(reason).toBe('corrupt file');
  });

  it('refuses a zip cut short as a corrupt file', async () => {
    const whole = buildDocx(['Cut short']);

    const reason = await refusal(pool.readDocumentText(whole.subarray(0, whole.length - 30), 'docx'));

    expect(reason).toBe('corrupt file');
  });

  it('refuses an encrypted Office document (a compound file) as encrypted', async () => {
    const cfb = new Uint8Array(4096);
    cfb.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

    const reason = await refusal(pool.readDocumentText(cfb, 'xlsx'));

    expect(reason).toBe('encrypted');
  });

  it('refuses an OpenDocument file whose manifest lists encryption data as encrypted', async () => {
    const reason = await refusal(pool.readDocumentText(buildOdf('odt', ['Secret plans'], { encrypted: true }), 'odt'));

    expect(reason).toBe('encrypted');
  });

  it('refuses a zip entry flagged as encrypted as encrypted', async () => {
    const zip = buildZip([{ name: 'word/document.xml', content: '<w:document/>', encryptedFlag: true }]);

    const reason = await refusal(pool.readDocumentText(zip, 'docx'));

    expect(reason).toBe('encrypted');
  });

  it('refuses an entry that expands a thousandfold as a zip bomb', async () => {
    const zip = buildZip([{ name: 'content.xml', content: new Uint8Array(32 * 1024 * 1024) }]);

    const reason = await refusal(pool.readDocumentText(zip, 'odt'));

    expect(reason).toBe('zip bomb');
  });

  it('refuses an entry that expands past the size its directory declares as a zip bomb', async () => {
    const zip = buildZip([{ name: 'content.xml', content: new Uint8Array(4 * 1024 * 1024), declaredSize: 1000 }]);

    const reason = await refusal(pool.readDocumentText(zip, 'odt'));

    expect(reason).toBe('zip bomb');
  });

  it('refuses a zip of more than 10,000 entries before reading any', async () => {
    const entries = Array.from({ length: 10_001 }, (_, index) => ({ name: `f${index}`, content: 'x', stored: true }));

    const reason = await refusal(pool.readDocumentText(buildZip(entries), 'epub'));

    expect(reason).toBe('too many entries');
  });

  it('refuses a document whose reading outlasts its time', async () => {
    const reason = await refusal(hurried.readDocumentText(buildHtml('Slow', 'page', 'x'), 'html'));

    expect(reason).toBe('took too long to read');
  });

  it('refuses a document that needs more than the heap of its worker', async () => {
    const small = createDocumentTextPool({ heapMb: 24, limits: { maxTextChars: 500_000_000 } });

    const reason = await refusal(small.readDocumentText(buildHtml('Huge', 'word '.repeat(8_000_000), 'x'), 'html'));
    await small.close();

    expect(reason).toBe('needs too much memory');
  });

  it('reads the next document normally after a refusal', async () => {
    await refusal(pool.readDocumentText(new Uint8Array(10), 'pptx'));

    const { text } = await pool.readDocumentText(buildDocx(['Still working']), 'docx');

    expect(text).toBe('Still working');
  });
});
