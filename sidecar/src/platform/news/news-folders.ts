// The News folders of the user.
import type { NextcloudClient } from '../nextcloud-client.js';
import { toNewsFolder, type NewsFolder } from './news-models.js';
import { newsPaths } from './news-paths.js';

export async function listFolders(client: NextcloudClient): Promise<NewsFolder[]> {
  const body = await client.requestJson<{ folders?: unknown[] } | null>(newsPaths.folders());
  return (body?.folders ?? []).map(toNewsFolder);
}
