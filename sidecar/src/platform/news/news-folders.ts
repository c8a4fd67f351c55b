// The News folders of the user: list, create, rename and delete them (deleting a folder removes its feeds).
import { NotFoundError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { toNewsFolder, type NewsFolder } from './news-models.js';
import { newsPaths } from './news-paths.js';

export async function listFolders(client: NextcloudClient): Promise<NewsFolder[]> {
  const body = await client.requestJson<{ folders?: unknown[] } | null>(newsPaths.folders());
  return (body?.folders ?? []).map(toNewsFolder);
}

/** News answers `POST /folders {name}` with `{folders:[the new folder]}`; names need not be unique. */
export async function createFolder(client: NextcloudClient, name: string): Promise<NewsFolder> {
  const body = await client.requestJson<{ folders?: unknown[] } | null>(newsPaths.folders(), {
    method: 'POST',
    json: { name },
  });
  return toNewsFolder(body?.folders?.[0]);
}

/** `PUT /folders/{id} {name}` → 200 `[]`; an unknown folder → 404. */
export async function renameFolder(client: NextcloudClient, folderId: number, name: string): Promise<void> {
  const response = await client.request(newsPaths.folder(folderId), { method: 'PUT', json: { name }, accept: [404] });
  if (response.status === 404) throw new NotFoundError(`News has no folder ${folderId}.`);
}

/** `DELETE /folders/{id}` → 200 `[]`; an unknown folder → 404. */
export async function deleteFolder(client: NextcloudClient, folderId: number): Promise<void> {
  const response = await client.request(newsPaths.folder(folderId), { method: 'DELETE', accept: [404] });
  if (response.status === 404) throw new NotFoundError(`News has no folder ${folderId}.`);
}
