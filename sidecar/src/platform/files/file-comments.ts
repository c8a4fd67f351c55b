// Comments on a file (the Files sidebar's "Comments"): list them newest first, add one as the user.
import { InvalidInputError } from '../../errors.js';
import { createdIdFrom } from '../dav/created-id.js';
import type { DavAccount } from '../dav/dav-account.js';
import { davCommentsPath } from './dav-paths.js';
import { parseMultistatus, textOf } from './propfind.js';

export interface FileComment {
  id: string;
  author: string;
  message: string;
  /** As Nextcloud writes it (RFC 1123 or ISO 8601). */
  createdAt: string | null;
}

/** Nextcloud refuses longer messages (400 "Message exceeds allowed character limit of 1000"). */
export const MAX_COMMENT_CHARS = 1000;

export async function listFileComments(
  access: DavAccount,
  fileId: number,
  page: { limit: number; offset: number },
): Promise<FileComment[]> {
  const response = await access.client.request(davCommentsPath(fileId), {
    method: 'REPORT',
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body:
      '<?xml version="1.0" encoding="utf-8"?>\n<oc:filter-comments xmlns:oc="http://owncloud.org/ns">' +
      `<oc:limit>${page.limit}</oc:limit><oc:offset>${page.offset}</oc:offset></oc:filter-comments>`,
  });
  return parseMultistatus(response.text()).flatMap((entry): FileComment[] => {
    const id = textOf(entry.props.id);
    if (id === undefined) return [];
    return [
      {
        id,
        author: textOf(entry.props.actorDisplayName) ?? textOf(entry.props.actorId) ?? '',
        message: textOf(entry.props.message) ?? '',
        createdAt: textOf(entry.props.creationDateTime) ?? null,
      },
    ];
  });
}

/** Adds a comment by the user; returns its id (the last segment of the 201's Content-Location). */
export async function addFileComment(access: DavAccount, fileId: number, message: string): Promise<string> {
  if ([...message].length > MAX_COMMENT_CHARS) {
    throw new InvalidInputError(`A comment has at most ${MAX_COMMENT_CHARS} characters.`);
  }
  const response = await access.client.request(davCommentsPath(fileId), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ actorType: 'users', verb: 'comment', message }),
  });
  return createdIdFrom(response, 'the comment');
}
