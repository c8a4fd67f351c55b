// System tags of files (the Files app's "Tags") and the user's favourites: list the tags, a file's tags, assign
// tags by name (creating missing ones), remove them, and mark a file as a favourite with PROPPATCH oc:favorite.
// unverified: every request here (source: nextcloud/server apps/dav/lib/SystemTag/SystemTagPlugin.php,
// SystemTagsObjectMappingCollection.php, SystemTagMappingNode.php, apps/dav/lib/Connector/Sabre/TagsPlugin.php).
import { ConflictError, ForbiddenError, UpstreamError } from '../../errors.js';
import { createdIdFrom } from '../dav/created-id.js';
import type { DavAccount } from '../dav/dav-account.js';
import { davFilesPath, davSystemTagsPath, davTagRelationsPath, type FilePath } from './dav-paths.js';
import { buildPropfindBody, parseMultistatus, textOf } from './propfind.js';

export interface SystemTag {
  id: string;
  name: string;
  /** Whether the user may assign it (admins can make tags others only see). */
  assignable: boolean;
}

const TAG_PROPS = ['oc:id', 'oc:display-name', 'oc:user-visible', 'oc:user-assignable'];

export async function listSystemTags(access: DavAccount): Promise<SystemTag[]> {
  return propfindTags(access, davSystemTagsPath());
}

export async function listFileTags(access: DavAccount, fileId: number): Promise<SystemTag[]> {
  return propfindTags(access, davTagRelationsPath(fileId));
}

/** The tag's id, created first when no tag has this name (another caller creating it meanwhile is fine). */
export async function ensureSystemTag(access: DavAccount, name: string, known: SystemTag[]): Promise<SystemTag> {
  const found = known.find((tag) => tag.name === name);
  if (found) return found;
  const response = await access.client.request(davSystemTagsPath(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, userVisible: true, userAssignable: true }),
    accept: [409],
  });
  if (response.status === 409) {
    const again = (await listSystemTags(access)).find((tag) => tag.name === name);
    if (again) return again;
    throw new ConflictError(`A tag named "${name}" exists but is not visible to the user.`);
  }
  return { id: createdIdFrom(response, 'the tag'), name, assignable: true };
}

export async function assignSystemTag(access: DavAccount, fileId: number, tag: SystemTag): Promise<void> {
  if (!tag.assignable) throw new ForbiddenError(`The tag "${tag.name}" may only be assigned by an administrator.`);
  await access.client.request(davTagRelationsPath(fileId, tag.id), { method: 'PUT', body: '' });
}

/** Removes the tag from the file; a tag that was not assigned is fine. */
export async function removeSystemTag(access: DavAccount, fileId: number, tag: SystemTag): Promise<void> {
  await access.client.request(davTagRelationsPath(fileId, tag.id), { method: 'DELETE', accept: [404] });
}

export async function setFavorite(access: DavAccount, path: FilePath, favorite: boolean): Promise<void> {
  const response = await access.client.request(davFilesPath(access.userId, path), {
    method: 'PROPPATCH',
    headers: { 'content-type': 'application/xml; charset=utf-8' },
    body:
      '<?xml version="1.0" encoding="utf-8"?>\n<d:propertyupdate xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns">' +
      `<d:set><d:prop><oc:favorite>${favorite ? 1 : 0}</oc:favorite></d:prop></d:set></d:propertyupdate>`,
  });
  const statuses = [...response.text().matchAll(/HTTP\/[\d.]+\s+(\d{3})/g)].map((m) => m[1]);
  if (response.status !== 207 || statuses.some((status) => status !== '200')) {
    throw new UpstreamError('Nextcloud did not store the favourite.', {
      cause: new Error(`HTTP ${response.status}, propstat ${statuses.join(',')}`),
    });
  }
}

/** Whether the file is one of the user's favourites (oc:favorite 1). */
export async function isFavorite(access: DavAccount, path: FilePath): Promise<boolean> {
  const response = await access.client.request(davFilesPath(access.userId, path), {
    method: 'PROPFIND',
    headers: { depth: '0', 'content-type': 'application/xml; charset=utf-8' },
    body: buildPropfindBody(['oc:favorite']),
  });
  const [entry] = parseMultistatus(response.text());
  return textOf(entry?.props.favorite)?.trim() === '1';
}

async function propfindTags(access: DavAccount, path: string): Promise<SystemTag[]> {
  const response = await access.client.request(path, {
    method: 'PROPFIND',
    headers: { depth: '1', 'content-type': 'application/xml; charset=utf-8' },
    body: buildPropfindBody(TAG_PROPS),
  });
  return parseMultistatus(response.text()).flatMap((entry): SystemTag[] => {
    const id = textOf(entry.props.id);
    const name = textOf(entry.props['display-name']);
    // The collection itself has no id; tags the user may not see are not listed.
    if (!id || name === undefined || textOf(entry.props['user-visible']) === 'false') return [];
    return [{ id, name, assignable: textOf(entry.props['user-assignable']) !== 'false' }];
  });
}
