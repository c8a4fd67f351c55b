// The trash bin of the files double: /remote.php/dav/trashbin/{uid}/trash lists deleted items with their original
// name, location, deletion time and who deleted them; MOVE to …/restore/{anyName} restores one where it was; DELETE
// removes one (or, on …/trash, all) for good.
import { hrefOf, parseDestination } from './dav-location.js';
import { header } from './file-headers.js';
import type { FilesRequest } from './file-methods.js';
import type { TrashItem } from './file-tree.js';
import {
  escapeXml,
  httpDate,
  parseRequestedProps,
  sendDavError,
  sendMultistatus,
  type DavResource,
} from './multistatus.js';
import { describeNode } from './node-props.js';
import { sendNotFound, sendNotImplemented } from './not-found.js';

export function handleTrashBin(request: FilesRequest): void {
  const { req, res, owner, userId, segments, tree, body } = request;
  // The trash bin's 403s and 404s carry an empty <s:message/>.
  if (owner !== userId) return sendDavError(res, 403, 'Forbidden', '');
  const [collection, name, ...rest] = segments;
  if (collection === undefined && req.method === 'PROPFIND') {
    const requested = parseRequestedProps(body);
    if (requested === 'invalid') return sendDavError(res, 400, 'BadRequest', 'The request body is not valid XML');
    return sendMultistatus(
      res,
      [{ href: hrefOf(req, 'trashbin', userId, [], true), props: { resourcetype: '<d:collection/>' } }],
      requested,
    );
  }
  if ((collection !== 'trash' && collection !== 'restore') || rest.length > 0) {
    return sendNotFound(res, '');
  }
  const item = name === undefined ? undefined : tree.trash.find((entry) => entry.trashName === name);
  if (name !== undefined && !item) return sendNotFound(res, '');
  if (collection === 'restore') return sendNotImplemented(res, req.method);

  switch (req.method) {
    case 'PROPFIND': {
      const requested = parseRequestedProps(body);
      if (requested === 'invalid') return sendDavError(res, 400, 'BadRequest', 'The request body is not valid XML');
      const depth = header(req, 'depth') === '0' ? 0 : 1;
      const resources: DavResource[] = item
        ? [describeItem(request, item)]
        : [{ href: hrefOf(req, 'trashbin', userId, ['trash'], true), props: { resourcetype: '<d:collection/>' } }];
      if (!item && depth === 1) resources.push(...tree.trash.map((entry) => describeItem(request, entry)));
      return sendMultistatus(res, resources, requested);
    }
    case 'MOVE':
      return item ? restore(request, item) : sendDavError(res, 403, 'Forbidden', '');
    case 'GET': {
      if (!item || item.node.kind === 'folder') return sendNotImplemented(res, 'GET');
      res.writeHead(200, { 'content-type': item.node.mimeType, 'content-length': String(item.node.content.length) });
      return void res.end(item.node.content);
    }
    case 'DELETE': {
      const kept = item ? tree.trash.filter((entry) => entry !== item) : [];
      tree.trash.splice(0, tree.trash.length, ...kept);
      res.writeHead(204);
      return void res.end();
    }
    default:
      return sendNotImplemented(res, req.method);
  }
}

/**
 * Every name below …/restore/ looks like an existing node to sabre, so `Overwrite: F` always fails there; the item
 * goes back to its original location whatever name the Destination gives (`name (restored).ext` when taken).
 */
function restore({ req, res, tree, userId }: FilesRequest, item: TrashItem): void {
  const destination = parseDestination(req);
  if (destination === 'missing') return sendDavError(res, 400, 'BadRequest', 'The destination header was not supplied');
  if (
    !destination ||
    destination.root !== 'trashbin' ||
    destination.owner !== userId ||
    destination.segments[0] !== 'restore' ||
    destination.segments.length !== 2
  ) {
    return sendDavError(res, 403, 'Forbidden', '');
  }
  if (header(req, 'overwrite')?.toUpperCase() === 'F') {
    return sendDavError(
      res,
      412,
      'PreconditionFailed',
      'The destination node already exists, and the overwrite header is set to false',
    );
  }
  tree.restore(item.trashName);
  res.writeHead(201, { 'content-length': '0' });
  res.end();
}

function describeItem({ req, tree, userId }: FilesRequest, item: TrashItem): DavResource {
  return {
    href: hrefOf(req, 'trashbin', userId, ['trash', item.trashName], item.node.kind === 'folder'),
    props: {
      ...describeNode(tree, item.node),
      // The deletion time, not the file's: getetag unquoted (`1795845642`).
      getetag: String(item.deletedAt),
      getlastmodified: httpDate(item.deletedAt),
      'trashbin-filename': escapeXml(item.node.name),
      'trashbin-original-location': escapeXml(item.originalLocation),
      'trashbin-deletion-time': String(item.deletedAt),
      'trashbin-deleted-by-id': escapeXml(userId),
      'trashbin-deleted-by-display-name': escapeXml(req.user?.displayName ?? userId),
    },
  };
}
