// OCS responses as Nextcloud writes them: the v1/v2 envelope in JSON or XML, and v1's HTTP-200-on-failure quirk.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeXml } from './xml-escape.js';

export type OcsVersion = 1 | 2;

export interface OcsOutcome {
  /** The HTTP status a v2 endpoint answers with. */
  status: number;
  /** OCS status code; defaults to 200 (v2) / 100 (v1) on success. */
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
  const statuscode = outcome.statuscode ?? (ok ? (version === 2 ? 200 : 100) : outcome.status);
  const meta = {
    status: ok ? 'ok' : 'failure',
    statuscode,
    message: outcome.message ?? (ok ? 'OK' : ''),
    totalitems: '',
    itemsperpage: '',
  };
  const data = outcome.data ?? [];
  // OCS v1 reports failures inside the envelope and answers HTTP 200, except 997 (not logged in): 401.
  const httpStatus = version === 2 ? outcome.status : statuscode === 997 ? 401 : 200;
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
