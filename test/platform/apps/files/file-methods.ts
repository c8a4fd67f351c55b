// The standard WebDAV methods on /remote.php/dav/files/{uid}/…: PROPFIND, GET (with Range), PUT (If-Match,
// If-None-Match), MKCOL, MOVE, COPY (Destination, Overwrite) and DELETE (into the trash bin), as sabre answers them.
import type { ServerResponse } from 'node:http';
import type { DoubleRequest } from '../../double-app.js';
import { hrefOf, parseDestination } from './dav-location.js';
import type { FileNode, FileTree } from './file-tree.js';
import { parseRequestedProps, sendDavError, sendMultistatus, type DavResource } from './multistatus.js';
import { describeNode } from './node-props.js';

export interface FilesRequest {
  req: DoubleRequest;
  res: ServerResponse;
  body: Buffer;
  /** The caller's files. */
  tree: FileTree;
  userId: string;
  /** The tree owner named in the URL (may be another user). */
  owner: string;
  segments: string[];
}

export function handleFileMethod(request: FilesRequest): void {
  const { req, res, owner, userId } = request;
  // Nextcloud answers another user's home with an empty collection: nothing inside, nothing may be created.
  if (owner !== userId) return answerForeignHome(request);
  switch (req.method) {
    case 'PROPFIND':
      return propfind(request);
    case 'GET':
    case 'HEAD':
      return get(request);
    case 'PUT':
      return put(request);
    case 'MKCOL':
      return mkcol(request);
    case 'DELETE':
      return remove(request);
    case 'MOVE':
    case 'COPY':
      return moveOrCopy(request);
    default:
      return sendDavError(
        res,
        501,
        'NotImplemented',
        `There was no plugin in the system that was willing to handle this ${req.method} method.`,
      );
  }
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

/** The headers Nextcloud sends after a write: ETag, OC-ETag, OC-FileId (and X-OC-MTime when one was set). */
export function writeHeaders(node: FileNode, mtimeAccepted: boolean): Record<string, string> {
  return {
    etag: `"${node.etag}"`,
    'oc-etag': `"${node.etag}"`,
    'oc-fileid': `${String(node.fileId).padStart(8, '0')}ocdouble01`,
    ...(mtimeAccepted ? { 'x-oc-mtime': 'accepted' } : {}),
    'content-length': '0',
  };
}

/** X-OC-Mtime (unix seconds), which Nextcloud clients send to keep a file's modification time. */
export function requestedMtime(req: DoubleRequest): number | undefined {
  const value = Number(header(req, 'x-oc-mtime'));
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;
}

function propfind({ req, res, body, tree, userId, segments }: FilesRequest): void {
  const node = tree.find(segments);
  if (!node) return notFound(res, segments);
  const requested = parseRequestedProps(body);
  if (requested === 'invalid') return sendDavError(res, 400, 'BadRequest', 'The request body is not valid XML');
  // Depth infinity is disabled in Nextcloud and treated as 1.
  const depth = header(req, 'depth') === '0' ? 0 : 1;
  const resources: DavResource[] = [describe(req, tree, userId, node, segments)];
  if (depth === 1 && node.kind === 'folder') {
    for (const child of node.children.values())
      resources.push(describe(req, tree, userId, child, [...segments, child.name]));
  }
  sendMultistatus(res, resources, requested);
}

function get({ req, res, tree, segments }: FilesRequest): void {
  const node = tree.find(segments);
  if (!node) return notFound(res, segments);
  if (node.kind === 'folder') {
    return sendDavError(
      res,
      501,
      'NotImplemented',
      'There was no plugin in the system that was willing to handle this GET method. Enable the Browser plugin to get a better result here.',
    );
  }
  const size = node.content.length;
  const headers: Record<string, string> = {
    'content-type': node.mimeType,
    etag: `"${node.etag}"`,
    'oc-etag': `"${node.etag}"`,
    'last-modified': new Date(node.mtime * 1000).toUTCString(),
    'accept-ranges': 'bytes',
  };
  const range = parseRange(header(req, 'range'), size);
  if (range === 'unsatisfiable') {
    return sendDavError(res, 416, 'RequestedRangeNotSatisfiable', 'The start offset should be less than the file size');
  }
  const [start, end] = range ?? [0, size - 1];
  const bytes = node.content.subarray(start, end + 1);
  headers['content-length'] = String(bytes.length);
  if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`;
  res.writeHead(range ? 206 : 200, headers);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

function put({ req, res, body, tree, segments }: FilesRequest): void {
  const existing = tree.find(segments);
  const parent = tree.find(segments.slice(0, -1));
  if (segments.length === 0 || existing?.kind === 'folder') {
    return sendDavError(res, 409, 'Conflict', 'PUT is not allowed on non-files.');
  }
  if (parent?.kind !== 'folder')
    return sendDavError(res, 409, 'Conflict', 'Files can only be created as children of collections');
  const failed = failedPrecondition(req, existing);
  if (failed) return sendDavError(res, 412, 'PreconditionFailed', failed);
  const mtime = requestedMtime(req);
  const { node, created } = tree.writeFile(segments, body, mtime);
  res.writeHead(created ? 201 : 204, writeHeaders(node, mtime !== undefined));
  res.end();
}

function mkcol({ res, body, tree, segments }: FilesRequest): void {
  if (body.length > 0)
    return sendDavError(
      res,
      415,
      'UnsupportedMediaType',
      'The request body for the MKCOL request must have an xml Content-Type',
    );
  if (segments.length === 0 || tree.find(segments)) {
    return sendDavError(res, 405, 'MethodNotAllowed', 'The resource you tried to create already exists');
  }
  if (tree.find(segments.slice(0, -1))?.kind !== 'folder')
    return sendDavError(res, 409, 'Conflict', 'Parent node does not exist');
  const node = tree.makeFolder(segments);
  res.writeHead(201, { 'oc-fileid': writeHeaders(node, false)['oc-fileid'] ?? '', 'content-length': '0' });
  res.end();
}

function remove({ req, res, tree, segments }: FilesRequest): void {
  const node = tree.find(segments);
  if (!node) return notFound(res, segments);
  if (segments.length === 0) return sendDavError(res, 403, 'Forbidden', 'Permission denied to delete this node');
  const failed = failedPrecondition(req, node);
  if (failed) return sendDavError(res, 412, 'PreconditionFailed', failed);
  tree.moveToTrash(segments);
  res.writeHead(204);
  res.end();
}

function moveOrCopy({ req, res, tree, userId, segments }: FilesRequest): void {
  const node = tree.find(segments);
  if (!node) return notFound(res, segments);
  const destination = parseDestination(req);
  if (destination === 'missing') return sendDavError(res, 400, 'BadRequest', 'The destination header was not supplied');
  if (!destination) return sendDavError(res, 502, 'BadGateway', 'The destination node is not on the same server');
  if (destination.root !== 'files' || destination.owner !== userId || destination.segments.length === 0) {
    return sendDavError(res, 403, 'Forbidden', 'Permission denied to create file');
  }
  const target = destination.segments;
  if (target.join('/') === segments.join('/'))
    return sendDavError(res, 403, 'Forbidden', 'Source and destination uri are identical.');
  if (segments.length > 0 && target.slice(0, segments.length).join('/') === segments.join('/')) {
    return sendDavError(res, 409, 'Conflict', 'Moving a folder into a subfolder is forbidden');
  }
  if (tree.find(target.slice(0, -1))?.kind !== 'folder')
    return sendDavError(res, 409, 'Conflict', 'The destination node is not found');
  const existing = tree.find(target);
  if (existing && header(req, 'overwrite')?.toUpperCase() === 'F') {
    return sendDavError(
      res,
      412,
      'PreconditionFailed',
      'The destination node already exists, and the overwrite header is set to false',
    );
  }
  if (existing) tree.moveToTrash(target);
  if (req.method === 'MOVE') tree.attach(target, tree.detach(segments) ?? node);
  else tree.attach(target, tree.clone(node));
  res.writeHead(existing ? 204 : 201, { 'content-length': '0' });
  res.end();
}

function answerForeignHome({ req, res, body, owner, segments }: FilesRequest): void {
  if (segments.length > 0) {
    if (req.method === 'PUT' || req.method === 'MKCOL') {
      if (segments.length === 1)
        return sendDavError(res, 403, 'Forbidden', `Permission denied to create file (filename ${segments[0]})`);
      return sendDavError(res, 409, 'Conflict', 'Files can only be created as children of collections');
    }
    return notFound(res, segments);
  }
  if (req.method !== 'PROPFIND') return sendDavError(res, 403, 'Forbidden', 'Permission denied');
  const requested = parseRequestedProps(body);
  if (requested === 'invalid') return sendDavError(res, 400, 'BadRequest', 'The request body is not valid XML');
  sendMultistatus(
    res,
    [{ href: hrefOf(req, 'files', owner, [], true), props: { resourcetype: '<d:collection/>' } }],
    requested,
  );
}

function describe(req: DoubleRequest, tree: FileTree, userId: string, node: FileNode, segments: string[]): DavResource {
  return { href: hrefOf(req, 'files', userId, segments, node.kind === 'folder'), props: describeNode(tree, node) };
}

function notFound(res: ServerResponse, segments: string[]): void {
  sendDavError(res, 404, 'NotFound', `File with name ${segments.join('/')} could not be located`);
}

export function header(req: DoubleRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n`; undefined means "whole file" (no or unsupported Range). */
function parseRange(value: string | undefined, size: number): [number, number] | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(value?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') {
    const suffix = Math.min(Number(match[2]), size);
    return suffix === 0 ? 'unsatisfiable' : [size - suffix, size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}
