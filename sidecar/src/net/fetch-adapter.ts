// A fetch function over the one outbound HTTP client, for libraries that take a custom fetch (jose's remote key set),
// so their requests keep its TLS settings, timeouts, size cap and address rules.
import type { HttpClient } from './http-client.js';

export type FetchFunction = (url: string, init?: RequestInit) => Promise<Response>;

/** Statuses whose Response may not carry a body. */
const NO_BODY = new Set([101, 204, 205, 304]);

export function createFetchAdapter(http: HttpClient): FetchFunction {
  return async (url, init = {}) => {
    const response = await http.request(url, {
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      for (const item of [value ?? []].flat()) headers.append(name, item);
    }
    return new Response(NO_BODY.has(response.status) ? null : response.body, { status: response.status, headers });
  };
}
