// Nextcloud's own reason for a failed request, in a short form that is safe to show: read from the shapes its APIs
// answer with (OCS meta, JSON `message`, WebDAV/Sabre `<s:message>`), without URLs, server paths or control characters.
import type { HttpResponse } from '../net/http-client.js';
import { decodeXmlEntities } from './xml-entities.js';

export const MAX_REASON_CHARS = 160;

/** The reason, or undefined when the answer carries none (an HTML page, an empty body). */
export function readNextcloudReason(response: HttpResponse): string | undefined {
  const contentType = String(response.headers['content-type'] ?? '');
  if (response.body.length === 0 || /html/i.test(contentType)) return undefined;
  const text = response.body.subarray(0, 64 * 1024).toString('utf8');
  const raw = /json/i.test(contentType) || /^\s*[[{]/.test(text) ? reasonFromJson(text) : reasonFromXml(text);
  return raw === undefined ? undefined : sanitizeReason(raw);
}

/**
 * One line, no control characters, URLs, absolute server paths, SQL or PHP class names, at most MAX_REASON_CHARS
 * characters.
 */
export function sanitizeReason(raw: string): string | undefined {
  const cleaned = withoutInternals(raw)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\bhttps?:\/\/\S+/gi, '[address]')
    .replace(/(^|[\s"'(])\/(?:var|usr|srv|opt|home|tmp|etc|app|data)\/\S+/g, '$1[server path]')
    .replace(/\s+/g, ' ')
    .trim();
  if (cleaned === '' || cleaned === '[]') return undefined;
  return cleaned.length > MAX_REASON_CHARS ? `${cleaned.slice(0, MAX_REASON_CHARS - 1)}…` : cleaned;
}

/**
 * Nextcloud's database errors quote the query (News and Tables answer "Did expect one result but found none when
 * executing: query \"SELECT * FROM `*PREFIX*news_feeds` …\""), and some apps prefix a message with the throwing class
 * (`OCA\\Tables\\Service\\RowService - delete: Row not found.`): only the words before the SQL stay, without the class.
 */
function withoutInternals(raw: string): string {
  const sqlAt = raw.search(SQL_MARKERS);
  const before = sqlAt < 0 ? raw : raw.slice(0, sqlAt).replace(/[\s:;,(-]*(when|while) executing[\s:]*$/i, '');
  return before.replace(/^\s*\\?(?:OCA?|OC)\\[\w\\]+\s*-\s*/, '');
}

const SQL_MARKERS =
  /\bSQLSTATE\b|\*PREFIX\*|\bquery\s*["']?\s*(?:SELECT|INSERT|UPDATE|DELETE)\b|\b(?:SELECT\s.+\sFROM|INSERT\s+INTO|DELETE\s+FROM)\s/is;

function reasonFromJson(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body === 'string') return body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const record = body as Record<string, unknown>;
  const ocsMessage = (record.ocs as { meta?: { message?: unknown }; data?: unknown } | undefined)?.meta?.message;
  const ocsData = (record.ocs as { data?: unknown } | undefined)?.data;
  for (const candidate of [ocsMessage, ocsData, record.message, record.msg, record.error_description, record.error]) {
    if (typeof candidate === 'string' && candidate.trim() !== '') return candidate;
  }
  // Notes answers `{"errorType":"OCA\\Notes\\Service\\NoteDoesNotExistException"}`: the class name says it.
  if (typeof record.errorType === 'string') return record.errorType.split('\\').pop();
  return undefined;
}

function reasonFromXml(text: string): string | undefined {
  const match = /<(?:[a-z]+:)?message>([\s\S]*?)<\/(?:[a-z]+:)?message>/i.exec(text);
  if (match?.[1] !== undefined) return decodeXmlEntities(match[1]);
  return /^[^<]{1,400}$/.test(text.trim()) ? text : undefined;
}
