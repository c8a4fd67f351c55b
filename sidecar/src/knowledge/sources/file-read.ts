// Reads one file the scan listed (or a webhook named): GET brings its bytes; what the file is comes from the walk's
// listing when the GET answers the ETag listed there, else from a PROPFIND Depth 0 of the path, which also says
// whether the path still holds that file (Nextcloud sends no OC-FileId on GET, so the id comes from PROPFIND).
import type { DavAccount } from '../../platform/dav/dav-account.js';
import { toFilePath, type FilePath } from '../../platform/files/dav-paths.js';
import { downloadFile, type DownloadedFile } from '../../platform/files/file-download.js';
import { propfindFiles, type FileEntry } from '../../platform/files/propfind.js';
import { appLinks } from '../../platform/app-links.js';
import type { DocumentTextResult } from '../extract/document-text.js';
import { formatOfFile, type DocumentFormat } from '../extract/document-formats.js';
import { ExtractionRefusedError } from '../extract/extraction-refusal.js';
import type { PdfTextResult } from '../extract/pdf-text.js';
import { OCR_IMAGE_TYPES, scannedPagesNote, versionUnderOcr } from '../extract/ocr/ocr-image-types.js';
import type { OcrReader, OcrText } from '../extract/ocr/ocr-reader.js';
import { decodePlainText } from '../extract/plain-text.js';
import {
  DocumentSkippedError,
  type FetchedDocument,
  type SeenDocument,
  type SyncContext,
} from '../sync/sync-source.js';
import { isReadable, mediaTypeOf, skipReason } from './files-walk.js';

export interface FileReadRules {
  maxFileBytes: number;
  readPdf: (bytes: Uint8Array) => Promise<PdfTextResult>;
  /** Reads images and image-only PDF pages; absent: OCR is off. */
  ocr?: OcrReader;
  /** Reads the formats of the extraction worker (Office, OpenDocument, RTF, HTML, EPUB, e-mail). */
  readDocument: (bytes: Uint8Array, format: DocumentFormat) => Promise<DocumentTextResult>;
  /** Milliseconds since the epoch (tests fix it). */
  clock: () => number;
  /** What the scan's PROPFIND listing said about this file, when it is at hand (listed-files.ts). */
  listed?: FileEntry;
}

/**
 * A file modified this recently may still change within its second without a new ETag (on local storage the ETag
 * derives from mtime, inode and size): its version is stored marked, so the next scan that lists the file reads it
 * once more. The margin covers clocks of Nextcloud and the sidecar a few seconds apart.
 */
export const UNSETTLED_WINDOW_MS = 10_000;
/** Appended to the version of a file read within UNSETTLED_WINDOW_MS of its modification. */
export const UNSETTLED_MARK = '~unsettled';

/** The file's text and metadata; null when the path no longer holds this file (deleted, moved, replaced). */
export async function readFile(
  context: SyncContext,
  document: SeenDocument,
  rules: FileReadRules,
): Promise<FetchedDocument | null> {
  const segments = (document.hint ?? '').split('/').filter(Boolean);
  if (segments.length === 0) return null;
  const path = toFilePath(segments);
  const account: DavAccount = { client: context.client, userId: context.userId, displayName: context.userId };
  const found = await describeAndDownload(account, path, document, rules);
  if (!found) return null;
  const { entry, file } = found;
  if (file.bytes.length > rules.maxFileBytes) throw new DocumentSkippedError('too large');
  const ocrState = rules.ocr?.state ?? 'off';
  // The type PROPFIND states (by extension): GET answers Nextcloud's "secure" type (a .json file as text/plain).
  const mimeType = mediaTypeOf(entry);
  // Images are read by OCR alone; everything else by its format's reader, and a PDF's image-only pages by OCR.
  const read = OCR_IMAGE_TYPES.has(mimeType)
    ? { pages: [] as string[] }
    : await readText(file.bytes, formatOfFile(mimeType, entry.name) ?? 'text', rules);
  const scans = await readScans(context.userId, file.bytes, mimeType, read.pdf, rules.ocr);
  const pages = scans?.pages ?? read.pages;
  const truncated = read.pdf?.truncation
    ? describeTruncation(read.pdf.truncation)
    : (scans?.note ?? (read.cut ? 'text beyond the character limit' : undefined));
  const modifiedMs = Date.parse(file.lastModified ?? entry.lastModified ?? '');
  const etag = file.etag ?? entry.etag ?? document.version;
  return {
    docType: 'file',
    docId: document.docId,
    title: segments[segments.length - 1]!,
    mimeType: mimeType === 'text/x-markdown' ? 'text/markdown' : mimeType,
    version: versionUnderOcr(isUnsettled(modifiedMs, rules.clock()) ? `${etag}${UNSETTLED_MARK}` : etag, ocrState),
    filePath: path.text,
    link: appLinks.file(document.docId),
    ...(mimeType === 'application/pdf' ? { pageCount: pages.length } : {}),
    ...(Number.isNaN(modifiedMs) ? {} : { modifiedAt: Math.floor(modifiedMs / 1000) }),
    ...(truncated ? { truncated } : {}),
    pages,
  };
}

/**
 * The file at `path` as PROPFIND describes it, with its bytes; null when the path no longer holds the document's file.
 * With the scan's listing at hand the GET comes first: an answer with the listed ETag is the listed file, unchanged,
 * so the listing stands for the PROPFIND. Any other answer is checked with a PROPFIND (and fetched again if the file
 * changed between the two requests).
 */
async function describeAndDownload(
  account: DavAccount,
  path: FilePath,
  document: SeenDocument,
  rules: FileReadRules,
): Promise<{ entry: FileEntry; file: DownloadedFile } | null> {
  const { listed } = rules;
  const early = listed && listed.path === path.text ? await downloadFile(account, path) : undefined;
  // unverified: that a GET's ETag (OC-ETag, else ETag) equals the getetag PROPFIND lists for the same unchanged file,
  // and that another file moved to the path answers another ETag (source: the sheet lists both, and derives a local
  // file's ETag from mtime, inode and size, but never compares the two outright). A mismatch costs only the PROPFIND.
  if (early && listed && early.etag !== null && early.etag === listed.etag) {
    checkIndexable(listed, rules);
    return { entry: listed, file: early };
  }
  const entry = (await propfindFiles(account, path, 0))?.[0];
  // Gone, or the path now holds another file: the scan lists that one, and a moved file, under their own ids.
  if (!entry || entry.type !== 'file' || String(entry.fileId) !== document.docId) return null;
  checkIndexable(entry, rules);
  const file = early && early.etag === entry.etag ? early : await downloadFile(account, path);
  return file ? { entry, file } : null;
}

/** Throws DocumentSkippedError for a file the rules leave out (read permission, type, size). */
function checkIndexable(entry: FileEntry, rules: FileReadRules): void {
  if (!isReadable(entry)) throw new DocumentSkippedError('no read permission');
  const reason = skipReason(entry, rules.maxFileBytes, rules.ocr?.state ?? 'off');
  if (reason) throw new DocumentSkippedError(reason);
}

/**
 * The text OCR reads from an image, or a PDF's text with its image-only pages read by OCR; undefined for other
 * files. Without OCR, a PDF's image-only pages stay empty and the note says why.
 */
async function readScans(
  userId: string,
  bytes: Uint8Array,
  mimeType: string,
  pdf: PdfTextResult | undefined,
  ocr: OcrReader | undefined,
): Promise<OcrText | undefined> {
  if (OCR_IMAGE_TYPES.has(mimeType) && ocr) return ocr.readImage(userId, bytes, mimeType);
  if (!pdf || !pdf.pages.includes('')) return undefined;
  if (ocr?.state === 'ready') return ocr.readScannedPages(userId, bytes, pdf.pages);
  return { pages: pdf.pages, note: scannedPagesNote(ocr?.state === 'unavailable' ? 'unavailable' : 'off') };
}

/** The file's text as pages (one page but for PDFs); a refused document is skipped with the refusal's reason. */
async function readText(
  bytes: Uint8Array,
  format: DocumentFormat,
  rules: FileReadRules,
): Promise<{ pages: string[]; pdf?: PdfTextResult; cut?: boolean }> {
  try {
    if (format === 'pdf') {
      const pdf = await rules.readPdf(bytes);
      return { pages: pdf.pages, pdf };
    }
    if (format === 'text' || format === 'csv') return { pages: [decodePlainText(bytes)] };
    const document = await rules.readDocument(bytes, format);
    return { pages: [document.text], cut: document.cut };
  } catch (error) {
    if (error instanceof ExtractionRefusedError) throw new DocumentSkippedError(error.reason);
    throw error;
  }
}

/** Short and stable, like the skip reasons: the status counts documents by it. */
function describeTruncation(truncation: NonNullable<PdfTextResult['truncation']>): string {
  const why = {
    pages: 'pages beyond the page limit',
    characters: 'text beyond the character limit',
    'page-time': 'a page took too long to read',
    'document-time': 'the PDF took too long to read',
  }[truncation.reason];
  return `PDF: ${why}`;
}

/** Modified within the window, or in the future by our clock (an unknown time counts as settled: no endless reads). */
function isUnsettled(modifiedMs: number, nowMs: number): boolean {
  return !Number.isNaN(modifiedMs) && nowMs - modifiedMs < UNSETTLED_WINDOW_MS;
}
