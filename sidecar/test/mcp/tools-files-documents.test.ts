// nc_files_read_text for documents that are not text, against the platform double: the extracted text of Office,
// OpenDocument, EPUB and e-mail files with the format named, PDFs by page range, and clear errors for a document
// that cannot be read and for page ranges that do not fit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { buildDocx, buildEml, buildOdf, buildXlsx } from '../support/document-fixtures.js';
import { buildPdf } from '../support/pdf-fixtures.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';

const USER_ID = 'uid-7';
let files: FilesDouble;
let harness: ToolHarness;

interface Read {
  etag: string;
  size: number;
  content: string | null;
  next_offset: number | null;
  format: string;
  pages?: { first: number; last: number; more: boolean };
}

beforeAll(async () => {
  files = createFilesApp();
  harness = await startToolHarness({
    users: [{ id: USER_ID, loginName: 'carol', appPasswords: [APP_PASSWORD] }],
    apps: [files],
  });
  files.seedFile(USER_ID, 'Docs/report.docx', Buffer.from(buildDocx(['Annual report', 'Revenue grew'])));
  files.seedFile(USER_ID, 'Docs/sheet.xlsx', Buffer.from(buildXlsx('Q1', [['Apples', 3]])));
  files.seedFile(USER_ID, 'Docs/letter.odt', Buffer.from(buildOdf('odt', ['Dear committee'])));
  files.seedFile(USER_ID, 'Docs/mail.eml', Buffer.from(buildEml('Lunch', 'See you at noon', 'menu.pdf')));
  files.seedFile(USER_ID, 'Docs/book.pdf', Buffer.from(buildPdf(['First page', 'Second page', 'Third page'])));
  files.seedFile(USER_ID, 'Docs/broken.docx', 'no zip here');
  files.seedFile(USER_ID, 'Docs/locked.pdf', Buffer.from(buildPdf(['Hidden'], { userPassword: 'secret' })));
});
afterAll(() => harness.close());

const read = (args: Record<string, unknown>) => harness.call('nc_files_read_text', args);

describe('nc_files_read_text on documents', () => {
  it.each([
    ['Docs/report.docx', 'Word document (.docx)', 'Annual report\nRevenue grew'],
    ['Docs/sheet.xlsx', 'Excel workbook (.xlsx)', 'Q1\nApples\t3'],
    ['Docs/letter.odt', 'OpenDocument text (.odt)', 'Dear committee'],
  ])('answers the extracted text of %s and names its format', async (path, format, content) => {
    const result = data<Read>(await read({ path }));

    expect(result).toMatchObject({ format, content, next_offset: null });
    expect(result.etag).toBe(files.findNode(USER_ID, path)?.etag);
  });

  it('answers the headers and body of an e-mail, not its attachment', async () => {
    const result = data<Read>(await read({ path: 'Docs/mail.eml' }));

    expect(result.format).toBe('e-mail message (.eml)');
    expect(result.content).toContain('Subject: Lunch');
    expect(result.content).toContain('See you at noon');
    expect(result.content).not.toContain('never indexed');
  });

  it('answers the pages of a PDF that pages names, each marked', async () => {
    const result = data<Read>(await read({ path: 'Docs/book.pdf', pages: '2-3' }));

    expect(result.format).toBe('PDF');
    expect(result.pages).toEqual({ first: 2, last: 3, more: false });
    expect(result.content).toBe('[page 2]\nSecond page\n\n[page 3]\nThird page');
  });

  it('says when a PDF has pages after the range it answered', async () => {
    const result = data<Read>(await read({ path: 'Docs/book.pdf', pages: '1' }));

    expect([result.content, result.pages]).toEqual(['[page 1]\nFirst page', { first: 1, last: 1, more: true }]);
  });

  it('answers why a PDF cannot be read in the words of the PDF reader', async () => {
    const message = errorText(await read({ path: 'Docs/locked.pdf' }));

    expect(message).toMatch(/The PDF is encrypted/);
  });

  it('windows the extracted text with offset and max_bytes', async () => {
    const first = data<Read>(await read({ path: 'Docs/report.docx', max_bytes: 16 }));
    const rest = data<Read>(await read({ path: 'Docs/report.docx', offset: first.next_offset }));

    expect([first.content, first.next_offset, rest.content]).toEqual(['Annual report\nRe', 16, 'venue grew']);
  });

  it('says why a document cannot be read', async () => {
    const message = errorText(await read({ path: 'Docs/broken.docx' }));

    expect(message).toMatch(/cannot be read: corrupt file/);
  });

  it.each([
    [{ path: 'Docs/book.pdf', pages: '0-2' }, /pages must be a page number or a range/],
    [{ path: 'Docs/book.pdf', pages: '1-51' }, /at most 50 pages/],
    [{ path: 'Docs/book.pdf', pages: '7' }, /only 3 pages/],
    [{ path: 'Docs/report.docx', pages: '1' }, /pages applies to PDFs only/],
  ])('refuses %o with a clear error', async (args, message) => {
    const text = errorText(await read(args));

    expect(text).toMatch(message);
  });
});
