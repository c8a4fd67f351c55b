// OCS responses as Nextcloud writes them (docs/nextcloud-behaviour.md, "General rules"): the v1/v2 envelope in JSON or
// XML, v2's HTTP status that follows the statuscode, and v1's HTTP-200-on-failure quirk.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeXml } from './xml-escape.js';

export type OcsVersion = 1 | 2;

/** The message of an OCS call that fails on an unexpected server error (HTTP 500), newline included. */
export const OCS_INTERNAL_ERROR = 'Internal Server Error\n';

export interface OcsOutcome {
  /** The outcome's status: v2's statuscode (and, through it, its HTTP status) unless `statuscode` is given. */
  status: number;
  /** OCS status code; defaults to `status` (v2) / 100 on success and `status` on failure (v1). */
  statuscode?: number;
  message?: string;
  data?: unknown;
}

/** JSON when `format=json` or `Accept: application/json`, XML otherwise, like Nextcloud. */
export function respondOcs(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  version: OcsVersion,
  outcome: OcsOutcome,
): void {
  const ok = outcome.status < 400;
  const statuscode = outcome.statuscode ?? (ok && version === 1 ? 100 : outcome.status);
  // v2's meta has only these three keys; v1 adds the (empty) paging fields.
  const meta = {
    status: ok ? 'ok' : 'failure',
    statuscode,
    message: outcome.message ?? (ok ? 'OK' : ''),
    ...(version === 1 ? { totalitems: '', itemsperpage: '' } : {}),
  };
  const data = outcome.data ?? [];
  // OCS v1 reports failures inside the envelope and answers HTTP 200, except 997 (not logged in): 401.
  const httpStatus = version === 2 ? v2HttpStatus(statuscode) : statuscode === 997 ? 401 : 200;
  const wantsJson =
    url.searchParams.get('format') === 'json' || (req.headers.accept ?? '').includes('application/json');
  if (wantsJson) {
    res.writeHead(httpStatus, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ ocs: { meta, data } }));
    return;
  }
  res.writeHead(httpStatus, { 'content-type': 'text/xml; charset=UTF-8' });
  res.end(
    `<?xml version="1.0"?>\n<ocs>\n <meta>\n  <status>${meta.status}</status>\n  <statuscode>${statuscode}</statuscode>\n  <message>${escapeXml(meta.message)}</message>\n </meta>\n <data>${toXml(data)}</data>\n</ocs>\n`,
  );
}

/** v2: 997 → 401, 998 → 404, 996/999 → 500, below 200 or above 600 (e.g. 102, 107) → 400, otherwise the code. */
function v2HttpStatus(statuscode: number): number {
  if (statuscode === 997) return 401;
  if (statuscode === 998) return 404;
  if (statuscode === 996 || statuscode === 999) return 500;
  if (statuscode < 200 || statuscode > 600) return 400;
  return statuscode;
}

function toXml(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => `<element>${toXml(item)}</element>`).join('');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => `<${key}>${toXml(item)}</${key}>`)
      .join('');
  }
  return escapeXml(String(value));
}
