// The News feeds of the user: list them with their unread counts, subscribe, unsubscribe, move between folders.
// News answers an unknown folder with a 500 HTML page and an unknown feed with SQL text, so folders are checked
// first and News' own words are never shown, except the sanitized reason a feed could not be read.
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { readNextcloudReason } from '../nextcloud-reason.js';
import { toNewsFeed, type NewsFeed } from './news-models.js';
import { listFolders } from './news-folders.js';
import { newsPaths } from './news-paths.js';

export interface FeedList {
  feeds: NewsFeed[];
  starredCount: number;
}

export async function listFeeds(client: NextcloudClient): Promise<FeedList> {
  const body = await client.requestJson<{ feeds?: unknown[]; starredCount?: unknown } | null>(newsPaths.feeds());
  return {
    feeds: (body?.feeds ?? []).map(toNewsFeed),
    starredCount: typeof body?.starredCount === 'number' ? body.starredCount : 0,
  };
}

/**
 * Subscribes to `url` (News fetches it at once): ConflictError when already subscribed, InvalidInputError when News
 * could not read a feed there (News answers with the upstream status, e.g. 404), NotFoundError for an unknown folder.
 */
export async function addFeed(client: NextcloudClient, url: string, folderId: number | null): Promise<NewsFeed> {
  await assertFolderExists(client, folderId);
  const response = await client.request(newsPaths.feeds(), {
    method: 'POST',
    json: { url, folderId },
    accept: [400, 403, 404, 409, 410, 422, 500, 502, 503],
  });
  if (response.status === 409) throw new ConflictError('The user already subscribes to this feed.');
  if (response.status >= 400) {
    const reason = readNextcloudReason(response);
    const said = reason ? `: ${reason}` : '';
    throw new InvalidInputError(`News could not read a feed at this URL (HTTP ${response.status}${said}).`);
  }
  return toNewsFeed((response.json() as { feeds?: unknown[] } | null)?.feeds?.[0]);
}

export async function removeFeed(client: NextcloudClient, feedId: number): Promise<void> {
  const response = await client.request(newsPaths.feed(feedId), { method: 'DELETE', accept: [404] });
  if (response.status === 404) throw new NotFoundError(`News has no feed ${feedId}.`);
}

/** Moves the feed into `folderId` (null: the root folder); NotFoundError for an unknown feed or folder. */
export async function moveFeed(client: NextcloudClient, feedId: number, folderId: number | null): Promise<void> {
  await assertFolderExists(client, folderId);
  const response = await client.request(newsPaths.feedAction(feedId, 'move'), {
    method: 'POST',
    json: { folderId },
    accept: [404],
  });
  if (response.status === 404) throw new NotFoundError(`News has no feed ${feedId}.`);
}

/** NotFoundError for a folder News does not have (News itself fails on one with a 500 HTML page); null is the root. */
async function assertFolderExists(client: NextcloudClient, folderId: number | null): Promise<void> {
  if (folderId !== null && !(await listFolders(client)).some((folder) => folder.id === folderId)) {
    throw new NotFoundError(`News has no folder ${folderId}.`);
  }
}
