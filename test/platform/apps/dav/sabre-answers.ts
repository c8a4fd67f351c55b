// Answers of the DAV double as Nextcloud's sabre/dav writes them: multistatus bodies and <d:error> documents with
// the exception class and message (which the sidecar passes on to the model).
import type { ServerResponse } from 'node:http';
import { escapeXml } from '../../xml-escape.js';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const NC_NS = 'http://nextcloud.com/ns';

/** `condition` is a precondition element sabre adds before the exception, e.g. `<d:valid-sync-token/>`. */
export function sabreError(status: number, exception: string, message: string, condition = ''): Answer {
  return {
    status,
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body:
      '<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">' +
      `${condition}<s:exception>${exception}</s:exception><s:message>${escapeXml(message)}</s:message></d:error>`,
  };
}

/** A date-time as Nextcloud's DAV properties write it: `2026-11-28T06:07:45+00:00` (UTC, no fraction). */
export function nextcloudDateTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}+00:00`;
}

export const notFound = (message = 'Node with this name could not be located') =>
  sabreError(404, 'Sabre\\DAV\\Exception\\NotFound', message);

export function multistatus(responses: string[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:">${responses.join('')}</d:multistatus>`;
}

export function xmlAnswer(body: string): Answer {
  return { status: 207, headers: { 'content-type': 'application/xml; charset=utf-8' }, body };
}

/** One `<d:response>` with the given inner XML of its 200 `<d:prop>`. */
export function propResponse(href: string, props: string): string {
  return (
    `<d:response xmlns:d="DAV:"><d:href>${href}</d:href><d:propstat><d:prop>${props}</d:prop>` +
    '<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>'
  );
}

export const noContent = (): Answer => ({ status: 204, headers: {}, body: '' });

export function send(res: ServerResponse, answer: Answer, extraHeaders: Record<string, string> = {}): void {
  res.writeHead(answer.status, { ...answer.headers, ...extraHeaders });
  res.end(answer.body);
}
