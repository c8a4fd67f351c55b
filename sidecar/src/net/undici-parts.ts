// The three parts of undici the outbound HTTP client uses (the connection pool, its request API and the TCP/TLS
// connector), loaded from undici's own files rather than its index, which also loads fetch, WebSocket, caches and
// mocks: 2.3 instead of 5.6 MB of heap and a third of the load time (measured). undici is pinned to an exact
// version in package.json for it, and test/net/undici-parts.test.ts checks these files are what they were.
import { createRequire } from 'node:module';
import type * as Undici from 'undici';

const require = createRequire(import.meta.url);

export const Agent = require('undici/lib/dispatcher/agent.js') as typeof Undici.Agent;
export type Agent = Undici.Agent;
export const buildConnector = require('undici/lib/core/connect.js') as typeof Undici.buildConnector;
const api = require('undici/lib/api/index.js') as { request: (this: Undici.Dispatcher, options: object) => unknown };

export type ResponseData = Undici.Dispatcher.ResponseData;
export type ConnectorOptions = Undici.buildConnector.BuildOptions;
export type Connector = Undici.buildConnector.connector;

/** What `undici.request(url, { dispatcher, ... })` does: one request through `dispatcher`, the whole URL given. */
export function requestThrough(
  dispatcher: Undici.Dispatcher,
  url: string,
  options: Omit<Undici.Dispatcher.RequestOptions, 'origin' | 'path'>,
): Promise<ResponseData> {
  const parsed = new URL(url);
  return api.request.call(dispatcher, {
    ...options,
    origin: parsed.origin,
    path: `${parsed.pathname}${parsed.search}`,
  }) as Promise<ResponseData>;
}
