// OCS v2 requests: headers, envelope parsing and Nextcloud's status semantics mapped to the sidecar's errors.
import type { HttpClient } from '../net/http-client.js';
import { RateLimitedError, UnauthenticatedError, UpstreamError } from '../errors.js';
import { encodeBasicAuthorization, type NextcloudCredentials } from './credentials.js';
import { buildOcsUrl } from './urls.js';

export interface OcsRequest {
  host: string;
  path: string;
  credentials: NextcloudCredentials;
  method?: string;
  query?: Record<string, string>;
  timeoutMs?: number;
}

/** Sends an OCS v2 request and returns `ocs.data`; a 401 becomes UnauthenticatedError, nonsense UpstreamError. */
export async function requestOcs(http: HttpClient, req: OcsRequest): Promise<unknown> {
  const response = await http.request(buildOcsUrl(req.host, req.path, req.query), {
    method: req.method ?? 'GET',
    headers: {
      authorization: encodeBasicAuthorization(req.credentials),
      'ocs-apirequest': 'true',
      accept: 'application/json',
    },
    timeoutMs: req.timeoutMs,
  });
  if (response.status === 401) throw new UnauthenticatedError('Nextcloud did not accept these credentials.');
  if (response.status === 429) throw new RateLimitedError(retryAfterSeconds(response.headers['retry-after']));
  if (response.status !== 200) {
    throw new UpstreamError(`Nextcloud answered the request with an unexpected status.`, {
      cause: new Error(`OCS ${req.path} answered HTTP ${response.status}`),
    });
  }
  return readOcsData(response.json());
}

function readOcsData(body: unknown): unknown {
  const ocs = (body as { ocs?: { meta?: { statuscode?: unknown }; data?: unknown } } | null)?.ocs;
  if (!ocs || typeof ocs !== 'object' || !ocs.meta || !('data' in ocs)) {
    throw new UpstreamError('Nextcloud answered with something that is not an OCS response.');
  }
  if (ocs.meta.statuscode === 997) throw new UnauthenticatedError('Nextcloud did not accept these credentials.');
  if (ocs.meta.statuscode !== 200 && ocs.meta.statuscode !== 100) {
    throw new UpstreamError('Nextcloud reported a failure.', {
      cause: new Error(`OCS statuscode ${String(ocs.meta.statuscode)}`),
    });
  }
  return ocs.data;
}

function retryAfterSeconds(header: string | string[] | undefined): number {
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 30;
}
