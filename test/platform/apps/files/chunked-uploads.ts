// Chunked upload v2 in the files double: MKCOL /remote.php/dav/uploads/{uid}/{id} with a Destination, PUT
// …/{id}/{n} (n from 1 to 10000), MOVE …/{id}/.file assembles into the Destination, DELETE …/{id} aborts. Every
// chunk but the last must be 5 MiB or more; Nextcloud (object storage) refuses the assembly otherwise.
import { parseDestination } from './dav-location.js';
import { failedPrecondition, requestedMtime, writeHeaders, type FilesRequest } from './file-methods.js';
import { sendDavError } from './multistatus.js';

export interface PendingUpload {
  /** The target below the user's files (v2); undefined for a v1 upload (no Destination on MKCOL). */
  destination: string[] | undefined;
  chunks: Map<string, Buffer>;
}

export const MIN_CHUNK_BYTES = 5 * 1024 * 1024;
const MAX_CHUNK_NUMBER = 10_000;

export function handleChunkedUpload(request: FilesRequest, uploads: Map<string, PendingUpload>): void {
  const { req, res, owner, userId, segments, body } = request;
  if (owner !== userId)
    return sendDavError(res, 403, 'Forbidden', 'Not allowed to access the upload folder of another user');
  const [id, chunkName, ...rest] = segments;
  if (id === undefined || rest.length > 0) return sendDavError(res, 404, 'NotFound', 'File not found');
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
  if (!upload) return sendDavError(res, 404, 'NotFound', `File with name ${id} could not be located`);
  if (req.method === 'DELETE' && chunkName === undefined) {
    uploads.delete(id);
    res.writeHead(204);
    return void res.end();
  }
  if (req.method === 'PUT' && chunkName !== undefined && chunkName !== '.file') {
    const number = Number(chunkName);
    if (upload.destination && !(Number.isInteger(number) && number >= 1 && number <= MAX_CHUNK_NUMBER)) {
      return sendDavError(res, 400, 'BadRequest', 'Invalid chunk name, must be numeric between 1 and 10000');
    }
    const created = !upload.chunks.has(chunkName);
    upload.chunks.set(chunkName, body);
    res.writeHead(created ? 201 : 204, { 'content-length': '0' });
    return void res.end();
  }
  if (req.method === 'MOVE' && chunkName === '.file') return assemble(request, uploads, id, upload);
  sendDavError(
    res,
    501,
    'NotImplemented',
    `There was no plugin in the system that was willing to handle this ${req.method} method.`,
  );
}

function assemble(request: FilesRequest, uploads: Map<string, PendingUpload>, id: string, upload: PendingUpload): void {
  const { req, res, tree, userId } = request;
  const destination = parseDestination(req);
  if (destination === 'missing' || !destination || destination.root !== 'files' || destination.owner !== userId) {
    return sendDavError(res, 400, 'BadRequest', 'The destination header was not supplied or is not in your files');
  }
  if (upload.destination && upload.destination.join('/') !== destination.segments.join('/')) {
    return sendDavError(
      res,
      400,
      'BadRequest',
      'The upload destination does not match the one given when the upload started',
    );
  }
  const names = [...upload.chunks.keys()].sort((a, b) =>
    upload.destination ? Number(a) - Number(b) : a.localeCompare(b),
  );
  const chunks = names.map((name) => upload.chunks.get(name) ?? Buffer.alloc(0));
  if (upload.destination && chunks.slice(0, -1).some((chunk) => chunk.length < MIN_CHUNK_BYTES)) {
    return sendDavError(res, 400, 'BadRequest', 'Upload chunks must be at least 5 MB, except the last one');
  }
  const content = Buffer.concat(chunks);
  const totalLength = request.req.headers['oc-total-length'];
  if (typeof totalLength === 'string' && Number(totalLength) !== content.length) {
    return sendDavError(
      res,
      400,
      'BadRequest',
      `Chunks on server do not sum up to ${totalLength} but to ${content.length} bytes`,
    );
  }
  const target = destination.segments;
  if (target.length === 0 || tree.find(target.slice(0, -1))?.kind !== 'folder') {
    return sendDavError(res, 409, 'Conflict', 'The destination node is not found');
  }
  const existing = tree.find(target);
  if (existing?.kind === 'folder') return sendDavError(res, 409, 'Conflict', 'The destination is a folder');
  if (existing && String(req.headers.overwrite ?? '').toUpperCase() === 'F') {
    return sendDavError(
      res,
      412,
      'PreconditionFailed',
      'The destination node already exists, and the overwrite header is set to false',
    );
  }
  const failed = failedPrecondition(req, existing);
  if (failed) return sendDavError(res, 412, 'PreconditionFailed', failed);
  const mtime = requestedMtime(req);
  const { node, created } = tree.writeFile(target, content, mtime);
  uploads.delete(id);
  res.writeHead(created ? 201 : 204, writeHeaders(node, mtime !== undefined));
  res.end();
}
