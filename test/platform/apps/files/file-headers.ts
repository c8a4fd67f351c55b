// Request and response headers of the files double's WebDAV: If-Match / If-None-Match, Range, X-OC-Mtime, and the
// ETag, OC-ETag and OC-FileId that Nextcloud sends with answers about one file.
import type { DoubleRequest } from '../../double-app.js';
import type { FileNode } from './file-tree.js';

const INSTANCE_ID = 'ocdouble01';

export function header(req: DoubleRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** `OC-FileId`: the file id zero-padded to 8 digits, then the instance id (`00003481ocozw1w9krb0`). */
export function ocFileId(node: FileNode): string {
  return `${String(node.fileId).padStart(8, '0')}${INSTANCE_ID}`;
}

/** ETag and OC-ETag (quoted) and OC-FileId, as answers to GET, PUT, MOVE and COPY carry them. */
export function nodeHeaders(node: FileNode): Record<string, string> {
  return { etag: `"${node.etag}"`, 'oc-etag': `"${node.etag}"`, 'oc-fileid': ocFileId(node) };
}

/** The headers Nextcloud sends after a write (X-OC-MTime when the client set one), with an empty body. */
export function writeHeaders(node: FileNode, mtimeAccepted: boolean): Record<string, string> {
  return { ...nodeHeaders(node), ...(mtimeAccepted ? { 'x-oc-mtime': 'accepted' } : {}), 'content-length': '0' };
}

/** Sabre's checkPreconditions for If-Match / If-None-Match against the node (or its absence). */
export function failedPrecondition(req: DoubleRequest, node: FileNode | undefined): string | undefined {
  const ifMatch = header(req, 'if-match');
  const ifNoneMatch = header(req, 'if-none-match');
  if (ifMatch !== undefined) {
    if (!node) return 'An If-Match header was specified and the resource did not exist';
    const tags = ifMatch.split(',').map((tag) => tag.trim());
    if (!tags.includes('*') && !tags.includes(`"${node.etag}"`))
      return 'An If-Match header was specified, but none of the specified ETags matched.';
  }
  if (ifNoneMatch !== undefined && node) {
    const tags = ifNoneMatch.split(',').map((tag) => tag.trim());
    if (tags.includes('*') || tags.includes(`"${node.etag}"`))
      return 'An If-None-Match header was specified, but the ETag matched (or * was specified).';
  }
  return undefined;
}

/** X-OC-Mtime (unix seconds), which Nextcloud clients send to keep a file's modification time. */
export function requestedMtime(req: DoubleRequest): number | undefined {
  const value = Number(header(req, 'x-oc-mtime'));
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;
}

export type ByteRange = [start: number, end: number];

/**
 * A single `bytes=a-b`, `bytes=a-` or `bytes=-n` as sabre's CorePlugin reads it: undefined means "the whole file"
 * (no Range, an unsupported one, or an empty file: sabre honours ranges only when the size is known and not 0),
 * otherwise the range or sabre's 416 message.
 */
// unverified: ranges ignored on empty files, the 416 messages (source: sabre-io/dav lib/DAV/CorePlugin.php httpGet)
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
