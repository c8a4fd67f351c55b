// A fetch function over the one outbound HTTP client, for libraries that take a custom fetch (jose's remote key set,
// openid-client), so their requests keep its TLS settings, timeouts, size cap, address rules and metrics.
import type { HttpClient } from './http-client.js';

/** What the libraries hand to a custom fetch: a URL string and the usual options (the signal is ours to set). */
export type FetchFunction = (url: string, init?: FetchInit) => Promise<Response>;
export interface FetchInit {
  method?: string;
  headers?: ConstructorParameters<typeof Headers>[0];
  body?: unknown;
}

/** Statuses whose Response may not carry a body. */
const NO_BODY = new Set([101, 204, 205, 304]);

export function createFetchAdapter(http: HttpClient): FetchFunction {
  return async (url, init = {}) => {
    const response = await http.request(url, {
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: toBody(init.body),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of [value ?? []].flat()) headers.append(name, item);
    }
    return new Response(NO_BODY.has(response.status) ? null : response.body, { status: response.status, headers });
  };
}

/** Strings, forms (openid-client's token requests) and bytes; libraries that stream a body are not served. */
function toBody(body: unknown): string | Uint8Array | undefined {
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body === undefined || body === null) return undefined;
  throw new TypeError('The fetch adapter sends only string, form or byte bodies.');
}
