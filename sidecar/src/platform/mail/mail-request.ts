// Mail requests with Mail's refusals mapped in one place. Its OCS routes answer an unknown account or message with
// 404 and an unknown mailbox with 403; its web routes answer an unknown message with 403 `[]` and an unknown account
// or draft with 400/404 `{"status":"fail","data":{"message"}}`. All of these become NotFoundError naming the item;
// any other 400 is InvalidInputError with Mail's message, a 412 (the CSRF check) and a 500 are UpstreamError, and
// everything else maps as the NextcloudClient maps it (docs/nextcloud-behaviour.md, "Mail").
import { InvalidInputError, NotFoundError, UpstreamError } from '../../errors.js';
import type { HttpResponse } from '../../net/http-client.js';
import { describeFailure, type NextcloudClient, type NextcloudRequest } from '../nextcloud-client.js';
import { sanitizeReason } from '../nextcloud-reason.js';

const HANDLED = [400, 403, 404, 412, 500];
/** Mail's words for an account or draft the user does not have (AccountService, DraftsService). */
const UNKNOWN_ITEM = /does not exist|no delegated account|not found|doesnotexist/i;

/** The JSON answer of a Mail call (OCS answers unwrapped to `ocs.data`); `what` names the item ("message 12"). */
export async function requestMail<T>(
  client: NextcloudClient,
  path: string,
  what: string,
  request: NextcloudRequest = {},
): Promise<T> {
  const isOcs = path.startsWith('/ocs/');
  // The web routes pass Nextcloud's CSRF check for a request that carries OCS-APIRequest (Request::passesCSRFCheck).
  const headers = isOcs ? request.headers : { 'ocs-apirequest': 'true', ...request.headers };
  const response = await client.request(path, { ...request, headers, accept: HANDLED });
  const body = readJson(response);
  if (response.status >= 400) throw describeMailFailure(response, body, what);
  if (!isOcs) return body as T;
  const ocs = (body as { ocs?: { data?: unknown } } | null)?.ocs;
  if (!ocs) throw new UpstreamError('Mail answered with something that is not an OCS response.');
  return ocs.data as T;
}

function describeMailFailure(response: HttpResponse, body: unknown, what: string): Error {
  const reason = mailReason(body);
  const notFound = () => new NotFoundError(`Mail has no ${what} that this account can see.`);
  if (response.status === 403 || response.status === 404) return notFound();
  if (response.status === 400) {
    if (reason !== undefined && UNKNOWN_ITEM.test(reason)) return notFound();
    return new InvalidInputError(`Mail refused the request${reason ? `: "${reason}"` : '.'}`);
  }
  // Without OCS-APIRequest, or if a Nextcloud no longer lets it pass the CSRF check: not the user's fault.
  if (response.status === 412) {
    return new UpstreamError('Nextcloud refused the Mail request in its CSRF check.', {
      cause: new Error(`HTTP 412: ${response.text().slice(0, 300)}`),
    });
  }
  if (response.status === 500) {
    return new UpstreamError(`Mail failed${reason ? `: "${reason}"` : '.'}`, {
      cause: new Error(`HTTP 500: ${response.text().slice(0, 300)}`),
    });
  }
  return describeFailure(response);
}

/** Mail's message: `{"status":"fail","data":{"message"}}`, `{"status":"error","message"}`, OCS data as a string. */
function mailReason(body: unknown): string | undefined {
  const record = (body ?? {}) as Record<string, unknown>;
  const data = record.data as Record<string, unknown> | string | undefined;
  const ocsData = (record.ocs as { data?: unknown } | undefined)?.data;
  const candidates = [typeof data === 'object' && data !== null ? data.message : data, record.message, ocsData];
  const text = candidates.find((candidate): candidate is string => typeof candidate === 'string');
  return text === undefined ? undefined : sanitizeReason(text);
}

function readJson(response: HttpResponse): unknown {
  if (response.body.length === 0) return null;
  try {
    return response.json();
  } catch {
    return null;
  }
}
