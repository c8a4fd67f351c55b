// Turns a refused OCS share request into the sidecar's error, with Nextcloud's own reason (e.g. "Wrong path,
// file/folder does not exist"): the status alone cannot tell a missing file from a bad expiry date, both are 404.
import { AppError, ForbiddenError, InvalidInputError, NotFoundError, UpstreamError } from '../../errors.js';
import type { HttpResponse } from '../../net/http-client.js';

export const REFUSAL_STATUSES = [400, 403, 404];

export function describeShareRefusal(response: HttpResponse): AppError {
  const reason = readOcsMessage(response);
  const message = reason ? `Nextcloud refused: ${reason}` : 'Nextcloud refused the share request.';
  if (response.status === 404) return new NotFoundError(message);
  if (response.status === 403) return new ForbiddenError(message);
  if (response.status === 400) return new InvalidInputError(message);
  return new UpstreamError(message);
}

/** `ocs.meta.message`, made safe to show: printable characters only, at most 200 of them. */
function readOcsMessage(response: HttpResponse): string {
  try {
    const body = response.json() as { ocs?: { meta?: { message?: unknown } } } | null;
    const message = body?.ocs?.meta?.message;
    return typeof message === 'string'
      ? message
          .replace(/[\x00-\x1f\x7f]/g, ' ')
          .trim()
          .slice(0, 200)
      : '';
  } catch {
    return '';
  }
}
