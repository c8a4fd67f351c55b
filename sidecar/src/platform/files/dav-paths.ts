// The one place that checks file paths from callers and builds WebDAV paths from them: every segment is
// percent-encoded here (SEARCH scopes stay raw), and anything that could step outside the user's files is refused.
import { InvalidInputError } from '../../errors.js';
import { buildNextcloudUrl, pathSegment } from '../urls.js';

/** A checked path below the user's root: `/Documents/report.md` is `['Documents', 'report.md']`; the root is `[]`. */
export interface FilePath {
  segments: string[];
  /** The path as every tool shows it, with a leading slash (`/Documents/report.md`, `/` for the root). */
  text: string;
}

export type DavRoot = 'files' | 'trashbin' | 'versions' | 'uploads';

export const ROOT_PATH: FilePath = { segments: [], text: '/' };

/** The longest path accepted, in characters (Nextcloud's limit is 4000 bytes in the file cache). */
export const MAX_PATH_CHARS = 4096;

/**
 * Reads a path in either form, `Documents/report.md` or `/Documents/report.md` (`/` or empty for the root), and
 * refuses `..`, `.`, backslashes, control characters and URL-encoded forms with InvalidInputError.
 */
export function parseFilePath(input: string, options: { allowRoot?: boolean } = {}): FilePath {
  if (input.length > MAX_PATH_CHARS) throw new InvalidInputError('The path is too long.');
  if (/[\x00-\x1f\x7f]/.test(input)) throw new InvalidInputError('The path contains control characters.');
  if (input.includes('\\')) throw new InvalidInputError('The path contains a backslash; separate folders with "/".');
  if (/%[0-9a-f]{2}/i.test(input)) {
    throw new InvalidInputError('The path looks URL-encoded; give the plain names, e.g. "/My Documents/report.md".');
  }
  const trimmed = input.replace(/^\//, '').replace(/\/$/, '');
  if (trimmed === '') {
    if (options.allowRoot) return ROOT_PATH;
    throw new InvalidInputError('This needs the path of a file or folder, not the root folder.');
  }
  const segments = trimmed.split('/');
  for (const segment of segments) {
    if (segment === '') throw new InvalidInputError('The path contains an empty folder name ("//").');
    if (segment === '.' || segment === '..') {
      throw new InvalidInputError('The path may not contain "." or ".." folders.');
    }
    if (Buffer.byteLength(segment, 'utf8') > 255) throw new InvalidInputError('A name in the path is too long.');
  }
  return toFilePath(segments);
}

/** The path of `segments` below the user's root. */
export function toFilePath(segments: string[]): FilePath {
  return { segments, text: `/${segments.join('/')}` };
}

/** `/remote.php/dav/files/{uid}/{segments…}`, each part percent-encoded. */
export function davFilesPath(userId: string, path: FilePath): string {
  return davPath('files', userId, path.segments);
}

/** The absolute URL of a file, as the Destination header of MOVE and COPY needs it. */
export function davFilesUrl(host: string, userId: string, path: FilePath): string {
  return buildNextcloudUrl(host, davFilesPath(userId, path));
}

/** Where SEARCH requests go. */
export const DAV_SEARCH_PATH = '/remote.php/dav/';

/**
 * The scope href of a SEARCH, `/files/{uid}/{segments…}`: relative to /remote.php/dav and raw, because Nextcloud
 * takes it literally (an encoded `vt%20dir` is a folder that does not exist); only XML-escape it.
 */
export function davSearchScope(userId: string, folder: FilePath): string {
  return `/${['files', userId, ...folder.segments].join('/')}`;
}

export function davTrashPath(userId: string, trashName?: string): string {
  return davPath('trashbin', userId, trashName === undefined ? ['trash'] : ['trash', trashName]);
}

/** Where MOVE restores a trash item to: Nextcloud ignores the name and restores to the original location. */
export function davTrashRestoreUrl(host: string, userId: string, trashName: string): string {
  return buildNextcloudUrl(host, davPath('trashbin', userId, ['restore', trashName]));
}

export function davVersionsPath(userId: string, fileId: number): string {
  return davPath('versions', userId, ['versions', String(fileId)]);
}

/** One version of a file (named by its mtime in unix seconds). */
export function davVersionPath(userId: string, fileId: number, versionId: string): string {
  return davPath('versions', userId, ['versions', String(fileId), versionId]);
}

/** Where MOVE sends a version to make it the current content again. */
export function davVersionRestoreUrl(host: string, userId: string): string {
  return buildNextcloudUrl(host, davPath('versions', userId, ['restore', 'target']));
}

/** The comments of a file, `/remote.php/dav/comments/files/{fileid}` (not below a user). */
export function davCommentsPath(fileId: number): string {
  return `/remote.php/dav/comments/files/${pathSegment(fileId)}`;
}

/** The system tags, `/remote.php/dav/systemtags/` (shared by every user). */
export function davSystemTagsPath(): string {
  return '/remote.php/dav/systemtags/';
}

/** The tags of a file, or with `tagId` one assignment: `/remote.php/dav/systemtags-relations/files/{fileid}/…`. */
export function davTagRelationsPath(fileId: number, tagId?: string): string {
  const base = `/remote.php/dav/systemtags-relations/files/${pathSegment(fileId)}`;
  return tagId === undefined ? base : `${base}/${pathSegment(tagId)}`;
}

/** `/remote.php/dav/uploads/{uid}/{uploadId}` and, with `part`, a chunk (`1`, `2`, …) or `.file`. */
export function davUploadPath(userId: string, uploadId: string, part?: string): string {
  return davPath('uploads', userId, part === undefined ? [uploadId] : [uploadId, part]);
}

/**
 * The decoded segments after `/remote.php/dav/{root}/{uid}/` in an href of a multistatus answer (a path or an
 * absolute URL); undefined when the href is elsewhere.
 */
export function segmentsFromHref(href: string, root: DavRoot, userId: string): string[] | undefined {
  let path = href;
  if (/^https?:\/\//i.test(href)) {
    try {
      path = new URL(href).pathname;
    } catch {
      return undefined;
    }
  }
  let parts: string[];
  try {
    parts = path.split('/').map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
  for (let i = 0; i + 3 < parts.length; i++) {
    if (parts[i] === 'remote.php' && parts[i + 1] === 'dav' && parts[i + 2] === root && parts[i + 3] === userId) {
      return parts.slice(i + 4).filter((part) => part !== '');
    }
  }
  return undefined;
}

function davPath(root: DavRoot, userId: string, segments: string[]): string {
  return `/remote.php/dav/${[root, userId, ...segments].map(pathSegment).join('/')}`;
}
