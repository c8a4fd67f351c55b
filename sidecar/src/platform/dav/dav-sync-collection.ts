// WebDAV collection sync (RFC 6578) for CalDAV and CardDAV: the collections of a home with their sync tokens, the
// `sync-collection` REPORT that names what changed in one collection since a token, and a collection's name.
import { UpstreamError } from '../../errors.js';
import {
  DAV_NAMESPACES,
  escapeXml,
  lastSegment,
  parseMultistatus,
  requestMultistatus,
  textOf,
  type DavResponse,
} from './dav-multistatus.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { decodeXmlEntities } from '../xml-entities.js';

/** One collection of a home as the PROPFIND described it. */
export interface DavCollectionEntry {
  /** The collection's URI segment (percent-decoded), e.g. "personal". */
  uri: string;
  response: DavResponse;
  /** `d:sync-token`, when the server gave one. */
  syncToken?: string;
}

export interface CollectionChanges {
  /** The token to send next time. */
  syncToken: string;
  /** Objects (names, percent-decoded) new or changed since the token, with their ETags. */
  changed: { name: string; etag: string }[];
  /** Objects gone since the token (404 in the answer). */
  removed: string[];
}

/** PROPFIND Depth 1 of a home asking for `d:sync-token` and `props` (inner XML of `d:prop`). */
export async function listDavCollections(
  client: NextcloudClient,
  homePath: string,
  props: string,
): Promise<DavCollectionEntry[]> {
  const responses = await requestMultistatus(client, homePath, {
    method: 'PROPFIND',
    depth: '1',
    body: `<d:propfind ${DAV_NAMESPACES}><d:prop><d:resourcetype/><d:sync-token/>${props}</d:prop></d:propfind>`,
  });
  const home = homePath.replace(/\/+$/, '');
  return responses
    .filter((response) => response.href.replace(/\/+$/, '') !== home && response.href.endsWith('/'))
    .map((response) => ({
      uri: lastSegment(response.href),
      response,
      syncToken: textOf(response.props['sync-token'])?.trim() || undefined,
    }));
}

/**
 * What changed in the collection since `syncToken` ('' lists everything). Returns 'invalid-token' when the server
 * no longer knows the token (sabre: 403 with `d:valid-sync-token`; Radicale the same): list again from ''.
 */
export async function syncCollection(
  client: NextcloudClient,
  collectionPath: string,
  syncToken: string,
): Promise<CollectionChanges | 'invalid-token'> {
  const response = await client.request(collectionPath, {
    method: 'REPORT',
    // RFC 6578: Depth 0 on the request, the level in the body.
    headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8', accept: 'application/xml' },
    body:
      `<?xml version="1.0" encoding="utf-8"?>\n<d:sync-collection ${DAV_NAMESPACES}>` +
      `<d:sync-token>${escapeXml(syncToken)}</d:sync-token><d:sync-level>1</d:sync-level>` +
      '<d:prop><d:getetag/></d:prop></d:sync-collection>',
    accept: [403, 409],
  });
  const xml = response.text();
  if ((response.status === 403 || response.status === 409) && /valid-sync-token/.test(xml)) return 'invalid-token';
  if (response.status !== 207) {
    throw new UpstreamError('Nextcloud answered a DAV sync request unexpectedly.', {
      cause: new Error(`HTTP ${response.status} for sync-collection`),
    });
  }
  const base = collectionPath.replace(/\/+$/, '');
  const changes: CollectionChanges = { syncToken: readSyncToken(xml), changed: [], removed: [] };
  for (const entry of parseMultistatus(xml)) {
    // Only direct members: not the collection itself, not anything deeper.
    const href = entry.href.replace(/\/+$/, '');
    if (href === base || !href.startsWith(`${base}/`) || href.slice(base.length + 1).includes('/')) continue;
    const name = lastSegment(entry.href);
    if (entry.status === 404) changes.removed.push(name);
    else changes.changed.push({ name, etag: textOf(entry.props.getetag)?.trim() ?? '' });
  }
  return changes;
}

/** The collection's display name (PROPFIND Depth 0); `fallback` when it has none or the request fails. */
export async function readCollectionName(
  client: NextcloudClient,
  collectionPath: string,
  fallback: string,
): Promise<string> {
  const [response] = await requestMultistatus(client, collectionPath, {
    method: 'PROPFIND',
    depth: '0',
    body: `<d:propfind ${DAV_NAMESPACES}><d:prop><d:displayname/></d:prop></d:propfind>`,
  }).catch(() => []);
  return textOf(response?.props.displayname)?.trim() || fallback;
}

/** The multistatus-level `<sync-token>` (any namespace prefix). */
function readSyncToken(xml: string): string {
  const match = /<(?:[\w-]+:)?sync-token(?:\s[^>]*)?>([^<]*)<\/(?:[\w-]+:)?sync-token>/.exec(xml);
  if (!match?.[1]?.trim()) throw new UpstreamError('Nextcloud answered a DAV sync request without a sync token.');
  return decodeXmlEntities(match[1].trim());
}
