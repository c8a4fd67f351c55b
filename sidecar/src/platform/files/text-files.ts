// Reading a file as UTF-8 text a window at a time: a byte cap and an offset, windows cut on character
// boundaries, and binary files (NUL bytes or invalid UTF-8) reported as such instead of returned.
import { InvalidInputError } from '../../errors.js';
import type { FilePath } from './dav-paths.js';
import { readFileRange, statPath } from './file-operations.js';
import type { DavAccount } from '../dav/dav-account.js';

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

/** Reads up to `maxBytes` (at least 4, at most 1 MiB) from `offset` as text; InvalidInputError for folders. */
export async function readTextFile(
  access: DavAccount,
  path: FilePath,
  options: { offset?: number; maxBytes?: number } = {},
): Promise<TextFileRead> {
  const offset = options.offset ?? 0;
  const maxBytes = Math.min(options.maxBytes ?? MAX_TEXT_READ_BYTES, MAX_TEXT_READ_BYTES);
  const entry = await statPath(access, path);
  if (entry.type === 'folder') throw new InvalidInputError(`${path.text} is a folder; list it with nc_files_list.`);
  const base = { path: entry.path, contentType: entry.contentType, offset };
  if (offset >= entry.size) {
    return { ...base, etag: entry.etag, size: entry.size, bytesRead: 0, nextOffset: null, content: '', binary: false };
  }
  const range = await readFileRange(access, path, offset, maxBytes);
  const size = range.totalSize ?? entry.size;
  const etag = range.etag ?? entry.etag;
  const decoded = decodeWindow(range.bytes, offset, offset + range.bytes.length >= size);
  if (decoded === undefined) {
    return { ...base, etag, size, bytesRead: range.bytes.length, nextOffset: null, content: null, binary: true };
  }
  const end = offset + decoded.consumedBytes;
  return {
    ...base,
    etag,
    size,
    bytesRead: decoded.consumedBytes,
    nextOffset: end < size ? end : null,
    content: decoded.text,
    binary: false,
  };
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
