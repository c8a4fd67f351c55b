// Form-encoded requests to the provider's token, introspection and revocation endpoints, with client authentication.
import { InvalidClientError, InvalidGrantError, UpstreamError } from '../errors.js';
import type { HttpClient } from '../net/http-client.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret?: string;
}

/** Posts `params` with client_secret_post authentication; returns the JSON answer of a 2xx. */
export async function postToProvider(
  http: HttpClient,
  endpoint: string,
  client: ClientCredentials,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const body = new URLSearchParams({
    ...params,
    client_id: client.clientId,
    ...(client.clientSecret !== undefined && { client_secret: client.clientSecret }),
  }).toString();
  const response = await http.request(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
  });
  const answer =
    (response.status >= 200 && response.status < 300) || response.status === 400 || response.status === 401
      ? (response.json() as Record<string, unknown>)
      : {};
  if (response.status >= 200 && response.status < 300) return answer;
  // Nextcloud answers `expired_client` for a dynamic client past its expiry, until its cleanup job deletes it
  // (then `invalid_client`): either way the client must be registered again.
  if (answer.error === 'invalid_client' || answer.error === 'expired_client') throw new InvalidClientError();
  if (answer.error === 'invalid_grant') throw new InvalidGrantError();
  throw new UpstreamError('The identity provider refused the request.', {
    cause: new Error(`${endpoint} answered HTTP ${response.status} ${String(answer.error ?? '')}`),
  });
}
