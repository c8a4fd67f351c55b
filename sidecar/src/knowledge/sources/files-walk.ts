// The walk behind the files source: lists the user's folders with PROPFIND Depth 1, but only those whose ETag
// changed since the last walk (ETags propagate upwards), and remembers each folder's ETag and findings as the cursor.
import type { DavAccount } from '../../platform/dav/dav-account.js';
import { toFilePath } from '../../platform/files/dav-paths.js';
import { propfindFiles, type FileEntry } from '../../platform/files/propfind.js';
import { formatOfFile } from '../extract/document-formats.js';
import type { SeenDocument } from '../sync/sync-source.js';
import { imageSkipReason, OCR_IMAGE_TYPES, versionUnderOcr, type OcrState } from '../extract/ocr/ocr-image-types.js';

/** What one walked folder held, as remembered in the cursor (short keys: the cursor is bounded). */
export interface FolderMemo {
  /** The folder's ETag when it was listed. */
  e: string;
  /** Readable subfolders: name and ETag. */
  d: [name: string, etag: string][];
  /** Indexable files: name, file id, ETag. */
  f: [name: string, fileId: number, etag: string][];
  /** Files left out, by reason. */
  s: Record<string, number>;
}

/** Folder path (`/`, `/Documents`) → what it held. */
export type FolderMemos = Record<string, FolderMemo>;

export interface WalkRules {
  maxFileBytes: number;
  /** The Notes folder (`/Notes`), left to the notes source; null when Notes is absent. */
  notesFolder: string | null;
  /** Whether OCR reads images (and image-only PDF pages); default off. */
  ocr?: OcrState;
}

export interface WalkOutcome {
  documents: SeenDocument[];
  skipped: Record<string, number>;
  folders: FolderMemos;
  /** Folders listed with PROPFIND (the others came from `known`). */
  listed: number;
}

/**
 * Every indexable file below the root: folders whose ETag matches `known` are taken from it without a request,
 * the others are listed again, and `onListed` sees each indexable file those listings name. `signal` stops the walk
 * between requests.
 */
export async function walkFiles(
  account: DavAccount,
  rules: WalkRules,
  known: FolderMemos,
  signal: AbortSignal,
  onListed: (entry: FileEntry) => void = () => undefined,
): Promise<WalkOutcome> {
  const outcome: WalkOutcome = { documents: [], skipped: {}, folders: {}, listed: 0 };
  // Depth first with an explicit stack: no recursion limit on deep trees.
  const pending: { path: string; etag: string | null }[] = [{ path: '/', etag: null }];
  while (pending.length > 0) {
    const { path, etag } = pending.pop()!;
    let memo = etag !== null ? known[path] : undefined;
    if (!memo || memo.e !== etag) {
      signal.throwIfAborted();
      const listed = await listFolder(account, path, rules, onListed);
      outcome.listed += 1;
      if (!listed) continue; // gone since its parent was listed
      memo = listed;
    }
    outcome.folders[path] = memo;
    for (const [name, fileId, fileEtag] of memo.f) {
      const version = versionUnderOcr(fileEtag, rules.ocr ?? 'off');
      outcome.documents.push({ docId: String(fileId), version, hint: joinPath(path, name) });
    }
    for (const [reason, count] of Object.entries(memo.s)) {
      outcome.skipped[reason] = (outcome.skipped[reason] ?? 0) + count;
    }
    for (const [name, childEtag] of memo.d) {
      const childPath = joinPath(path, name);
      if (childPath !== rules.notesFolder) pending.push({ path: childPath, etag: childEtag });
    }
  }
  return outcome;
}

/** The folder's memo from one PROPFIND Depth 1; undefined when it is gone. */
async function listFolder(
  account: DavAccount,
  path: string,
  rules: WalkRules,
  onListed: (entry: FileEntry) => void,
): Promise<FolderMemo | undefined> {
  const segments = path.split('/').filter(Boolean);
  const entries = await propfindFiles(account, toFilePath(segments), 1);
  const self = entries?.find((entry) => entry.segments.length === segments.length);
  if (!entries || !self || self.type !== 'folder') return undefined;
  const memo: FolderMemo = { e: self.etag ?? '', d: [], f: [], s: {} };
  for (const entry of entries) {
    if (entry === self || entry.segments.length !== segments.length + 1) continue;
    // Counted, not walked: a folder without read permission counts once, whatever it holds.
    const reason = isReadable(entry) ? skipReason(entry, rules.maxFileBytes, rules.ocr) : 'no read permission';
    if (!reason && entry.type === 'folder') {
      memo.d.push([entry.name, entry.etag ?? '']);
      continue;
    }
    if (reason) memo.s[reason] = (memo.s[reason] ?? 0) + 1;
    else {
      memo.f.push([entry.name, entry.fileId!, entry.etag!]);
      onListed(entry);
    }
  }
  return memo;
}

/** Nextcloud's `G` is the read permission; an answer without permissions is taken as readable. */
export function isReadable(entry: FileEntry): boolean {
  return entry.permissions === '' || entry.permissions.includes('G');
}

/** The media type PROPFIND states, without parameters, in lower case ('' for a folder). */
export function mediaTypeOf(entry: FileEntry): string {
  return (entry.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Why a readable file is not indexed (undefined: it is; and for folders, which are walked). */
export function skipReason(entry: FileEntry, maxFileBytes: number, ocr: OcrState = 'off'): string | undefined {
  if (entry.type === 'folder') return undefined;
  const mediaType = mediaTypeOf(entry);
  if (OCR_IMAGE_TYPES.has(mediaType)) {
    const reason = imageSkipReason(ocr);
    if (reason) return reason;
    // Which other formats are read: extract/document-formats.ts (by media type, else by extension).
  } else if (!formatOfFile(mediaType, entry.name)) return 'unsupported type';
  if (entry.size > maxFileBytes) return 'too large';
  if (entry.fileId === null || !entry.etag) return 'no file id';
  return undefined;
}

function joinPath(folder: string, name: string): string {
  return folder === '/' ? `/${name}` : `${folder}/${name}`;
}
