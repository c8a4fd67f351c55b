// The trash bin of the files double: /remote.php/dav/trashbin/{uid}/trash lists deleted items with their original
// name, location and deletion time; MOVE to …/restore/{name} restores one; DELETE removes for good.
import { hrefOf, parseDestination } from './dav-location.js';
import type { FilesRequest } from './file-methods.js';
import { parseRequestedProps, sendDavError, sendMultistatus, escapeXml, type DavResource } from './multistatus.js';
import { describeNode } from './node-props.js';
import type { TrashItem } from './file-tree.js';

export function handleTrashBin(request: FilesRequest): void {
  const { req, res, owner, userId, segments, tree, body } = request;
  if (owner !== userId)
    return sendDavError(res, 403, 'Forbidden', 'Not allowed to access the trash bin of another user');
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
    return sendDavError(res, 404, 'NotFound', 'File not found');
  }
  const item = name === undefined ? undefined : tree.trash.find((entry) => entry.trashName === name);
  if (name !== undefined && !item)
    return sendDavError(res, 404, 'NotFound', `File with name ${name} could not be located`);
  if (collection === 'restore')
    return sendDavError(
      res,
      501,
      'NotImplemented',
      `There was no plugin in the system that was willing to handle this ${req.method} method.`,
    );

  switch (req.method) {
    case 'PROPFIND': {
      const requested = parseRequestedProps(body);
      if (requested === 'invalid') return sendDavError(res, 400, 'BadRequest', 'The request body is not valid XML');
      const depth = request.req.headers.depth === '0' ? 0 : 1;
      const resources: DavResource[] = item
        ? [describeItem(request, item)]
        : [{ href: hrefOf(req, 'trashbin', userId, ['trash'], true), props: { resourcetype: '<d:collection/>' } }];
      if (!item && depth === 1) resources.push(...tree.trash.map((entry) => describeItem(request, entry)));
      return sendMultistatus(res, resources, requested);
    }
    case 'MOVE': {
      if (!item) return sendDavError(res, 403, 'Forbidden', 'Permission denied');
      const destination = parseDestination(req);
      if (destination === 'missing')
        return sendDavError(res, 400, 'BadRequest', 'The destination header was not supplied');
      if (
        !destination ||
        destination.root !== 'trashbin' ||
        destination.owner !== userId ||
        destination.segments[0] !== 'restore'
      ) {
        return sendDavError(res, 403, 'Forbidden', 'Permission denied to move this item');
      }
      tree.restore(item.trashName);
      res.writeHead(201, { 'content-length': '0' });
      return void res.end();
    }
    case 'GET': {
      if (!item || item.node.kind === 'folder')
        return sendDavError(
          res,
          501,
          'NotImplemented',
          'There was no plugin in the system that was willing to handle this GET method.',
        );
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
      return sendDavError(
        res,
        501,
        'NotImplemented',
        `There was no plugin in the system that was willing to handle this ${req.method} method.`,
      );
  }
}

function describeItem({ req, tree, userId }: FilesRequest, item: TrashItem): DavResource {
  return {
    href: hrefOf(req, 'trashbin', userId, ['trash', item.trashName], item.node.kind === 'folder'),
    props: {
      ...describeNode(tree, item.node),
      'trashbin-filename': escapeXml(item.node.name),
      'trashbin-original-location': escapeXml(item.originalLocation),
      'trashbin-deletion-time': String(item.deletedAt),
    },
  };
}
