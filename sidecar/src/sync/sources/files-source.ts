// The sync source of the user's files: a scan costs one PROPFIND when nothing changed (the home's ETag), walks only
// changed folders otherwise, and a fetch reads plain text, Markdown or a PDF's pages.
import type { DavAccount } from '../../platform/dav/dav-account.js';
import { buildPropfindBody, parseMultistatus, textOf, unquoteEtag } from '../../platform/files/propfind.js';
import { davFilesPath, ROOT_PATH, toFilePath } from '../../platform/files/dav-paths.js';
import { headerText, parseFileId } from '../../platform/files/file-operations.js';
import { notesPaths } from '../../platform/notes/notes-paths.js';
import { pathSegment } from '../../platform/urls.js';
import { createPdfTextPool, type PdfTextLimits, type PdfTextPool } from '../extract/pdf-text.js';
import {
  DocumentParseError,
  type FetchedDocument,
  type SeenDocument,
  type SyncContext,
  type SyncSource,
} from '../sync-source.js';
import { INDEXABLE_TYPES, walkFiles, type FolderMemos } from './files-walk.js';

export interface FilesSourceOptions {
  /** Larger files are skipped (`too large`) and not downloaded. */
  maxFileBytes: number;
  /**
   * Where PDFs are read, off the event loop; the composition root should pass its own and close it. Without one,
   * the source starts a one-worker pool on the first PDF (its idle worker never keeps the process alive).
   */
  pdfText?: PdfTextPool;
  /** Bounds of a PDF's text (default: 2000 pages, 5,000,000 characters). */
  pdfLimits?: PdfTextLimits;
  /** Told when the folder memory would exceed the cursor bound and scans fall back to full walks. */
  onNotice?: (message: string) => void;
  /** The cursor's bound in characters (default and at most MAX_CURSOR_CHARS). */
  maxCursorChars?: number;
}

/** The cursor: the home's ETag, the Notes folder and, while it fits, every walked folder. */
interface FilesCursor {
  v: 1;
  root: string;
  maxFileBytes: number;
  notesFolder: string | null;
  folders?: FolderMemos;
}

/** The bound of a stored cursor (the contract's 4 MiB), in UTF-16 characters: conservative for bytes too. */
export const MAX_CURSOR_CHARS = 4 * 1024 * 1024;

export const DEFAULT_PDF_LIMITS: PdfTextLimits = { maxPages: 2000, maxTextChars: 5_000_000 };

export function createFilesSource(options: FilesSourceOptions): SyncSource {
  let ownPool: PdfTextPool | undefined;
  const readPdf = (bytes: Uint8Array) =>
    (options.pdfText ?? (ownPool ??= createPdfTextPool())).extractPdfPages(
      bytes,
      options.pdfLimits ?? DEFAULT_PDF_LIMITS,
    );
  return {
    docType: 'file',
    scan: async (context, cursorText) => {
      const account = accountOf(context);
      const cursor = readCursor(cursorText);
      const root = await homeEtag(account);
      if (cursor && root !== null && cursor.root === root && cursor.maxFileBytes === options.maxFileBytes) {
        return { kind: 'unchanged' };
      }
      const notesFolder = await findNotesFolder(context);
      const known = cursor?.maxFileBytes === options.maxFileBytes ? (cursor.folders ?? {}) : {};
      const walk = await walkFiles(account, { maxFileBytes: options.maxFileBytes, notesFolder }, known, context.signal);
      const next: FilesCursor = { v: 1, root: root ?? '', maxFileBytes: options.maxFileBytes, notesFolder };
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
    read: (context, document) => fetchFile(context, document, options.maxFileBytes, readPdf),
  };
}

function accountOf(context: SyncContext): DavAccount {
  return { client: context.client, userId: context.userId, displayName: context.userId };
}

/** The home folder's ETag from one PROPFIND Depth 0 (null when Nextcloud gave none). */
async function homeEtag(account: DavAccount): Promise<string | null> {
  const response = await account.client.request(davFilesPath(account.userId, ROOT_PATH), {
    method: 'PROPFIND',
    headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8', accept: 'application/xml' },
    body: buildPropfindBody(['d:getetag']),
  });
  return unquoteEtag(textOf(parseMultistatus(response.text())[0]?.props.getetag));
}

/** `/Notes` (Notes' settings), or null when Notes is not there for the user. */
async function findNotesFolder(context: SyncContext): Promise<string | null> {
  const response = await context.client.request(notesPaths.settings(), { accept: [404] });
  if (response.status === 404) return null;
  let notesPath: unknown;
  try {
    notesPath = (response.json() as { notesPath?: unknown } | null)?.notesPath;
  } catch {
    return null; // an HTML page: no Notes app behind this path
  }
  const segments = typeof notesPath === 'string' ? notesPath.split('/').filter(Boolean) : [];
  return segments.length > 0 ? `/${segments.join('/')}` : null;
}

function readCursor(text: string | undefined): FilesCursor | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<FilesCursor> | null;
    if (parsed?.v !== 1 || typeof parsed.root !== 'string' || typeof parsed.maxFileBytes !== 'number') return undefined;
    return parsed as FilesCursor;
  } catch {
    return undefined;
  }
}

async function fetchFile(
  context: SyncContext,
  document: SeenDocument,
  maxFileBytes: number,
  readPdf: (bytes: Uint8Array) => Promise<string[]>,
): Promise<FetchedDocument | null> {
  const segments = (document.hint ?? '').split('/').filter(Boolean);
  if (segments.length === 0) return null;
  const path = toFilePath(segments);
  const response = await context.client.request(davFilesPath(context.userId, path), {
    headers: { accept: '*/*' },
    accept: [404],
  });
  // Gone, or the path now holds another file (the scan will list that one under its own id).
  if (response.status === 404) return null;
  if (String(parseFileId(headerText(response.headers['oc-fileid']))) !== document.docId) return null;
  const mimeType = headerText(response.headers['content-type'])?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!INDEXABLE_TYPES.has(mimeType)) return null;
  if (response.body.length > maxFileBytes) {
    throw new DocumentParseError(`The file is larger than ${maxFileBytes} bytes.`);
  }
  const pages =
    mimeType === 'application/pdf' ? await readPdf(response.body) : [new TextDecoder('utf-8').decode(response.body)];
  const modified = Date.parse(headerText(response.headers['last-modified']) ?? '');
  return {
    docType: 'file',
    docId: document.docId,
    title: segments[segments.length - 1]!,
    mimeType: mimeType === 'text/x-markdown' ? 'text/markdown' : mimeType,
    version:
      unquoteEtag(headerText(response.headers['oc-etag']) ?? headerText(response.headers.etag)) ?? document.version,
    filePath: path.text,
    link: `/index.php/f/${pathSegment(document.docId)}`,
    ...(mimeType === 'application/pdf' ? { pageCount: pages.length } : {}),
    ...(Number.isNaN(modified) ? {} : { modifiedAt: Math.floor(modified / 1000) }),
    pages,
  };
}
