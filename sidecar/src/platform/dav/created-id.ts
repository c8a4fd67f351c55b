// The id of an object a DAV POST created (a comment, a system tag): the last segment of the 201's Content-Location.
import { UpstreamError } from '../../errors.js';
import type { HttpResponse } from '../../net/http-client.js';

/**
 * Sheet (Files, comments): POST of a comment → 201 with `Content-Location: /remote.php/dav/comments/files/{fileid}/
 * {commentId}`. The same header on a created system tag is unverified (see system-tags.ts).
 * `what` names the object for the error when Nextcloud created it but did not say where ("the comment").
 */
export function createdIdFrom(response: Pick<HttpResponse, 'headers'>, what: string): string {
  const location = response.headers['content-location'];
  const id = (Array.isArray(location) ? location[0] : location)?.split('/').pop();
  if (!id) throw new UpstreamError(`Nextcloud created ${what} but did not say where.`);
  return id;
}
