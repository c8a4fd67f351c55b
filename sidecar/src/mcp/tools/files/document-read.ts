// nc_files_read_text for documents that are not text (PDF, Office, OpenDocument, RTF, EPUB, e-mail): the file is
// downloaded whole (at most MAX_DOCUMENT_BYTES), its text read in a worker, and a window of that text answered; a
// PDF by page range when asked. A document that cannot be read answers why, in the refusal's words.
import { InvalidInputError, UpstreamError } from '../../../errors.js';
import type { DocumentFormat } from '../../../knowledge/extract/document-formats.js';
import { ExtractionRefusedError } from '../../../knowledge/extract/extraction-refusal.js';
import { DocumentParseError } from '../../../knowledge/sync/sync-source.js';
import type { DavAccount } from '../../../platform/dav/dav-account.js';
import type { FilePath } from '../../../platform/files/dav-paths.js';
import { streamFile } from '../../../platform/files/file-download.js';
import { decodeWindow } from '../../../platform/files/text-files.js';
import type { DocumentReaders } from '../../../knowledge/extract/document-readers.js';

export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
/** Pages of a PDF one call reads at most. */
export const MAX_PDF_PAGES_PER_READ = 50;
const DOWNLOAD_TIMEOUT_MS = 120_000;

export interface DocumentTextWindow {
  etag: string;
  /** The file's size in bytes. */
  size: number;
  content: string;
  /** Where the next window of the extracted text starts (bytes of its UTF-8), or null at its end. */
  nextOffset: number | null;
  /** PDFs: the pages this text came from, and whether the PDF has pages after `last`. */
  pages?: { first: number; last: number; more: boolean };
}

export interface PageRange {
  first: number;
  last: number;
}

/** "3" or "3-5" as a range of at most MAX_PDF_PAGES_PER_READ pages; InvalidInputError otherwise. */
export function parsePageRange(text: string): PageRange {
  const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(text.trim());
  const first = Number(match?.[1]);
  const last = match?.[2] === undefined ? first : Number(match[2]);
  if (!match || first < 1 || last < first) {
    throw new InvalidInputError('pages must be a page number or a range such as "3-5" (pages count from 1).');
  }
  if (last - first + 1 > MAX_PDF_PAGES_PER_READ) {
    throw new InvalidInputError(`pages may span at most ${MAX_PDF_PAGES_PER_READ} pages in one read.`);
  }
  return { first, last };
}

export async function readDocumentWindow(
  account: DavAccount,
  path: FilePath,
  format: DocumentFormat,
  readers: DocumentReaders,
  window: { offset: number; maxBytes: number; pages?: PageRange },
): Promise<DocumentTextWindow> {
  const file = await downloadWithin(account, path);
  let text: string;
  let pages: DocumentTextWindow['pages'];
  try {
    if (format === 'pdf') {
      const range = window.pages ?? { first: 1, last: MAX_PDF_PAGES_PER_READ };
      const read = await readers.readPdfText(file.bytes, { maxPages: range.last, maxTextChars: 5_000_000 });
      const selected = read.pages.slice(range.first - 1, range.last);
      if (selected.length === 0) throw new InvalidInputError(`The PDF has only ${read.pages.length} pages.`);
      const more = read.truncation?.reason === 'pages' && read.truncation.page > range.last;
      pages = { first: range.first, last: range.first + selected.length - 1, more };
      text = selected.map((page, index) => `[page ${range.first + index}]\n${page}`).join('\n\n');
    } else {
      if (window.pages) throw new InvalidInputError('pages applies to PDFs only.');
      text = (await readers.readDocumentText(file.bytes, format)).text;
    }
  } catch (error) {
    if (error instanceof ExtractionRefusedError) {
      throw new InvalidInputError(`The text of this file cannot be read: ${error.reason}.`);
    }
    // The PDF reader's messages are written to be shown ("The PDF is encrypted.").
    if (error instanceof DocumentParseError) throw new InvalidInputError(error.message);
    throw error;
  }
  const bytes = Buffer.from(text, 'utf8');
  const slice = bytes.subarray(window.offset, window.offset + window.maxBytes);
  const decoded = decodeWindow(slice, window.offset, window.offset + slice.length >= bytes.length) ?? {
    text: '',
    consumedBytes: slice.length,
  };
  const end = window.offset + decoded.consumedBytes;
  return {
    etag: file.etag ?? '',
    size: file.size,
    content: decoded.text,
    nextOffset: end < bytes.length ? end : null,
    ...(pages ? { pages } : {}),
  };
}

/** The file's bytes; InvalidInputError when it is larger than MAX_DOCUMENT_BYTES (checked while downloading). */
async function downloadWithin(
  account: DavAccount,
  path: FilePath,
): Promise<{ bytes: Buffer; etag: string | null; size: number }> {
  return streamFile(account, path, { timeoutMs: DOWNLOAD_TIMEOUT_MS }, async (file) => {
    const tooLarge = () =>
      new InvalidInputError(`The file is larger than ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB; its text is not read.`);
    if ((file.announcedBytes ?? 0) > MAX_DOCUMENT_BYTES) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of file.body) {
      size += chunk.length;
      if (size > MAX_DOCUMENT_BYTES) throw tooLarge();
      chunks.push(chunk);
    }
    if (file.etag === null) throw new UpstreamError('Nextcloud answered a read of a file without its etag.');
    return { bytes: Buffer.concat(chunks), etag: file.etag, size };
  });
}
