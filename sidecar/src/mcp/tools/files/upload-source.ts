// The bytes of nc_files_upload_large from its content argument (UTF-8 text, base64, or gzip-compressed base64),
// produced piece by piece so that only about one chunk is decoded at a time.
import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { AppError, InvalidInputError } from '../../../errors.js';

export type UploadEncoding = 'text' | 'base64' | 'gzip_base64';

export interface UploadSource {
  pieces: Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
  /** Known up front for text and base64; gzip tells only at the end. */
  totalBytes: number | undefined;
}

const PIECE_BYTES = 1024 * 1024;

/** InvalidInputError for malformed base64 or gzip, or when the content grows past `maxBytes`. */
export function openUploadSource(content: string, encoding: UploadEncoding, maxBytes: number): UploadSource {
  if (encoding === 'text') {
    const bytes = Buffer.from(content, 'utf8');
    if (bytes.length > maxBytes) throw tooLarge(maxBytes);
    return { pieces: slices(bytes), totalBytes: bytes.length };
  }
  const compact = content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw new InvalidInputError('The content is not valid base64.');
  }
  if (encoding === 'base64') {
    const totalBytes = Math.floor((compact.length * 3) / 4) - (compact.match(/=+$/)?.[0].length ?? 0);
    if (totalBytes > maxBytes) throw tooLarge(maxBytes);
    return { pieces: base64Pieces(compact), totalBytes };
  }
  return { pieces: gunzipped(compact, maxBytes), totalBytes: undefined };
}

function* slices(bytes: Buffer): Generator<Buffer> {
  for (let start = 0; start < bytes.length; start += PIECE_BYTES) yield bytes.subarray(start, start + PIECE_BYTES);
}

function* base64Pieces(compact: string): Generator<Buffer> {
  // Whole groups of four characters, so each slice decodes on its own.
  const step = 4 * Math.floor(PIECE_BYTES / 3);
  for (let start = 0; start < compact.length; start += step)
    yield Buffer.from(compact.slice(start, start + step), 'base64');
}

async function* gunzipped(compact: string, maxBytes: number): AsyncGenerator<Buffer> {
  const gunzip = pipeline(Readable.from(base64Pieces(compact)), createGunzip(), () => undefined);
  let total = 0;
  try {
    for await (const piece of gunzip as AsyncIterable<Buffer>) {
      total += piece.length;
      if (total > maxBytes) throw tooLarge(maxBytes);
      yield piece;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new InvalidInputError('The content is not valid gzip data.', { cause: error });
  } finally {
    gunzip.destroy();
  }
}

function tooLarge(maxBytes: number): InvalidInputError {
  return new InvalidInputError(`The content is larger than ${Math.round(maxBytes / 1024 / 1024)} MiB.`);
}
