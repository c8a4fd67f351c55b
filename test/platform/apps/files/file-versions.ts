// The versions of the files double under /remote.php/dav/versions/{uid}/versions/{fileid}: PROPFIND lists one child
// per version named by its mtime (one per second), the current one included; GET returns one, PROPPATCH labels it,
// MOVE to …/versions/{uid}/restore/target restores it, DELETE removes it (but not the current one).
import { XMLParser } from 'fast-xml-parser';
import { hrefOf, parseDestination } from './dav-location.js';
import { header } from './file-headers.js';
import type { FilesRequest } from './file-methods.js';
import type { FileNode, FileVersion } from './file-tree.js';
import {
  escapeXml,
  httpDate,
  parseRequestedProps,
  sendDavError,
  sendMultistatus,
  type DavResource,
} from './multistatus.js';
import { hasPreview } from './node-props.js';
import { sendNotFound, sendNotImplemented } from './not-found.js';

export function handleVersions(request: FilesRequest): void {
  const { req, res, owner, userId, segments, tree } = request;
  // The versions' 403s and 404s carry an empty <s:message/>.
  if (owner !== userId) return sendDavError(res, 403, 'Forbidden', '');
  const [collection, fileIdText, versionName, ...rest] = segments;
  if (collection !== 'versions' || fileIdText === undefined || rest.length > 0) return sendNotFound(res, '');
  // Another user's file id is as unknown as a made-up one: the tree holds only the caller's files.
  const found = /^\d+$/.test(fileIdText) ? tree.findById(Number(fileIdText)) : undefined;
  if (!found || found.node.kind !== 'file') return sendNotFound(res, '');
  const file = found.node;
  const version =
    versionName === undefined ? undefined : allVersions(file).find((v) => String(v.timestamp) === versionName);
  if (versionName !== undefined && !version) return sendNotFound(res, '');

  if (req.method === 'PROPFIND') return listVersions(request, file, fileIdText, version);
  if (!version) return sendNotImplemented(res, req.method);
  switch (req.method) {
    case 'GET':
      res.writeHead(200, { 'content-type': version.mimeType, 'content-length': String(version.content.length) });
      return void res.end(version.content);
    case 'PROPPATCH': {
      const href = hrefOf(req, 'versions', userId, ['versions', fileIdText, String(version.timestamp)], false);
      return labelVersion(request, file, version, href);
    }
    case 'MOVE': {
      const destination = parseDestination(req);
      const isRestore =
        destination !== 'missing' &&
        destination?.root === 'versions' &&
        destination.owner === userId &&
        destination.segments[0] === 'restore';
      if (!isRestore) return sendDavError(res, 403, 'Forbidden', '');
      tree.writeFile(found.segments, version.content);
      res.writeHead(201, { 'content-length': '0' });
      return void res.end();
    }
    case 'DELETE':
      // Deleting the current version answers 204 too, but deletes nothing: it is listed again.
      if (version.timestamp !== file.mtime) file.versions.splice(file.versions.indexOf(version), 1);
      res.writeHead(204);
      return void res.end();
    default:
      return sendNotImplemented(res, req.method);
  }
}

/** The earlier versions and the current one, which Nextcloud lists too (named by the file's mtime). */
function allVersions(file: FileNode): FileVersion[] {
  const current: FileVersion = {
    timestamp: file.mtime,
    content: file.content,
    mimeType: file.mimeType,
    label: file.label,
  };
  return [...file.versions, current];
}

function listVersions(request: FilesRequest, file: FileNode, fileIdText: string, version: FileVersion | undefined) {
  const { req, res, body, userId } = request;
  const requested = parseRequestedProps(body);
  if (requested === 'invalid') return sendDavError(res, 400, 'BadRequest', 'The request body is not valid XML');
  const describe = (v: FileVersion): DavResource => ({
    href: hrefOf(req, 'versions', userId, ['versions', fileIdText, String(v.timestamp)], false),
    props: {
      getetag: String(v.timestamp),
      getlastmodified: httpDate(v.timestamp),
      getcontentlength: String(v.content.length),
      getcontenttype: escapeXml(v.mimeType),
      resourcetype: '',
      'version-label': v.label === undefined ? undefined : escapeXml(v.label),
      'version-author': escapeXml(userId),
      'has-preview': String(hasPreview(v.mimeType, v.content.length)),
    },
  });
  if (version) return sendMultistatus(res, [describe(version)], requested);
  const resources: DavResource[] = [
    {
      href: hrefOf(req, 'versions', userId, ['versions', fileIdText], true),
      props: { resourcetype: '<d:collection/>' },
    },
  ];
  if (header(req, 'depth') !== '0') resources.push(...allVersions(file).reverse().map(describe));
  sendMultistatus(res, resources, requested);
}

/** PROPPATCH `<d:set><d:prop><nc:version-label>…` → 207 with the property's 200 status. */
function labelVersion({ res, body }: FilesRequest, file: FileNode, version: FileVersion, href: string): void {
  let label: unknown;
  try {
    const parsed = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false }).parse(
      body.toString('utf8'),
      true,
    ) as { propertyupdate?: { set?: { prop?: Record<string, unknown> } } };
    label = parsed.propertyupdate?.set?.prop?.['version-label'];
  } catch {
    return sendDavError(res, 400, 'BadRequest', 'The request body is not valid XML');
  }
  if (typeof label !== 'string') return sendDavError(res, 400, 'BadRequest', 'Only nc:version-label can be set');
  if (version.timestamp === file.mtime) file.label = label;
  else version.label = label;
  sendMultistatus(res, [{ href, props: { 'version-label': '' } }], ['version-label']);
}
