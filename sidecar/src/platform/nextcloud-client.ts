// A Nextcloud client bound to one user's credentials: requests through the shared HTTP client, Nextcloud's
// statuses mapped to the sidecar's errors.
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
  UnauthenticatedError,
  UpstreamError,
} from '../errors.js';
import type { HttpClient, HttpRequest, HttpResponse, HttpStreamedResponse } from '../net/http-client.js';
import { NO_MEMO, type CallerMemo, type CallerMemoStore } from './caller-memo.js';
import { encodeBasicAuthorization, type NextcloudCredentials } from './credentials.js';
import { readNextcloudReason } from './nextcloud-reason.js';
import { buildNextcloudUrl } from './urls.js';

export interface NextcloudRequest {
  method?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  /** A JSON body (serialized here) or raw bytes/text. */
  json?: unknown;
  body?: string | Uint8Array;
  timeoutMs?: number;
  /** Statuses the caller handles itself instead of getting an error (e.g. 404 for "does not exist"). */
  accept?: number[];
}

export interface NextcloudClient {
  host: string;
  loginName: string;
  /** Answers remembered for this caller (current user, capabilities); remembers nothing without a store. */
  memo: CallerMemo;
  request(path: string, request?: NextcloudRequest): Promise<HttpResponse>;
  /** The JSON answer of a request; OCS answers are unwrapped to `ocs.data`. */
  requestJson<T = unknown>(path: string, request?: NextcloudRequest): Promise<T>;
  /** A request whose body `read` consumes as a stream (large downloads); failed answers throw as in `request`. */
  requestStream<T>(
    path: string,
    request: NextcloudRequest,
    read: (response: HttpStreamedResponse) => Promise<T>,
  ): Promise<T>;
}

/** How much of a failed streamed answer is read for Nextcloud's reason. */
const FAILURE_BODY_BYTES = 64 * 1024;

export function createNextcloudClient(deps: {
  http: HttpClient;
  host: string;
  credentials: NextcloudCredentials;
  memo?: CallerMemoStore;
}): NextcloudClient {
  const authorization = encodeBasicAuthorization(deps.credentials);
  const toHttpRequest = (path: string, req: NextcloudRequest): [string, HttpRequest] => {
    const isOcs = path.startsWith('/ocs/');
    const query = isOcs ? { format: 'json', ...req.query } : (req.query ?? {});
    return [
      buildNextcloudUrl(deps.host, path, query),
      {
        method: req.method ?? 'GET',
        headers: {
          authorization,
          accept: 'application/json',
          ...(isOcs || path.includes('/apps/deck/') ? { 'ocs-apirequest': 'true' } : {}),
          ...(req.json !== undefined ? { 'content-type': 'application/json' } : {}),
          ...req.headers,
        },
        body: req.json !== undefined ? JSON.stringify(req.json) : req.body,
        timeoutMs: req.timeoutMs,
      },
    ];
  };
  const isFailure = (status: number, req: NextcloudRequest) => status >= 400 && !req.accept?.includes(status);
  const request = async (path: string, req: NextcloudRequest = {}): Promise<HttpResponse> => {
    const response = await deps.http.request(...toHttpRequest(path, req));
    if (isFailure(response.status, req)) throw describeFailure(response);
    return response;
  };
  return {
    host: deps.host,
    loginName: deps.credentials.loginName,
    memo: deps.memo ? deps.memo.forCaller(deps.host, deps.credentials) : NO_MEMO,
    request,
    requestJson: async <T>(path: string, req: NextcloudRequest = {}) => {
      const response = await request(path, req);
      const body = response.body.length === 0 ? null : response.json();
      return (path.startsWith('/ocs/') ? unwrapOcs(body) : body) as T;
    },
    requestStream: (path, req, read) =>
      deps.http.requestStream(...toHttpRequest(path, req), async (response) => {
        if (isFailure(response.status, req)) throw describeFailure(await readFailedAnswer(response));
        return read(response);
      }),
  };
}

/** The sidecar's error for a failed answer, with Nextcloud's own reason when it gave one that is safe to show. */
export function describeFailure(response: HttpResponse): Error {
  const reason = readNextcloudReason(response);
  const said = (message: string) => (reason ? `${message} Nextcloud said: "${reason}"` : message);
  const cause = new Error(`HTTP ${response.status}: ${response.text().slice(0, 300)}`);
  switch (response.status) {
    case 400:
      return new InvalidInputError(said('Nextcloud refused the request as invalid.'), { cause });
    case 401:
      return new UnauthenticatedError('Nextcloud did not accept the credentials.');
    case 403:
      return new ForbiddenError(said('Nextcloud does not allow this for this account.'), { cause });
    case 404:
      return new NotFoundError(said('Nextcloud has no such item.'), { cause });
    case 409:
    case 412:
      return new ConflictError(said('The item changed in Nextcloud since it was read; read it again and retry.'), {
        cause,
      });
    case 423:
      return new ConflictError(said('The item is locked in Nextcloud.'), { cause });
    case 429:
      return new RateLimitedError(Number(response.headers['retry-after']) || 30);
    case 507:
      return new UpstreamError('The Nextcloud storage quota is exceeded.', { cause });
    default:
      return new UpstreamError(said(`Nextcloud answered with an error (HTTP ${response.status}).`), { cause });
  }
}

/** The start of a failed streamed answer, as a buffered response (enough for Nextcloud's reason). */
async function readFailedAnswer(response: HttpStreamedResponse): Promise<HttpResponse> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    chunks.push(chunk);
    total += chunk.length;
    if (total >= FAILURE_BODY_BYTES) break;
  }
  const body = Buffer.concat(chunks).subarray(0, FAILURE_BODY_BYTES);
  return {
    status: response.status,
    headers: response.headers,
    body,
    text: () => body.toString('utf8'),
    json: () => JSON.parse(body.toString('utf8')) as unknown,
  };
}

function unwrapOcs(body: unknown): unknown {
  const ocs = (body as { ocs?: { data?: unknown } } | null)?.ocs;
  if (!ocs || !('data' in ocs))
    throw new UpstreamError('Nextcloud answered with something that is not an OCS response.');
  return ocs.data;
}
