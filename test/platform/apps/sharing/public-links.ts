// Public links in the sharing double: /public.php/dav/files/{token}/ answers PROPFIND and GET for the shared file or
// folder; a password-protected link takes Basic auth with any user name and the link password (none → 401).
import type { ServerResponse } from 'node:http';
import type { DoubleRequest } from '../../double-app.js';
import type { FilesDouble } from '../files.js';
import { FOLDER_GET_TEXT } from '../files/file-methods.js';
import { escapeXml, sendDavError, sendMultistatus } from '../files/multistatus.js';
import { SHARE_TYPES, type ShareRecord } from './share-records.js';

export function handlePublicLink(
  req: DoubleRequest,
  res: ServerResponse,
  shares: ShareRecord[],
  files: FilesDouble,
): boolean {
  const [token = '', ...rest] = req.path.slice('/public.php/dav/files/'.length).split('/').filter(Boolean);
  const share = shares.find((s) => s.shareType === SHARE_TYPES.link && s.token === token);
  const node = share ? files.findNode(share.fileOwner, share.path) : undefined;
  if (!share || !node) {
    sendDavError(res, 404, 'NotFound', 'Share not found');
    return true;
  }
  if (share.password !== null && linkPassword(req) !== share.password) {
    sendDavError(res, 401, 'NotAuthenticated', 'Username or password was incorrect');
    return true;
  }
  // The link's own root only: a folder link's children are left out of the double.
  if (rest.length > 0) sendDavError(res, 404, 'NotFound', `File with name ${rest.join('/')} could not be located`);
  else if (req.method === 'GET') {
    const body = node.kind === 'file' ? node.content : Buffer.from(FOLDER_GET_TEXT);
    const headers = node.kind === 'file' ? { 'content-type': node.mimeType, etag: `"${node.etag}"` } : {};
    res.writeHead(200, { ...headers, 'content-length': String(body.length) });
    res.end(body);
  } else if (req.method === 'PROPFIND') {
    const href = `${new URL(req.baseUrl).pathname.replace(/\/+$/, '')}/public.php/dav/files/${token}/`;
    const props = {
      resourcetype: node.kind === 'folder' ? '<d:collection/>' : '',
      getcontentlength: node.kind === 'file' ? String(node.content.length) : undefined,
      displayname: escapeXml(node.name),
    };
    sendMultistatus(res, [{ href, props }], ['resourcetype', 'getcontentlength', 'displayname']);
  } else sendDavError(res, 403, 'Forbidden', 'Permission denied');
  return true;
}

/** The password of Basic auth, whatever the user name. */
function linkPassword(req: DoubleRequest): string | undefined {
  const match = /^Basic\s+(.+)$/i.exec(String(req.headers.authorization ?? ''));
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] ?? '', 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}
