// System tags and favourites in the files double: /remote.php/dav/systemtags (list, POST JSON to create) and
// /remote.php/dav/systemtags-relations/files/{fileid}/{tagid} (PUT assigns, DELETE removes, PROPFIND lists), and
// PROPPATCH of oc:favorite on a file.
// unverified: all of this file (source: nextcloud/server apps/dav/lib/SystemTag/SystemTagPlugin.php httpPost and
// createTag, SystemTagsObjectMappingCollection.php createFile/getChild, SystemTagMappingNode.php delete, and
// apps/dav/lib/Connector/Sabre/TagsPlugin.php for oc:favorite).
import { XMLParser } from 'fast-xml-parser';
import { hrefOf } from './dav-location.js';
import { header } from './file-headers.js';
import type { FilesRequest } from './file-methods.js';
import type { FileNode } from './file-tree.js';
import {
  DEFAULT_PROPS,
  escapeXml,
  parseRequestedProps,
  sendDavError,
  sendMultistatus,
  type DavResource,
} from './multistatus.js';
import { sendNotFound, sendNotImplemented } from './not-found.js';

export interface SystemTag {
  id: number;
  name: string;
  userVisible: boolean;
  userAssignable: boolean;
}

export interface SystemTags {
  all: Map<number, SystemTag>;
  nextId: number;
}

export function createSystemTags(): SystemTags {
  return { all: new Map(), nextId: 1 };
}

const TAG_PROPS = ['id', 'display-name', 'user-visible', 'user-assignable'];

/** /remote.php/dav/systemtags[/{id}]: here `owner` is the tag id ('' for the collection). */
export function handleSystemTags(request: FilesRequest, tags: SystemTags): void {
  const { req, res, owner } = request;
  if (owner !== '') {
    const tag = tags.all.get(Number(owner));
    if (!tag || !tag.userVisible) return sendNotFound(res, `Tag with id ${owner} not found`);
    if (req.method !== 'PROPFIND') return sendNotImplemented(res, req.method);
    return sendMultistatus(res, [describeTag(request, tag)], requestedOf(request));
  }
  if (req.method === 'POST') return createTag(request, tags);
  if (req.method !== 'PROPFIND') return sendNotImplemented(res, req.method);
  const resources: DavResource[] = [
    { href: hrefOf(req, 'systemtags', '', [], false), props: { resourcetype: '<d:collection/>' } },
  ];
  if (header(req, 'depth') !== '0') {
    resources.push(...[...tags.all.values()].filter((t) => t.userVisible).map((t) => describeTag(request, t)));
  }
  sendMultistatus(res, resources, ['resourcetype', ...requestedOf(request)]);
}

/** /remote.php/dav/systemtags-relations/files/{fileid}[/{tagid}]. */
export function handleTagRelations(request: FilesRequest, tags: SystemTags): void {
  const { req, res, owner, segments, tree } = request;
  const [fileIdText, tagIdText, ...rest] = segments;
  if (owner !== 'files' || fileIdText === undefined || rest.length > 0) return sendNotFound(res, 'File not found');
  const file = /^\d+$/.test(fileIdText) ? tree.findById(Number(fileIdText))?.node : undefined;
  if (!file) return sendNotFound(res, `Files with id ${fileIdText} could not be found`);
  const assigned = (file.tagIds ??= []);
  if (tagIdText === undefined) {
    if (req.method !== 'PROPFIND') return sendNotImplemented(res, req.method);
    const resources: DavResource[] = [
      {
        href: hrefOf(req, 'systemtags-relations', 'files', [fileIdText], true),
        props: { resourcetype: '<d:collection/>' },
      },
    ];
    if (header(req, 'depth') !== '0') {
      for (const id of assigned) {
        const tag = tags.all.get(id);
        if (tag?.userVisible) resources.push(describeTag(request, tag, file));
      }
    }
    return sendMultistatus(res, resources, ['resourcetype', ...requestedOf(request)]);
  }
  const tag = tags.all.get(Number(tagIdText));
  switch (req.method) {
    case 'PUT':
      if (!tag || !tag.userVisible) {
        return sendDavError(res, 412, 'PreconditionFailed', `Tag with id ${tagIdText} does not exist, cannot assign`);
      }
      if (!tag.userAssignable) return sendDavError(res, 403, 'Forbidden', `No permission to assign tag ${tagIdText}`);
      if (!assigned.includes(tag.id)) assigned.push(tag.id);
      res.writeHead(201, { 'content-length': '0' }).end();
      return;
    case 'DELETE':
      if (!tag || !assigned.includes(tag.id)) {
        return sendNotFound(res, `Tag with id ${tagIdText} not present for object ${fileIdText}`);
      }
      file.tagIds = assigned.filter((id) => id !== tag.id);
      res.writeHead(204).end();
      return;
    default:
      return sendNotImplemented(res, req.method);
  }
}

/** PROPPATCH on a file: oc:favorite 1/0 is stored, any other property answers 403 in its propstat. */
export function proppatchFavorite(request: FilesRequest, node: FileNode): void {
  const { res, body, req } = request;
  let set: Record<string, unknown> = {};
  try {
    const parsed = new XMLParser({ removeNSPrefix: true, parseTagValue: false }).parse(body.toString('utf8')) as {
      propertyupdate?: { set?: { prop?: Record<string, unknown> } };
    };
    set = parsed.propertyupdate?.set?.prop ?? {};
  } catch {
    return sendDavError(res, 400, 'BadRequest', 'The request body is not valid XML');
  }
  const statuses = Object.keys(set).map((name) => {
    if (name !== 'favorite') return { name, status: 403 };
    node.favorite = String(set[name]).trim() === '1';
    return { name, status: 200 };
  });
  const propstats = statuses
    .map(
      ({ name, status }) =>
        `<d:propstat><d:prop><${name === 'favorite' ? 'oc' : 'd'}:${name}/></d:prop>` +
        `<d:status>HTTP/1.1 ${status} ${status === 200 ? 'OK' : 'Forbidden'}</d:status></d:propstat>`,
    )
    .join('');
  res.writeHead(207, { 'content-type': 'application/xml; charset=utf-8' });
  res.end(
    '<?xml version="1.0"?>\n<d:multistatus xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns">' +
      `<d:response><d:href>${escapeXml(req.url.pathname)}</d:href>${propstats}</d:response></d:multistatus>\n`,
  );
}

function createTag({ req, res, body }: FilesRequest, tags: SystemTags): void {
  if (!/^application\/json/.test(header(req, 'content-type') ?? '')) {
    return sendDavError(res, 415, 'UnsupportedMediaType', '');
  }
  let data: { name?: unknown; userVisible?: unknown; userAssignable?: unknown };
  try {
    data = JSON.parse(body.toString('utf8')) as typeof data;
  } catch {
    return sendDavError(res, 400, 'BadRequest', 'Missing "name" attribute');
  }
  if (typeof data.name !== 'string') return sendDavError(res, 400, 'BadRequest', 'Missing "name" attribute');
  const userVisible = data.userVisible === undefined ? true : Boolean(data.userVisible);
  const userAssignable = data.userAssignable === undefined ? true : Boolean(data.userAssignable);
  if (!userVisible || !userAssignable) return sendDavError(res, 400, 'BadRequest', 'Not sufficient permissions');
  const name = data.name;
  if ([...tags.all.values()].some((t) => t.name === name))
    return sendDavError(res, 409, 'Conflict', 'Tag already exists');
  const tag = { id: tags.nextId++, name, userVisible, userAssignable };
  tags.all.set(tag.id, tag);
  res.writeHead(201, {
    'content-location': hrefOf(req, 'systemtags', String(tag.id), [], false),
    'content-length': '0',
  });
  res.end();
}

function describeTag({ req }: FilesRequest, tag: SystemTag, file?: FileNode): DavResource {
  const href = file
    ? hrefOf(req, 'systemtags-relations', 'files', [String(file.fileId), String(tag.id)], false)
    : hrefOf(req, 'systemtags', String(tag.id), [], false);
  return {
    href,
    props: {
      id: String(tag.id),
      'display-name': escapeXml(tag.name),
      'user-visible': String(tag.userVisible),
      'user-assignable': String(tag.userAssignable),
    },
  };
}

/** The tag properties asked for; all of them for allprop or an empty body, as sabre's handlers answer then. */
function requestedOf({ body }: FilesRequest): string[] {
  const requested = parseRequestedProps(body);
  if (requested === 'invalid' || requested === DEFAULT_PROPS) return TAG_PROPS;
  return requested.filter((p) => TAG_PROPS.includes(p));
}
