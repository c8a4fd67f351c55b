// Large uploads with Nextcloud's chunked upload v2: MKCOL an upload folder with the Destination, PUT numbered
// chunks one at a time (each but the last at least 5 MiB), MOVE .file to assemble; DELETE the upload on failure.
import { randomUUID } from 'node:crypto';
import { ConflictError, InvalidInputError } from '../../errors.js';
import { davFilesUrl, davUploadPath, toFilePath, type FilePath } from './dav-paths.js';
import { describeUnusableParent, findPath, headerText, parseFileId, responseEtag } from './file-operations.js';
import type { DavAccount } from '../dav/dav-account.js';

/** Nextcloud (object storage) refuses smaller chunks except the last. */
export const MIN_CHUNK_BYTES = 5 * 1024 * 1024;
export const MAX_CHUNK_BYTES = 100 * 1024 * 1024;

export interface ChunkedUploadRequest {
  /** The content, in pieces of any size; they are regrouped into chunks of `chunkBytes`. */
  source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
  chunkBytes: number;
  overwrite: boolean;
  /** Called after each chunk is stored, with the bytes stored so far. */
  onChunkStored?(uploadedBytes: number, chunkNumber: number): Promise<void>;
  signal?: AbortSignal;
}

export interface ChunkedUploadOutcome {
  bytes: number;
  chunks: number;
  etag: string | null;
  fileId: number | null;
  created: boolean;
}

const CHUNK_TIMEOUT_MS = 300_000;

export async function uploadInChunks(
  access: DavAccount,
  path: FilePath,
  request: ChunkedUploadRequest,
): Promise<ChunkedUploadOutcome> {
  if (request.chunkBytes < MIN_CHUNK_BYTES || request.chunkBytes > MAX_CHUNK_BYTES) {
    throw new InvalidInputError('The chunk size must be between 5 MiB and 100 MiB.');
  }
  await checkTarget(access, path, request.overwrite);
  const destination = davFilesUrl(access.client.host, access.userId, path);
  const uploadId = `mcp-upload-${randomUUID()}`;
  await access.client.request(davUploadPath(access.userId, uploadId), { method: 'MKCOL', headers: { destination } });
  try {
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of regroup(request.source, request.chunkBytes)) {
      request.signal?.throwIfAborted();
      chunks += 1;
      await access.client.request(davUploadPath(access.userId, uploadId, String(chunks)), {
        method: 'PUT',
        headers: { destination, 'content-type': 'application/octet-stream' },
        body: chunk,
        timeoutMs: CHUNK_TIMEOUT_MS,
      });
      bytes += chunk.length;
      await request.onChunkStored?.(bytes, chunks);
    }
    request.signal?.throwIfAborted();
    const response = await access.client.request(davUploadPath(access.userId, uploadId, '.file'), {
      method: 'MOVE',
      headers: { destination, overwrite: request.overwrite ? 'T' : 'F', 'oc-total-length': String(bytes) },
      timeoutMs: CHUNK_TIMEOUT_MS,
      accept: [412],
    });
    if (response.status === 412) throw new ConflictError(`A file already exists at ${path.text}; pass overwrite true.`);
    return {
      bytes,
      chunks,
      etag: responseEtag(response.headers),
      fileId: parseFileId(headerText(response.headers['oc-fileid'])),
      created: response.status === 201,
    };
  } catch (error) {
    await abortUpload(access, uploadId);
    throw error;
  }
}

/** Regroups pieces into chunks of exactly `size` bytes (the last one may be smaller), one chunk in memory at a time. */
export async function* regroup(
  source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  size: number,
): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let yielded = false;
  for await (const piece of source) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      pending.push(rest.subarray(0, take));
      rest = rest.subarray(take);
      yield Buffer.concat(pending);
      yielded = true;
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length > 0) {
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0 || !yielded) yield Buffer.concat(pending);
}

async function checkTarget(access: DavAccount, path: FilePath, overwrite: boolean): Promise<void> {
  const existing = await findPath(access, path);
  if (existing?.type === 'folder') throw new ConflictError(`${path.text} is a folder.`);
  if (existing && !overwrite) throw new ConflictError(`A file already exists at ${path.text}; pass overwrite true.`);
  if (path.segments.length < 2) return;
  const parentPath = toFilePath(path.segments.slice(0, -1));
  const parent = existing ? undefined : await findPath(access, parentPath);
  if (!existing && parent?.type !== 'folder') throw describeUnusableParent(parentPath, parent);
}

async function abortUpload(access: DavAccount, uploadId: string): Promise<void> {
  try {
    await access.client.request(davUploadPath(access.userId, uploadId), { method: 'DELETE', accept: [404] });
  } catch {
    // The upload folder expires on its own; the original failure is what the caller needs to see.
  }
}
