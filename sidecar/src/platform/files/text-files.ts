// Reading a file as UTF-8 text a window at a time with one ranged GET (its answer carries the etag, the full size
// and the type): windows cut on character boundaries, binary files (NUL bytes or invalid UTF-8) reported as such.
import { InvalidInputError, NotFoundError, UpstreamError } from '../../errors.js';
import type { HttpResponse } from '../../net/http-client.js';
import type { DavAccount } from '../dav/dav-account.js';
import { davFilesPath, type FilePath } from './dav-paths.js';
import { findPath, headerText, responseEtag } from './file-operations.js';

export interface TextFileRead {
  path: string;
  etag: string | null;
  /** The whole file's size in bytes. */
  size: number;
  contentType: string | null;
  /** Where this window starts, in bytes. */
  offset: number;
  bytesRead: number;
  /** Where the next window starts; null at the end of the file. */
  nextOffset: number | null;
  /** The text, or null for a binary file. */
  content: string | null;
  binary: boolean;
}

export const MAX_TEXT_READ_BYTES = 1024 * 1024;

/**
 * Reads up to `maxBytes` (at most 1 MiB) from `offset` as text. One GET with Range does it; only when that answer
 * is not a file's (a folder answers 200 without an ETag) or the offset lies past the end (416) does a PROPFIND
 * tell what is there. InvalidInputError for folders, NotFoundError when nothing is at `path`.
 */
export async function readTextFile(
  access: DavAccount,
  path: FilePath,
  options: { offset?: number; maxBytes?: number } = {},
): Promise<TextFileRead> {
  const offset = options.offset ?? 0;
  const maxBytes = Math.min(options.maxBytes ?? MAX_TEXT_READ_BYTES, MAX_TEXT_READ_BYTES);
  const response = await access.client.request(davFilesPath(access.userId, path), {
    headers: { range: `bytes=${offset}-${offset + maxBytes - 1}`, accept: '*/*' },
    accept: [404, 416],
  });
  if (response.status === 404) throw new NotFoundError(`There is no file at ${path.text}.`);
  const etag = responseEtag(response.headers);
  if (response.status === 416 || etag === null) return readPastEnd(access, path, offset);
  const { bytes, size } = windowOf(response, offset, maxBytes);
  const base = { path: path.text, etag, size, contentType: mediaTypeOf(response), offset };
  const decoded = decodeWindow(bytes, offset, offset + bytes.length >= size);
  if (decoded === undefined) return { ...base, bytesRead: bytes.length, nextOffset: null, content: null, binary: true };
  const end = offset + decoded.consumedBytes;
  const nextOffset = end < size ? end : null;
  return { ...base, bytesRead: decoded.consumedBytes, nextOffset, content: decoded.text, binary: false };
}

/** The text of a window of bytes, or undefined when they are not UTF-8 text. */
export function decodeWindow(
  bytes: Buffer,
  offset: number,
  reachesEnd: boolean,
): { text: string; consumedBytes: number } | undefined {
  if (bytes.includes(0)) return undefined;
  // A window may start inside a character (a caller's offset) or end inside one (the byte cap): skip those bytes.
  let start = 0;
  if (offset > 0) while (start < 3 && start < bytes.length && isContinuationByte(bytes[start] ?? 0)) start++;
  const end = reachesEnd ? bytes.length : completeLength(bytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: offset > 0 }).decode(bytes.subarray(start, end));
  } catch {
    return undefined;
  }
  return { text, consumedBytes: end };
}

/** The window's bytes and the file's size: from Content-Range (206), or the whole body when Range was ignored. */
function windowOf(response: HttpResponse, offset: number, maxBytes: number): { bytes: Buffer; size: number } {
  if (response.status === 206) {
    const total = /\/(\d+)$/.exec(headerText(response.headers['content-range']) ?? '');
    if (!total) throw new UpstreamError('Nextcloud answered a ranged read without the file size.');
    return { bytes: response.body, size: Number(total[1]) };
  }
  // Sabre ignores Range on an empty file (and a proxy may drop it): the body is the whole file.
  return { bytes: response.body.subarray(offset, offset + maxBytes), size: response.body.length };
}

/** The media type without parameters (`text/markdown; charset=utf-8` → `text/markdown`). */
function mediaTypeOf(response: HttpResponse): string | null {
  return headerText(response.headers['content-type'])?.split(';')[0]?.trim() || null;
}

/** The failure path: what is at `path` when the GET did not return a window of a file. */
async function readPastEnd(access: DavAccount, path: FilePath, offset: number): Promise<TextFileRead> {
  const entry = await findPath(access, path);
  if (!entry) throw new NotFoundError(`There is no file at ${path.text}.`);
  if (entry.type === 'folder') throw new InvalidInputError(`${path.text} is a folder; list it with nc_files_list.`);
  if (offset < entry.size) throw new UpstreamError('Nextcloud answered a read of a file without its etag.');
  const { etag, size, contentType } = entry;
  return {
    path: path.text,
    etag,
    size,
    contentType,
    offset,
    bytesRead: 0,
    nextOffset: null,
    content: '',
    binary: false,
  };
}

function isContinuationByte(byte: number): boolean {
  return (byte & 0xc0) === 0x80;
}

/** The length of `bytes` without a multi-byte character cut off at the end. */
function completeLength(bytes: Buffer): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if (isContinuationByte(byte)) continue;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}
