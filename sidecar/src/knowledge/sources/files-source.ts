// The sync source of the user's files: a scan costs one PROPFIND when nothing changed (the home's ETag), walks only
// changed folders otherwise; reading a file is file-read.ts (one GET when the walk's listing of it is at hand).
import type { DavAccount } from '../../platform/dav/dav-account.js';
import { propfindEtag } from '../../platform/files/propfind.js';
import { ROOT_PATH } from '../../platform/files/dav-paths.js';
import { readNotesFolder } from '../../platform/notes/notes-changes.js';
import type { DocumentReaders } from '../extract/document-readers.js';
import type { PdfTextLimits } from '../extract/pdf-text.js';
import type { OcrReader } from '../extract/ocr/ocr-reader.js';
import type { OcrState } from '../extract/ocr/ocr-image-types.js';
import type { SyncContext, SyncSource } from '../sync/sync-source.js';
import { readFile } from './file-read.js';
import { walkFiles, type FolderMemos } from './files-walk.js';
import { createListedFiles } from './listed-files.js';

export interface FilesSourceOptions {
  /** Larger files are skipped (`too large`) and not downloaded. */
  maxFileBytes: number;
  /**
   * Where PDFs and Office, OpenDocument, RTF, HTML, EPUB and e-mail documents are read, off the event loop: the
   * composition root's one pair of readers, shared with the MCP file tools and closed by it.
   */
  readers: Pick<DocumentReaders, 'readPdfText' | 'readDocumentText'>;
  /** Reads images and image-only PDF pages (the composition root's, closed by it); absent: OCR is off. */
  ocr?: OcrReader;
  /** Bounds of a PDF's text (default: 2000 pages, 5,000,000 characters). */
  pdfLimits?: PdfTextLimits;
  /** Told when the folder memory would exceed the cursor bound and scans fall back to full walks. */
  onNotice?: (message: string) => void;
  /** The cursor's bound in characters (default and at most MAX_CURSOR_CHARS). */
  maxCursorChars?: number;
  /** Milliseconds since the epoch (tests fix it). */
  clock?: () => number;
}

/** The cursor: the home's ETag, the Notes folder and, while it fits, every walked folder. */
interface FilesCursor {
  /** 2 since Office and other formats are read: folder memos of version 1 counted them as `unsupported type`. */
  v: 2;
  root: string;
  maxFileBytes: number;
  notesFolder: string | null;
  /** The OCR state of the walk (absent: off); another state means another set of indexable files. */
  ocr?: OcrState;
  folders?: FolderMemos;
}

/** The bound of a stored cursor (the contract's 4 MiB), in UTF-16 characters: conservative for bytes too. */
export const MAX_CURSOR_CHARS = 4 * 1024 * 1024;

export const DEFAULT_PDF_LIMITS: PdfTextLimits = { maxPages: 2000, maxTextChars: 5_000_000 };

export function createFilesSource(options: FilesSourceOptions): SyncSource {
  const readPdf = (bytes: Uint8Array) => options.readers.readPdfText(bytes, options.pdfLimits ?? DEFAULT_PDF_LIMITS);
  const ocr = options.ocr?.state ?? 'off';
  // The listings of queued files: their reads need only the GET (listed-files.ts).
  const listed = createListedFiles();
  const sameRules = (cursor: FilesCursor | undefined) =>
    cursor?.maxFileBytes === options.maxFileBytes && (cursor.ocr ?? 'off') === ocr;
  return {
    docType: 'file',
    scan: async (context, cursorText) => {
      const account = accountOf(context);
      const cursor = readCursor(cursorText);
      const root = await propfindEtag(account, ROOT_PATH);
      if (cursor && root !== null && cursor.root === root && sameRules(cursor)) return { kind: 'unchanged' };
      const notesFolder = await readNotesFolder(context.client);
      const known = sameRules(cursor) ? (cursor?.folders ?? {}) : {};
      const rules = { maxFileBytes: options.maxFileBytes, notesFolder, ocr };
      const walk = await walkFiles(account, rules, known, context.signal, (entry) =>
        listed.remember(context.userId, entry),
      );
      const next: FilesCursor = {
        v: 2,
        root: root ?? '',
        maxFileBytes: options.maxFileBytes,
        notesFolder,
        ...(ocr === 'off' ? {} : { ocr }),
      };
      let stored = JSON.stringify({ ...next, folders: walk.folders });
      if (stored.length > Math.min(options.maxCursorChars ?? MAX_CURSOR_CHARS, MAX_CURSOR_CHARS)) {
        options.onNotice?.('The folder tree is too large to remember; every change means a full walk of the files.');
        stored = JSON.stringify(next);
      }
      return {
        kind: 'changes',
        changed: walk.documents,
        removed: [],
        complete: true,
        skipped: walk.skipped,
        cursor: stored,
      };
    },
    read: (context, document) =>
      readFile(context, document, {
        maxFileBytes: options.maxFileBytes,
        readPdf,
        ocr: options.ocr,
        readDocument: (bytes, format) => options.readers.readDocumentText(bytes, format),
        listed: listed.take(context.userId, document.docId),
        clock: options.clock ?? Date.now,
      }),
  };
}

function accountOf(context: SyncContext): DavAccount {
  return { client: context.client, userId: context.userId, displayName: context.userId };
}

function readCursor(text: string | undefined): FilesCursor | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<FilesCursor> | null;
    if (parsed?.v !== 2 || typeof parsed.root !== 'string' || typeof parsed.maxFileBytes !== 'number') return undefined;
    return parsed as FilesCursor;
  } catch {
    return undefined;
  }
}
