// WebDAV multistatus exchanges (PROPFIND, REPORT) for CalDAV and CardDAV: send an XML body, parse the 207 answer.
import { UpstreamError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { parseXmlTree } from './xml-tree.js';

/** One `<response>` of a multistatus: its href (a path, still percent-encoded) and the properties found with 200. */
export interface DavResponse {
  href: string;
  /** The response's own status (e.g. 404 for a missing item in a multiget), when it has one. */
  status?: number;
  /**
   * Found properties by local name, as xml-tree.ts reads them: text untrimmed, objects for nested XML or attributes
   * (`@name`, text beside them under `#text`).
   */
  props: Record<string, unknown>;
}

export interface MultistatusRequest {
  method: 'PROPFIND' | 'REPORT';
  depth: '0' | '1';
  body: string;
}

export const DAV_NAMESPACES =
  'xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:card="urn:ietf:params:xml:ns:carddav" ' +
  'xmlns:cs="http://calendarserver.org/ns/" xmlns:a="http://apple.com/ns/ical/" xmlns:oc="http://owncloud.org/ns" ' +
  'xmlns:nc="http://nextcloud.com/ns"';

export async function requestMultistatus(
  client: NextcloudClient,
  path: string,
  request: MultistatusRequest,
): Promise<DavResponse[]> {
  const response = await client.request(path, {
    method: request.method,
    headers: { depth: request.depth, 'content-type': 'application/xml; charset=utf-8', accept: 'application/xml' },
    body: `<?xml version="1.0" encoding="utf-8"?>\n${request.body}`,
  });
  if (response.status !== 207) {
    throw new UpstreamError('Nextcloud answered a DAV request unexpectedly.', {
      cause: new Error(`HTTP ${response.status} for ${request.method}`),
    });
  }
  return parseMultistatus(response.text());
}

export function parseMultistatus(xml: string): DavResponse[] {
  let document: unknown;
  try {
    document = parseXmlTree(xml, { asArray: (name) => ARRAYS.has(name), attributes: true, trim: false });
  } catch (error) {
    throw new UpstreamError('Nextcloud answered with malformed XML.', { cause: error });
  }
  if (!document || typeof document !== 'object' || !('multistatus' in document)) {
    throw new UpstreamError('Nextcloud answered without a multistatus.');
  }
  // An empty <multistatus/> parses as an empty string.
  const multistatus = document.multistatus as { response?: unknown[] } | string;
  if (typeof multistatus !== 'object') return [];
  return (multistatus.response ?? []).map((entry) => toDavResponse(entry as RawResponse));
}

/** Text content of a property, whether it was rendered as a string or as an element with attributes. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object' && '#text' in value) return String((value as { '#text': unknown })['#text']);
  return undefined;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The last segment of a path, percent-decoded, without a trailing slash. */
export function lastSegment(href: string): string {
  const segment = href.replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

interface RawResponse {
  href?: unknown;
  status?: unknown;
  propstat?: { prop?: Record<string, unknown>; status?: unknown }[];
}

/** Elements read as arrays however many there are. */
const ARRAYS = new Set(['response', 'propstat', 'comp', 'href']);

function toDavResponse(raw: RawResponse): DavResponse {
  const hrefs = Array.isArray(raw.href) ? raw.href : [raw.href];
  const href = (textOf(hrefs[0]) ?? '').trim();
  const props: Record<string, unknown> = {};
  for (const propstat of raw.propstat ?? []) {
    if (statusCode(propstat.status) !== 200 || !propstat.prop || typeof propstat.prop !== 'object') continue;
    Object.assign(props, propstat.prop);
  }
  return { href: pathOf(href), status: raw.status === undefined ? undefined : statusCode(raw.status), props };
}

function statusCode(status: unknown): number | undefined {
  const match = /HTTP\/[\d.]+\s+(\d{3})/.exec(textOf(status) ?? '');
  return match ? Number(match[1]) : undefined;
}

function pathOf(href: string): string {
  return /^https?:\/\//i.test(href) ? new URL(href).pathname : href;
}
