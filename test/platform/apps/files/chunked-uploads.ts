// Chunked uploads in the files double: MKCOL /remote.php/dav/uploads/{uid}/{id} (with a Destination for v2), PUT
// …/{id}/{n}, MOVE …/{id}/.file assembles into the Destination, DELETE …/{id} aborts. A `strict` server (Redis or
// Memcached and S3 storage) enforces v2 on uploads started with a Destination: the header on every request, chunk
// names 1 to 10000, every chunk but the last at least 5 MB. A `plain` server accepts any of that.
import { parseDestination } from './dav-location.js';
import { failedPrecondition, header, requestedMtime, sendFailedPrecondition, writeHeaders } from './file-headers.js';
import type { FilesRequest } from './file-methods.js';
import { sendDavError } from './multistatus.js';
import { sendNotFound, sendNotImplemented } from './not-found.js';

export type ChunkingServer = 'strict' | 'plain';

export interface PendingUpload {
  /** The target below the user's files (v2); undefined for a v1 upload (no Destination on MKCOL). */
  destination: string[] | undefined;
  chunks: Map<string, Buffer>;
}

export const MIN_CHUNK_BYTES = 5 * 1024 * 1024;
const MAX_CHUNK_NUMBER = 10_000;

// unverified: the messages of the strict refusals (source: nextcloud/server apps/dav/lib/Upload/ChunkingV2Plugin.php;
// the 5 MB minimum is S3's multipart rule, whose refusal Nextcloud passes on)
export function handleChunkedUpload(
  request: FilesRequest,
  uploads: Map<string, PendingUpload>,
  server: ChunkingServer,
): void {
  const { req, res, owner, userId, segments, body } = request;
  if (owner !== userId)
    return sendDavError(res, 403, 'Forbidden', 'Not allowed to access the upload folder of another user');
  const [id, chunkName, ...rest] = segments;
  if (id === undefined || rest.length > 0) return sendNotFound(res, 'File not found');
  const upload = uploads.get(id);

  if (req.method === 'MKCOL' && chunkName === undefined) {
    if (upload) return sendDavError(res, 405, 'MethodNotAllowed', 'The resource you tried to create already exists');
    const destination = parseDestination(req);
    if (destination !== 'missing' && (!destination || destination.root !== 'files' || destination.owner !== userId)) {
      return sendDavError(res, 400, 'BadRequest', 'The Destination header must point into your files');
    }
    uploads.set(id, { destination: destination === 'missing' ? undefined : destination.segments, chunks: new Map() });
    res.writeHead(201, { 'content-length': '0' });
    return void res.end();
  }
  if (!upload) return sendNotFound(res, `File with name ${id} could not be located`);
  const strictV2 = server === 'strict' && upload.destination !== undefined;
  if (req.method === 'DELETE' && chunkName === undefined) {
    uploads.delete(id);
    res.writeHead(204);
    return void res.end();
  }
  if (req.method === 'PUT' && chunkName !== undefined && chunkName !== '.file') {
    if (strictV2 && header(req, 'destination') === undefined) {
      return sendDavError(res, 400, 'BadRequest', 'Chunking destination header not set');
    }
    const number = Number(chunkName);
    if (strictV2 && !(Number.isInteger(number) && number >= 1 && number <= MAX_CHUNK_NUMBER)) {
      return sendDavError(res, 400, 'BadRequest', 'Invalid chunk name, must be numeric between 1 and 10000');
    }
    const created = !upload.chunks.has(chunkName);
    upload.chunks.set(chunkName, body);
    res.writeHead(created ? 201 : 204, { 'content-length': '0' });
    return void res.end();
  }
  if (req.method === 'MOVE' && chunkName === '.file') return assemble(request, uploads, id, strictV2);
  sendNotImplemented(res, req.method);
}

function assemble(request: FilesRequest, uploads: Map<string, PendingUpload>, id: string, strictV2: boolean): void {
  const { req, res, tree, userId } = request;
  const upload = uploads.get(id);
  const destination = parseDestination(req);
  if (!upload || destination === 'missing' || !destination || destination.root !== 'files') {
    return sendDavError(res, 400, 'BadRequest', 'The destination header was not supplied or is not in your files');
  }
  if (destination.owner !== userId) return sendDavError(res, 403, 'Forbidden', 'Permission denied to create file');
  if (upload.destination && upload.destination.join('/') !== destination.segments.join('/')) {
    return sendDavError(res, 400, 'BadRequest', 'The upload destination does not match the one given at MKCOL');
  }
  // Chunk names sort naturally (1, 2, 10), as Nextcloud assembles them.
  const names = [...upload.chunks.keys()].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const chunks = names.map((name) => upload.chunks.get(name) ?? Buffer.alloc(0));
  if (strictV2 && chunks.slice(0, -1).some((chunk) => chunk.length < MIN_CHUNK_BYTES)) {
    return sendDavError(res, 400, 'BadRequest', 'Upload chunks must be at least 5 MB, except the last one');
  }
  const content = Buffer.concat(chunks);
  const totalLength = header(req, 'oc-total-length');
  if (totalLength !== undefined && Number(totalLength) !== content.length) {
    const message = `Chunks on server do not sum up to ${totalLength} but to ${content.length} bytes`;
    return sendDavError(res, 400, 'BadRequest', message);
  }
  const target = destination.segments;
  if (target.length === 0 || tree.find(target.slice(0, -1))?.kind !== 'folder') {
    return sendDavError(res, 409, 'Conflict', 'The destination node is not found');
  }
  const existing = tree.find(target);
  if (existing?.kind === 'folder') return sendDavError(res, 409, 'Conflict', 'The destination is a folder');
  if (existing && header(req, 'overwrite')?.toUpperCase() === 'F') {
    const message = 'The destination node already exists, and the overwrite header is set to false';
    return sendDavError(res, 412, 'PreconditionFailed', message);
  }
  const failed = failedPrecondition(req, existing);
  if (failed) return sendFailedPrecondition(res, failed, existing);
  const mtime = requestedMtime(req);
  const { node, created } = tree.writeFile(target, content, mtime);
  uploads.delete(id);
  res.writeHead(created ? 201 : 204, writeHeaders(node, mtime !== undefined));
  res.end();
}
