// Comments on files in the files double, /remote.php/dav/comments/files/{fileid}: POST a JSON comment (201 with
// Content-Location), list them with PROPFIND Depth 1 or REPORT oc:filter-comments (limit, offset), newest first.
import { XMLParser } from 'fast-xml-parser';
import { hrefOf } from './dav-location.js';
import { header } from './file-headers.js';
import type { FilesRequest } from './file-methods.js';
import { nowSeconds, type FileComment, type FileNode } from './file-tree.js';
import { escapeXml, sendDavError, sendMultistatus, type DavResource } from './multistatus.js';
import { sendNotFound, sendNotImplemented } from './not-found.js';

const COMMENT_PROPS = [
  'id',
  'verb',
  'actorType',
  'actorId',
  'actorDisplayName',
  'creationDateTime',
  'objectType',
  'objectId',
  'message',
];
/** Longer messages answer 400 "Message exceeds allowed character limit of 1000". */
const MAX_MESSAGE_LENGTH = 1000;

/** The location is /comments/files/{fileid}[/{commentId}]: `owner` is the object type `files`. */
export function handleComments(request: FilesRequest): void {
  const { req, res, owner, segments, tree } = request;
  const [fileIdText, commentId, ...rest] = segments;
  if (owner !== 'files' || fileIdText === undefined || rest.length > 0) return sendNotFound(res, 'File not found');
  const file = /^\d+$/.test(fileIdText) ? tree.findById(Number(fileIdText))?.node : undefined;
  if (!file) return sendNotFound(res, `Entity not found: files ${fileIdText}`);
  const comments = (file.comments ??= []);
  if (commentId !== undefined) {
    const comment = comments.find((c) => String(c.id) === commentId);
    if (!comment) return sendNotFound(res, `Comment with id ${commentId} could not be found`);
    if (req.method !== 'PROPFIND') return sendNotImplemented(res, req.method);
    return sendMultistatus(res, [describeComment(request, file, comment)], COMMENT_PROPS);
  }
  switch (req.method) {
    case 'POST':
      return postComment(request, file, comments);
    case 'PROPFIND': {
      const resources: DavResource[] = [
        { href: hrefOf(req, 'comments', 'files', [fileIdText], true), props: { resourcetype: '<d:collection/>' } },
      ];
      if (header(req, 'depth') !== '0')
        resources.push(...newestFirst(comments).map((c) => describeComment(request, file, c)));
      return sendMultistatus(res, resources, ['resourcetype', ...COMMENT_PROPS]);
    }
    case 'REPORT':
      return reportComments(request, file, comments);
    default:
      return sendNotImplemented(res, req.method);
  }
}

function postComment(request: FilesRequest, file: FileNode, comments: FileComment[]): void {
  const { req, res, body, userId } = request;
  let draft: { actorType?: unknown; verb?: unknown; message?: unknown };
  try {
    draft = JSON.parse(body.toString('utf8')) as typeof draft;
  } catch {
    return sendDavError(res, 415, 'UnsupportedMediaType', 'The request body must be JSON');
  }
  if (draft.actorType !== 'users' || draft.verb !== 'comment' || typeof draft.message !== 'string' || !draft.message) {
    return sendDavError(res, 400, 'BadRequest', 'Invalid comment: actorType users, verb comment and a message');
  }
  // unverified: characters counted as code points, like PHP's mb_strlen (source: nextcloud/server
  // lib/private/Comments/Comment.php setMessage)
  if ([...draft.message].length > MAX_MESSAGE_LENGTH) {
    return sendDavError(res, 400, 'BadRequest', 'Message exceeds allowed character limit of 1000');
  }
  const comment: FileComment = {
    id: request.tree.nextId(),
    actorId: userId,
    message: draft.message,
    createdAt: nowSeconds(),
  };
  comments.push(comment);
  const location = hrefOf(req, 'comments', 'files', [String(file.fileId), String(comment.id)], false);
  res.writeHead(201, { 'content-location': location, 'content-length': '0' });
  res.end();
}

/** REPORT `<oc:filter-comments><oc:limit>…</oc:limit><oc:offset>…</oc:offset></oc:filter-comments>`. */
function reportComments(request: FilesRequest, file: FileNode, comments: FileComment[]): void {
  let filter: Record<string, unknown> | undefined;
  try {
    const parsed = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false }).parse(
      request.body.toString('utf8'),
      true,
    ) as { 'filter-comments'?: Record<string, unknown> | '' };
    filter = parsed['filter-comments'] === '' ? {} : parsed['filter-comments'];
  } catch {
    filter = undefined;
  }
  if (!filter) return sendDavError(request.res, 415, 'ReportNotSupported', 'This report is not supported');
  const limit = Number(filter.limit ?? 20) || 20;
  const offset = Number(filter.offset ?? 0) || 0;
  const page = newestFirst(comments).slice(offset, offset + limit);
  sendMultistatus(
    request.res,
    page.map((c) => describeComment(request, file, c)),
    COMMENT_PROPS,
  );
}

function newestFirst(comments: FileComment[]): FileComment[] {
  return [...comments].sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
}

function describeComment({ req }: FilesRequest, file: FileNode, comment: FileComment): DavResource {
  return {
    href: hrefOf(req, 'comments', 'files', [String(file.fileId), String(comment.id)], false),
    props: {
      id: String(comment.id),
      verb: 'comment',
      actorType: 'users',
      actorId: escapeXml(comment.actorId),
      actorDisplayName: escapeXml(req.user?.id === comment.actorId ? req.user.displayName : comment.actorId),
      creationDateTime: new Date(comment.createdAt * 1000).toUTCString(),
      objectType: 'files',
      objectId: String(file.fileId),
      message: escapeXml(comment.message),
    },
  };
}
