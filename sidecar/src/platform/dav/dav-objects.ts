// Single DAV objects (iCalendar, vCard): read, write with If-Match / If-None-Match, delete, and recognise them by UID.
import type { NextcloudClient } from '../nextcloud-client.js';
import { DAV_NAMESPACES, requestMultistatus, textOf } from './dav-multistatus.js';

/** The object's text and ETag; null when it is not there for the user (403, 404, 410, or any answer but 200). */
export async function readDavObject(
  client: NextcloudClient,
  path: string,
  contentType: string,
): Promise<{ text: string; etag: string | undefined } | null> {
  const response = await client.request(path, { headers: { accept: contentType }, accept: [403, 404, 410] });
  if (response.status !== 200) return null;
  return { text: response.text(), etag: headerOf(response.headers.etag) };
}

/**
 * Stores an object: a new one only if the name is free (If-None-Match: *), an existing one only if unchanged since
 * `etag` was read (If-Match). Returns the new ETag. A changed object makes the client throw ConflictError.
 */
export async function putDavObject(
  client: NextcloudClient,
  path: string,
  object: { body: string; contentType: string; etag?: string },
): Promise<string> {
  const response = await client.request(path, {
    method: 'PUT',
    headers: {
      'content-type': object.contentType,
      ...(object.etag ? { 'if-match': object.etag } : { 'if-none-match': '*' }),
    },
    body: object.body,
  });
  // Nextcloud leaves out the ETag when it changed the data on the way in; ask for it then.
  return headerOf(response.headers.etag) ?? (await fetchEtag(client, path));
}

export async function deleteDavObject(client: NextcloudClient, path: string, etag?: string): Promise<void> {
  await client.request(path, { method: 'DELETE', headers: etag ? { 'if-match': etag } : {} });
}

/** Whether an iCalendar or vCard text carries exactly this UID (folded lines unfolded first). */
export function hasUid(text: string, uid: string): boolean {
  const unfolded = text.replace(/\r?\n[ \t]/g, '');
  return unfolded.split(/\r?\n/).some((line) => /^UID[;:]/i.test(line) && line.slice(line.indexOf(':') + 1) === uid);
}

/** The first value of a response header, or undefined when absent or empty. */
export function headerOf(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first && first !== '' ? first : undefined;
}

async function fetchEtag(client: NextcloudClient, path: string): Promise<string> {
  const [response] = await requestMultistatus(client, path, {
    method: 'PROPFIND',
    depth: '0',
    body: `<d:propfind ${DAV_NAMESPACES}><d:prop><d:getetag/></d:prop></d:propfind>`,
  });
  return textOf(response?.props.getetag) ?? '';
}
