// The standard WebDAV methods on /remote.php/dav/files/{uid}/…: PROPFIND, GET (with Range), PUT (If-Match,
// If-None-Match), MKCOL, MOVE, COPY (Destination, Overwrite), DELETE (into the trash bin) and the favourites REPORT,
// as sabre answers them.
import type { ServerResponse } from 'node:http';
import type { DoubleRequest } from '../../double-app.js';
import { hrefOf, parseDestination } from './dav-location.js';
import {
  downloadHeaders,
  failedPrecondition,
  header,
  nodeHeaders,
  ocFileId,
  parseRange,
  requestedMtime,
  sendFailedPrecondition,
  writeHeaders,
} from './file-headers.js';
import type { FileNode, FileTree } from './file-tree.js';
import { parseRequestedProps, sendDavError, sendMultistatus, type DavResource } from './multistatus.js';
import { describeNode } from './node-props.js';
import { fileEvents } from '../webhooks/dispatched-events.js';
import {
  fileInTheWay,
  missingInForeignHomeMessage,
  missingInHomeMessage,
  sendNotFound,
  sendNotImplemented,
} from './not-found.js';
import { handleFilesReport } from './favorites-report.js';
import { proppatchFavorite } from './system-tags.js';

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

/** What GET on another user's home answers: Nextcloud's DummyGetResponsePlugin text, 200, without ETag. */
// unverified: the text after "WebDAV clients" (source: nextcloud/server
// apps/dav/lib/Connector/Sabre/DummyGetResponsePlugin.php)
export const FOLDER_GET_TEXT =
  'This is the WebDAV interface. It can only be accessed by WebDAV clients such as the Nextcloud desktop sync client.';

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
    case 'REPORT':
      return handleFilesReport(request);
    case 'PROPPATCH': {
      const node = request.tree.find(request.segments);
      if (!node) return sendNotFound(res, missingInHomeMessage(request.tree, request.segments));
      return proppatchFavorite(request, node);
    }
    default:
      return sendNotImplemented(res, req.method);
  }
}

function propfind({ req, res, body, tree, userId, segments }: FilesRequest): void {
  const node = tree.find(segments);
  if (!node) return sendNotFound(res, missingInHomeMessage(tree, segments));
  const requested = parseRequestedProps(body);
  if (requested === 'invalid') return sendDavError(res, 400, 'BadRequest', 'The request body is not valid XML');
  // Depth infinity is disabled in Nextcloud and treated as 1.
  const depth = header(req, 'depth') === '0' ? 0 : 1;
  const resources: DavResource[] = [describe(req, tree, userId, node, segments)];
  if (depth === 1 && node.kind === 'folder') {
    // Children come sorted by name; the key, not the node's name: a received share may show as `report (2).pdf`.
    // unverified: the order is by code point (source: none; docs/nextcloud-behaviour.md says "sorted by name")
    const children = [...node.children].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [name, child] of children) resources.push(describe(req, tree, userId, child, [...segments, name]));
  }
  sendMultistatus(res, resources, requested);
}

function get({ req, res, tree, segments }: FilesRequest): void {
  const node = tree.find(segments);
  if (!node) return sendNotFound(res, missingInHomeMessage(tree, segments));
  if (node.kind === 'folder') {
    // One's own folder: 200 text/html with an empty body and no ETag.
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': '0' });
    return void res.end();
  }
  const size = node.content.length;
  const headers = downloadHeaders(node, segments[segments.length - 1] ?? node.name);
  const range = parseRange(header(req, 'range'), size);
  if (range && 'refused' in range) {
    return sendDavError(res, 416, 'RequestedRangeNotSatisfiable', range.refused, { etag: headers.etag ?? '' });
  }
  const [start, end] = range ?? [0, size - 1];
  const bytes = node.content.subarray(start, end + 1);
  headers['content-length'] = String(bytes.length);
  if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`;
  res.writeHead(range ? 206 : 200, headers);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

function put({ req, res, body, tree, userId, segments }: FilesRequest): void {
  const existing = tree.find(segments);
  const parent = tree.find(segments.slice(0, -1));
  if (segments.length === 0 || existing?.kind === 'folder') {
    return sendDavError(res, 409, 'Conflict', 'PUT is not allowed on non-files.');
  }
  const file = fileInTheWay(tree, segments.slice(0, -1));
  if (file !== undefined) return sendNotFound(res, `Node with name '${file}' could not be found`);
  if (!parent) return sendNotFound(res, missingInHomeMessage(tree, segments.slice(0, -1)));
  const failed = failedPrecondition(req, existing);
  if (failed) return sendFailedPrecondition(res, failed, existing);
  const mtime = requestedMtime(req);
  const { node, created } = tree.writeFile(segments, body, mtime);
  fileEvents.written(req, userId, segments, node, created);
  res.writeHead(created ? 201 : 204, writeHeaders(node, mtime !== undefined));
  res.end();
}

function mkcol({ req, res, body, tree, userId, segments }: FilesRequest): void {
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
  fileEvents.written(req, userId, segments, node, true);
  res.writeHead(201, { 'oc-fileid': ocFileId(node), 'content-length': '0' });
  res.end();
}

function remove({ req, res, tree, userId, segments }: FilesRequest): void {
  const node = tree.find(segments);
  if (!node) return sendNotFound(res, missingInHomeMessage(tree, segments));
  if (segments.length === 0) return sendDavError(res, 403, 'Forbidden', 'Permission denied to delete this node');
  const failed = failedPrecondition(req, node);
  if (failed) return sendFailedPrecondition(res, failed, node);
  tree.moveToTrash(segments);
  fileEvents.deleted(req, userId, segments, node);
  res.writeHead(204);
  res.end();
}

function moveOrCopy({ req, res, tree, userId, segments }: FilesRequest): void {
  const node = tree.find(segments);
  if (!node) return sendNotFound(res, missingInHomeMessage(tree, segments));
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
    return sendDavError(
      res,
      409,
      'Conflict',
      'The destination may not be part of the same subtree as the source path.',
    );
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
  const placed = req.method === 'MOVE' ? (tree.detach(segments) ?? node) : tree.clone(node);
  tree.attach(target, placed);
  if (req.method === 'MOVE') fileEvents.renamed(req, userId, segments, target, placed);
  else fileEvents.copied(req, userId, segments, node, target, placed);
  // MOVE answers the moved file's ETag and its kept id; COPY only the copy's new id.
  const answer = req.method === 'MOVE' ? nodeHeaders(placed) : { 'oc-fileid': ocFileId(placed) };
  res.writeHead(existing ? 204 : 201, { ...answer, 'content-length': '0' });
  res.end();
}

function answerForeignHome({ req, res, body, owner, segments }: FilesRequest): void {
  if (segments.length > 0) {
    // A SimpleCollection refuses to create children; anything deeper is not found.
    if (segments.length === 1 && req.method === 'PUT')
      return sendDavError(res, 403, 'Forbidden', `Permission denied to create file (filename ${segments[0]})`);
    if (segments.length === 1 && req.method === 'MKCOL')
      return sendDavError(res, 403, 'Forbidden', 'Permission denied to create directory');
    if (req.method === 'MKCOL') return sendDavError(res, 409, 'Conflict', 'Parent node does not exist');
    return sendNotFound(res, missingInForeignHomeMessage(owner, segments));
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    res.writeHead(200, { 'content-length': String(Buffer.byteLength(FOLDER_GET_TEXT)) });
    return void res.end(req.method === 'HEAD' ? undefined : FOLDER_GET_TEXT);
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
  const name = segments[segments.length - 1] ?? '';
  return {
    href: hrefOf(req, 'files', userId, segments, node.kind === 'folder'),
    props: describeNode(tree, node, name),
  };
}
