// Renaming a feed and marking a whole feed or folder read, up to the newest item News knows at the time.
import { NotFoundError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { newsPaths } from './news-paths.js';

/** `POST /feeds/{id}/rename {feedTitle}` → 200 `[]`; an unknown feed → 404 (whose SQL text is never shown). */
export async function renameFeed(client: NextcloudClient, feedId: number, title: string): Promise<void> {
  const response = await client.request(newsPaths.feedAction(feedId, 'rename'), {
    method: 'POST',
    json: { feedTitle: title },
    accept: [404],
  });
  if (response.status === 404) throw new NotFoundError(`News has no feed ${feedId}.`);
}

/**
 * Marks every item of a feed or folder read with `POST /feeds|folders/{id}/read {newestItemId}` (→ 200 `null`);
 * `newestItemId` comes from `GET /feeds`, so items arriving meanwhile stay unread. An unknown feed or folder → 404.
 */
export async function markAllRead(client: NextcloudClient, target: { feedId: number } | { folderId: number }) {
  const feeds = await client.requestJson<{ newestItemId?: unknown } | null>(newsPaths.feeds());
  const newestItemId = typeof feeds?.newestItemId === 'number' ? feeds.newestItemId : 0;
  const path =
    'feedId' in target ? newsPaths.feedAction(target.feedId, 'read') : newsPaths.folderAction(target.folderId, 'read');
  const response = await client.request(path, { method: 'POST', json: { newestItemId }, accept: [404] });
  if (response.status === 404) {
    throw new NotFoundError(
      'feedId' in target ? `News has no feed ${target.feedId}.` : `News has no folder ${target.folderId}.`,
    );
  }
}
