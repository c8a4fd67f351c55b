// WebDAV answers as Nextcloud (sabre/dav) writes them: 207 multistatus with the d:/oc:/nc: namespaces, one 200
// propstat for the properties a resource has and one 404 propstat for those it lacks, and sabre's error bodies.
import type { ServerResponse } from 'node:http';
import { XMLParser } from 'fast-xml-parser';
import { escapeXml } from '../../xml-escape.js';

export { escapeXml };

/** The properties a resource has: local name → inner XML (already escaped). */
export type DavProps = Record<string, string | undefined>;

export interface DavResource {
  href: string;
  props: DavProps;
}

const PREFIX_OF: Record<string, 'd' | 'oc' | 'nc'> = {
  getetag: 'd',
  getlastmodified: 'd',
  getcontentlength: 'd',
  getcontenttype: 'd',
  resourcetype: 'd',
  displayname: 'd',
  'quota-used-bytes': 'd',
  'quota-available-bytes': 'd',
  fileid: 'oc',
  id: 'oc',
  permissions: 'oc',
  size: 'oc',
  favorite: 'oc',
  'has-preview': 'nc',
  'trashbin-filename': 'nc',
  'trashbin-original-location': 'nc',
  'trashbin-deletion-time': 'nc',
  'trashbin-deleted-by-id': 'nc',
  'trashbin-deleted-by-display-name': 'nc',
  'version-label': 'nc',
  'version-author': 'nc',
  verb: 'oc',
  actorType: 'oc',
  actorId: 'oc',
  actorDisplayName: 'oc',
  creationDateTime: 'oc',
  objectType: 'oc',
  objectId: 'oc',
  message: 'oc',
  'display-name': 'oc',
  'user-visible': 'oc',
  'user-assignable': 'oc',
};

/** What `<d:allprop/>` or an empty PROPFIND body returns. */
export const DEFAULT_PROPS = ['getetag', 'getlastmodified', 'getcontentlength', 'getcontenttype', 'resourcetype'];

const NAMESPACES =
  'xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"';

/** The property names (local names) a PROPFIND body asks for; DEFAULT_PROPS for allprop or no body. */
export function parseRequestedProps(body: Buffer): string[] | 'invalid' {
  if (body.length === 0) return DEFAULT_PROPS;
  let parsed: Record<string, unknown>;
  try {
    parsed = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true }).parse(body.toString('utf8'), true);
  } catch {
    return 'invalid';
  }
  const propfind = parsed.propfind as Record<string, unknown> | undefined;
  if (!propfind || typeof propfind !== 'object') return 'invalid';
  const prop = propfind.prop;
  if (prop && typeof prop === 'object') return Object.keys(prop);
  return DEFAULT_PROPS;
}

export function sendMultistatus(res: ServerResponse, resources: DavResource[], requested: string[]): void {
  const body = resources.map((resource) => renderResponse(resource, requested)).join('');
  res.writeHead(207, {
    'content-type': 'application/xml; charset=utf-8',
    vary: 'Brief,Prefer',
    dav: '1, 3, extended-mkcol',
  });
  res.end(`<?xml version="1.0"?>\n<d:multistatus ${NAMESPACES}>${body}</d:multistatus>\n`);
}

/**
 * Sabre's error body, e.g. `sendDavError(res, 404, 'NotFound', 'File with name x could not be located')`. An exception
 * name with a backslash is a full class name, written as sabre writes it: without a leading backslash, so PHP's own
 * `\InvalidArgumentException` comes out as `InvalidArgumentException`; other names are sabre's. An empty message is
 * an empty `<s:message/>`, as sabre writes it for the trash bin's and versions' 403s and 404s.
 */
export function sendDavError(
  res: ServerResponse,
  status: number,
  exception: string,
  message: string,
  extraHeaders: Record<string, string> = {},
): void {
  const headers: Record<string, string> = { 'content-type': 'application/xml; charset=utf-8', ...extraHeaders };
  if (status === 401) headers['www-authenticate'] = 'Basic realm="Nextcloud", charset="UTF-8"';
  res.writeHead(status, headers);
  res.end(
    `<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:s="http://sabredav.org/ns">\n` +
      `  <s:exception>${exceptionClass(exception)}</s:exception>\n` +
      `  ${message === '' ? '<s:message/>' : `<s:message>${escapeXml(message)}</s:message>`}\n</d:error>\n`,
  );
}

/** Percent-encodes a path like sabre's encodePath: everything but letters, digits and `_-.~():@/`, in lower-case hex. */
export function encodeHrefPath(path: string): string {
  return path.replace(/[^A-Za-z0-9_\-.~():@/]/gu, (char) => encodeURIComponent(char).toLowerCase());
}

/** RFC 1123, as getlastmodified carries it: `Tue, 10 Oct 2023 08:00:00 GMT`. */
export function httpDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toUTCString();
}

function exceptionClass(exception: string): string {
  if (exception.startsWith('\\')) return exception.slice(1);
  return exception.includes('\\') ? exception : `Sabre\\DAV\\Exception\\${exception}`;
}

function renderResponse(resource: DavResource, requested: string[]): string {
  const found: string[] = [];
  const missing: string[] = [];
  for (const name of requested) {
    const prefix = PREFIX_OF[name] ?? 'd';
    const value = resource.props[name];
    if (value === undefined) missing.push(`<${prefix}:${name}/>`);
    else found.push(value === '' ? `<${prefix}:${name}/>` : `<${prefix}:${name}>${value}</${prefix}:${name}>`);
  }
  const propstat = (props: string[], status: string) =>
    props.length === 0
      ? ''
      : `<d:propstat><d:prop>${props.join('')}</d:prop><d:status>HTTP/1.1 ${status}</d:status></d:propstat>`;
  return `<d:response><d:href>${escapeXml(resource.href)}</d:href>${propstat(found, '200 OK')}${propstat(missing, '404 Not Found')}</d:response>`;
}
