// Several objects of one collection in one REPORT: calendar-multiget (RFC 4791, 7.9) and addressbook-multiget
// (RFC 6352, 8.7), which both RFCs require a server to support and sabre/dav (Nextcloud's DAV server) implements.
// Not verified on Nextcloud 32.0.2: a caller treats a name missing from the answer as "read it on its own".
import type { NextcloudClient } from '../nextcloud-client.js';
import { buildNextcloudUrl } from '../urls.js';
import { DAV_NAMESPACES, escapeXml, lastSegment, parseMultistatus, textOf } from './dav-multistatus.js';

export type MultigetKind = 'calendar' | 'addressbook';

/** An object as the multiget answered it: its text and its ETag (as `getetag` gives it, quotes included). */
export interface MultigetObject {
  text: string;
  etag: string;
}

const REPORT: Record<MultigetKind, { element: string; data: string }> = {
  calendar: { element: 'c:calendar-multiget', data: 'calendar-data' },
  addressbook: { element: 'card:addressbook-multiget', data: 'address-data' },
};

/**
 * The objects `names` (percent-decoded names in the collection at `collectionPath`) with their text and ETag, by
 * name. Objects the server answered without data or with an error status (404 for one gone meanwhile) are absent;
 * an answer other than 207 gives an empty map. The RFCs say the Depth header is ignored and should not be sent.
 */
export async function multigetDavObjects(
  client: NextcloudClient,
  collectionPath: string,
  names: readonly string[],
  kind: MultigetKind,
): Promise<Map<string, MultigetObject>> {
  const { element, data } = REPORT[kind];
  const prefix = kind === 'calendar' ? 'c' : 'card';
  // An href is the object's path on the server, with the path Nextcloud is installed under (e.g. /nextcloud).
  const base = new URL(buildNextcloudUrl(client.host, collectionPath)).pathname.replace(/\/+$/, '');
  const hrefs = names.map((name) => `<d:href>${escapeXml(`${base}/${encodeURIComponent(name)}`)}</d:href>`);
  const response = await client.request(collectionPath, {
    method: 'REPORT',
    headers: { 'content-type': 'application/xml; charset=utf-8', accept: 'application/xml' },
    body:
      `<?xml version="1.0" encoding="utf-8"?>\n<${element} ${DAV_NAMESPACES}>` +
      `<d:prop><d:getetag/><${prefix}:${data}/></d:prop>${hrefs.join('')}</${element}>`,
    accept: [400, 403, 404, 405, 415, 501],
  });
  const objects = new Map<string, MultigetObject>();
  if (response.status !== 207) return objects;
  for (const entry of parseMultistatus(response.text())) {
    if (entry.status !== undefined && entry.status !== 200) continue;
    const text = textOf(entry.props[data]);
    const etag = textOf(entry.props.getetag)?.trim();
    if (text !== undefined && etag) objects.set(lastSegment(entry.href), { text, etag });
  }
  return objects;
}
