// The versions of the files double: PROPFIND /remote.php/dav/versions/{uid}/versions/{fileid} lists the earlier
// versions of a file (one per overwrite, named by their time), GET …/{fileid}/{timestamp} returns one.
import { hrefOf } from './dav-location.js';
import type { FilesRequest } from './file-methods.js';
import {
  escapeXml,
  httpDate,
  parseRequestedProps,
  sendDavError,
  sendMultistatus,
  type DavResource,
} from './multistatus.js';
import type { FileVersion } from './file-tree.js';

export function handleVersions(request: FilesRequest): void {
  const { req, res, owner, userId, segments, tree, body } = request;
  if (owner !== userId)
    return sendDavError(res, 403, 'Forbidden', 'Not allowed to access the versions of another user');
  const [collection, fileIdText, versionName, ...rest] = segments;
  if (collection !== 'versions' || fileIdText === undefined || rest.length > 0) {
    return sendDavError(res, 404, 'NotFound', 'File not found');
  }
  const found = /^\d+$/.test(fileIdText) ? tree.findById(Number(fileIdText)) : undefined;
  if (!found || found.node.kind !== 'file') return sendDavError(res, 404, 'NotFound', 'File not found');
  const version =
    versionName === undefined ? undefined : found.node.versions.find((v) => String(v.timestamp) === versionName);
  if (versionName !== undefined && !version) return sendDavError(res, 404, 'NotFound', 'Version not found');

  if (req.method === 'GET' && version) {
    res.writeHead(200, { 'content-type': version.mimeType, 'content-length': String(version.content.length) });
    return void res.end(version.content);
  }
  if (req.method !== 'PROPFIND') {
    return sendDavError(
      res,
      501,
      'NotImplemented',
      `There was no plugin in the system that was willing to handle this ${req.method} method.`,
    );
  }
  const requested = parseRequestedProps(body);
  if (requested === 'invalid') return sendDavError(res, 400, 'BadRequest', 'The request body is not valid XML');
  const describe = (v: FileVersion): DavResource => ({
    href: hrefOf(req, 'versions', userId, ['versions', fileIdText, String(v.timestamp)], false),
    props: {
      getetag: `&quot;${v.etag}&quot;`,
      getlastmodified: httpDate(v.timestamp),
      getcontentlength: String(v.content.length),
      getcontenttype: escapeXml(v.mimeType),
      resourcetype: '',
      'version-label': '',
      'version-author': escapeXml(userId),
    },
  });
  if (version) return sendMultistatus(res, [describe(version)], requested);
  const resources: DavResource[] = [
    {
      href: hrefOf(req, 'versions', userId, ['versions', fileIdText], true),
      props: { resourcetype: '<d:collection/>' },
    },
  ];
  if (req.headers.depth !== '0') resources.push(...[...found.node.versions].reverse().map(describe));
  sendMultistatus(res, resources, requested);
}
