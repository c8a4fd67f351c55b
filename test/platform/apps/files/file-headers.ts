// Request and response headers of the files double's WebDAV: If-Match / If-None-Match, Range, X-OC-Mtime, and the
// ETag, OC-ETag, OC-FileId, Content-Type and Content-Disposition that Nextcloud sends with answers about one file.
import type { ServerResponse } from 'node:http';
import type { DoubleRequest } from '../../double-app.js';
import type { FileNode } from './file-tree.js';
import { sendDavError } from './multistatus.js';

const INSTANCE_ID = 'ocdouble01';

export function header(req: DoubleRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** `OC-FileId`: the file id zero-padded to 8 digits, then the instance id (`00003481ocozw1w9krb0`). */
export function ocFileId(node: FileNode): string {
  return `${String(node.fileId).padStart(8, '0')}${INSTANCE_ID}`;
}

/** ETag and OC-ETag, both quoted: what GET, HEAD and every write but COPY answer about the file. */
export function etagHeaders(node: FileNode): Record<string, string> {
  return { etag: `"${node.etag}"`, 'oc-etag': `"${node.etag}"` };
}

/** ETag, OC-ETag and OC-FileId, as the answers to PUT, MOVE and a chunked upload's MOVE carry them. */
export function nodeHeaders(node: FileNode): Record<string, string> {
  return { ...etagHeaders(node), 'oc-fileid': ocFileId(node) };
}

/** The headers Nextcloud sends after a write (X-OC-MTime when the client set one), with an empty body. */
export function writeHeaders(node: FileNode, mtimeAccepted: boolean): Record<string, string> {
  return { ...nodeHeaders(node), ...(mtimeAccepted ? { 'x-oc-mtime': 'accepted' } : {}), 'content-length': '0' };
}

/**
 * The headers of GET and HEAD on a file: ETag, OC-ETag, Last-Modified, Content-Disposition and the "secure" type
 * with a charset, but no OC-FileId and no Accept-Ranges (docs/nextcloud-behaviour.md, "Files (WebDAV)", the Trap under
 * Headers of the answers).
 */
export function downloadHeaders(node: FileNode, name: string): Record<string, string> {
  return {
    'content-type': servedContentType(node.mimeType),
    ...etagHeaders(node),
    'last-modified': new Date(node.mtime * 1000).toUTCString(),
    'content-disposition': attachmentDisposition(name),
  };
}

/**
 * The Content-Type GET serves: Nextcloud's secure type (a `.json` file as `text/plain` although PROPFIND says
 * `application/json`), with PHP's `;charset=UTF-8` on text types (`text/markdown;charset=UTF-8`).
 */
// unverified: html, xml, svg, js and yaml served as text/plain too, and no charset on other types (source:
// nextcloud/server resources/config/mimetypemapping.dist.json, PHP's default_charset for text/* types)
export function servedContentType(mimeType: string): string {
  const secure = SECURE_TYPES.has(mimeType) ? 'text/plain' : mimeType;
  return secure.startsWith('text/') ? `${secure};charset=UTF-8` : secure;
}

/** A failed If-Match / If-None-Match: the message and whether the 412 carries the current ETag. */
export interface FailedPrecondition {
  message: string;
  /** A stale If-Match answers with the file's current ETag; If-None-Match and a missing file answer without. */
  carriesEtag: boolean;
}

/** Sabre's checkPreconditions for If-Match / If-None-Match against the node (or its absence). */
export function failedPrecondition(req: DoubleRequest, node: FileNode | undefined): FailedPrecondition | undefined {
  const ifMatch = header(req, 'if-match');
  const ifNoneMatch = header(req, 'if-none-match');
  if (ifMatch !== undefined) {
    if (!node)
      return { message: 'An If-Match header was specified and the resource did not exist', carriesEtag: false };
    const tags = ifMatch.split(',').map((tag) => tag.trim());
    if (!tags.includes('*') && !tags.includes(`"${node.etag}"`)) {
      const message = 'An If-Match header was specified, but none of the specified ETags matched.';
      return { message, carriesEtag: true };
    }
  }
  if (ifNoneMatch !== undefined && node) {
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim());
    if (tags.includes('*') || tags.includes(`"${node.etag}"`)) {
      const message = 'An If-None-Match header was specified, but the ETag matched (or * was specified).';
      return { message, carriesEtag: false };
    }
  }
  return undefined;
}

/** The 412 of a failed precondition, with the node's current ETag when a stale If-Match failed. */
export function sendFailedPrecondition(
  res: ServerResponse,
  failed: FailedPrecondition,
  node: FileNode | undefined,
): void {
  const current: Record<string, string> = failed.carriesEtag && node ? { etag: `"${node.etag}"` } : {};
  sendDavError(res, 412, 'PreconditionFailed', failed.message, current);
}

/** X-OC-Mtime (unix seconds), which Nextcloud clients send to keep a file's modification time. */
export function requestedMtime(req: DoubleRequest): number | undefined {
  const value = Number(header(req, 'x-oc-mtime'));
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;
}

export type ByteRange = [start: number, end: number];

/**
 * A single `bytes=a-b`, `bytes=a-` or `bytes=-n` as sabre's CorePlugin reads it: undefined means "the whole file"
 * (no Range, an unsupported one, or an empty file, where Nextcloud ignores a Range), otherwise the range or the 416
 * message ("The start offset (20) exceeded the size of the entity (13)", "The end offset (2) is lower than the start
 * offset (5)").
 */
// unverified: `bytes=a-` and `bytes=-n`, and an end past the size cut to the size (source: sabre-io/dav
// lib/DAV/CorePlugin.php httpGet)
export function parseRange(value: string | undefined, size: number): ByteRange | { refused: string } | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(value?.trim() ?? '');
  if (size === 0 || !match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') return [Math.max(0, size - Number(match[2])), size - 1];
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Number(match[2]);
  if (start >= size) return { refused: `The start offset (${start}) exceeded the size of the entity (${size})` };
  if (end < start) return { refused: `The end offset (${end}) is lower than the start offset (${start})` };
  return [start, Math.min(end, size - 1)];
}

const SECURE_TYPES = new Set([
  'application/json',
  'text/html',
  'application/xml',
  'image/svg+xml',
  'application/javascript',
  'application/yaml',
]);

/** Nextcloud's Content-Disposition for a download: PHP's rawurlencode of the name, twice. */
// unverified: the exact value (source: nextcloud/server apps/dav/lib/Connector/Sabre/FilesPlugin.php httpGet)
function attachmentDisposition(name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename*=UTF-8''${encoded}; filename="${encoded}"`;
}
