// A request within a 2025-era session, recognised from its headers and body shape without the SDK's era classifier,
// and its web Request built without a body (the transport takes the parsed body).
import type { IncomingHttpHeaders } from 'node:http';
import { PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';

/** The first protocol revision without sessions; revisions are dates, so they compare as strings. */
const FIRST_SESSIONLESS_REVISION = '2026-07-28';

/**
 * Whether the request belongs to a 2025-era session: it names a session, its MCP-Protocol-Version header (if any)
 * names a 2025 revision, and its body, if it is a JSON-RPC message, claims no 2026-07-28 envelope. The SDK's
 * `isLegacyRequest` says "legacy" for every such request; asking it costs about 0.3 ms of failed zod parses per call
 * (measured), a quarter of a tool call's own cost. A batch is left to the classifier.
 */
export function isSessionRequest(headers: IncomingHttpHeaders, body: unknown): boolean {
  if (typeof headers['mcp-session-id'] !== 'string' || Array.isArray(body)) return false;
  const version = headers['mcp-protocol-version'];
  if (typeof version === 'string' && version.trim() >= FIRST_SESSIONLESS_REVISION) return false;
  const meta = isPlainObject(body) && isPlainObject(body.params) ? body.params._meta : undefined;
  return !(isPlainObject(meta) && PROTOCOL_VERSION_META_KEY in meta);
}

/**
 * The web Request the session's transport reads: method, URL and headers; no body, because the transport is handed
 * the body express already parsed (serialising it again for `toWebRequest` cost 0.07 ms a call, measured).
 */
export function sessionWebRequest(method: string, url: string, headers: IncomingHttpHeaders): Request {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const item of value) web.append(name, item);
    else web.set(name, value);
  }
  return new Request(`http://${headers.host ?? 'localhost'}${url}`, { method, headers: web });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
