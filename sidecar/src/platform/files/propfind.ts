// PROPFIND on the user's files and the multistatus answers of WebDAV (PROPFIND, SEARCH, trash, versions), parsed
// (xml-tree.ts) into file entries.
import { UpstreamError } from '../../errors.js';
import { parseXmlTree } from '../dav/xml-tree.js';
import { davFilesPath, segmentsFromHref, type DavRoot, type FilePath } from './dav-paths.js';
import type { DavAccount } from '../dav/dav-account.js';

export interface FileEntry {
  /** Below the DAV root with a leading slash, e.g. `/Documents/report.md`; `/` for the root itself. */
  path: string;
  /** The decoded names below the DAV root (`['Documents', 'report.md']`). */
  segments: string[];
  name: string;
  type: 'file' | 'folder';
  /** Bytes (a folder's is the sum of its contents). */
  size: number;
  contentType: string | null;
  /** Without quotes. */
  etag: string | null;
  /** ISO 8601. */
  lastModified: string | null;
  fileId: number | null;
  /** Nextcloud's permission letters, e.g. `RGDNVW`. */
  permissions: string;
  hasPreview: boolean;
}

/** One `d:response` of a multistatus: its href and the properties found (status 200), by local name. */
export interface DavResponse {
  href: string;
  props: Record<string, unknown>;
}

export const FILE_PROPS = [
  'd:getetag',
  'd:getlastmodified',
  'd:getcontentlength',
  'd:getcontenttype',
  'd:resourcetype',
  'oc:fileid',
  'oc:permissions',
  'oc:size',
  'nc:has-preview',
];

export const DAV_NAMESPACES = 'xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"';

/** A PROPFIND body asking for `props` (qualified with the d:/oc:/nc: prefixes). */
export function buildPropfindBody(props: string[] = FILE_PROPS): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<d:propfind ${DAV_NAMESPACES}><d:prop>${props
    .map((prop) => `<${prop}/>`)
    .join('')}</d:prop></d:propfind>`;
}

/** PROPFIND with Depth 0 (the item) or 1 (a folder and its children); undefined when nothing is at `path`. */
export async function propfindFiles(
  access: DavAccount,
  path: FilePath,
  depth: 0 | 1,
): Promise<FileEntry[] | undefined> {
  const response = await access.client.request(davFilesPath(access.userId, path), {
    method: 'PROPFIND',
    headers: { depth: String(depth), 'content-type': 'application/xml; charset=utf-8', accept: 'application/xml' },
    body: buildPropfindBody(),
    accept: [404],
  });
  if (response.status === 404) return undefined;
  return parseMultistatus(response.text()).flatMap((entry) => {
    const file = toFileEntry(entry, 'files', access.userId);
    return file ? [file] : [];
  });
}

/** The ETag of the item at `path` (PROPFIND Depth 0 of `d:getetag` alone); null when Nextcloud gave none. */
export async function propfindEtag(access: DavAccount, path: FilePath): Promise<string | null> {
  const response = await access.client.request(davFilesPath(access.userId, path), {
    method: 'PROPFIND',
    headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8', accept: 'application/xml' },
    body: buildPropfindBody(['d:getetag']),
  });
  return unquoteEtag(textOf(parseMultistatus(response.text())[0]?.props.getetag));
}

export function parseMultistatus(xml: string): DavResponse[] {
  let parsed: Record<string, unknown>;
  try {
    parsed = parseXmlTree(xml, { asArray: (name) => name === 'response' || name === 'propstat' });
  } catch (cause) {
    throw new UpstreamError('Nextcloud answered with malformed WebDAV XML.', { cause });
  }
  const multistatus = parsed.multistatus;
  // An empty <d:multistatus/> parses as ''.
  if (multistatus === '') return [];
  if (!multistatus || typeof multistatus !== 'object') {
    throw new UpstreamError('Nextcloud answered without a WebDAV multistatus.');
  }
  const responses = ((multistatus as Record<string, unknown>).response ?? []) as Record<string, unknown>[];
  return responses.map((response) => {
    const props: Record<string, unknown> = {};
    for (const propstat of (response.propstat ?? []) as Record<string, unknown>[]) {
      if (!/\s200\s/.test(` ${String(propstat.status)} `)) continue;
      Object.assign(props, propstat.prop && typeof propstat.prop === 'object' ? propstat.prop : {});
    }
    return { href: String(response.href ?? ''), props };
  });
}

/** The entry of a response whose href lies in `root` of `userId` (undefined otherwise). */
export function toFileEntry(response: DavResponse, root: DavRoot, userId: string): FileEntry | undefined {
  const segments = segmentsFromHref(response.href, root, userId);
  if (!segments) return undefined;
  const { props } = response;
  const isFolder = isCollection(props.resourcetype);
  const size = Number(textOf(props.size) ?? textOf(props.getcontentlength) ?? 0);
  const modified = Date.parse(textOf(props.getlastmodified) ?? '');
  const fileId = Number(textOf(props.fileid));
  return {
    path: `/${segments.join('/')}`,
    segments,
    name: segments[segments.length - 1] ?? '',
    type: isFolder ? 'folder' : 'file',
    size: Number.isFinite(size) ? size : 0,
    contentType: isFolder ? null : (textOf(props.getcontenttype) ?? null),
    etag: unquoteEtag(textOf(props.getetag)),
    lastModified: Number.isNaN(modified) ? null : new Date(modified).toISOString(),
    fileId: Number.isInteger(fileId) && fileId > 0 ? fileId : null,
    permissions: textOf(props.permissions) ?? '',
    hasPreview: textOf(props['has-preview']) === 'true',
  };
}

/** A property's text, or undefined when it is absent or not text. */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** `"abc"` or `W/"abc"` → `abc`. */
export function unquoteEtag(etag: string | undefined | null): string | null {
  if (!etag) return null;
  return etag.replace(/^W\//, '').replace(/^"(.*)"$/, '$1');
}

function isCollection(resourcetype: unknown): boolean {
  return typeof resourcetype === 'object' && resourcetype !== null && 'collection' in resourcetype;
}
