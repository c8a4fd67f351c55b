// News tools for folders and feeds: list folders, list feeds, subscribe, unsubscribe, move a feed.
import { z } from 'zod';
import { addFeed, listFeeds, moveFeed, removeFeed } from '../../../platform/news/news-feeds.js';
import { listFolders } from '../../../platform/news/news-folders.js';
import type { NewsFeed } from '../../../platform/news/news-models.js';
import { defineTool } from '../../tool-definition.js';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const id = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const feedId = id().describe('The id of the feed.');
const folderId = id().describe('The id of a News folder.');

const feedOutput = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string(),
  link: z.string(),
  folder_id: z.number().nullable(),
  unread_count: z.number(),
});

export const listFoldersTool = defineTool({
  name: 'nc_news_list_folders',
  app: 'news',
  title: 'List News folders',
  description: 'Lists the folders the user sorts their News feeds into.',
  input: z.object({}),
  output: z.object({ folders: z.array(z.object({ id: z.number(), name: z.string() })) }),
  annotations: READ_ONLY,
  run: async (_args, { nextcloud }) => ({ folders: await listFolders(nextcloud) }),
  summarize: (result) => result.folders.map((f) => `${f.id} ${f.name}`).join('\n') || 'No folders.',
});

export const listFeedsTool = defineTool({
  name: 'nc_news_list_feeds',
  app: 'news',
  title: 'List News feeds',
  description: 'Lists the feeds the user subscribes to, with their folder and number of unread items.',
  input: z.object({}),
  output: z.object({ feeds: z.array(feedOutput), starred_count: z.number() }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const list = await listFeeds(nextcloud);
    return { feeds: list.feeds.map(describeFeed), starred_count: list.starredCount };
  },
  summarize: (result) =>
    result.feeds.map((f) => `${f.id} ${f.title} (${f.unread_count} unread)`).join('\n') || 'No feeds.',
});

export const addFeedTool = defineTool({
  name: 'nc_news_add_feed',
  app: 'news',
  title: 'Subscribe to a feed',
  description:
    'Subscribes to an RSS or Atom feed by its URL, optionally into a folder. Nextcloud News fetches the URL.',
  input: z.object({
    url: z.url({ protocol: /^https?$/ }).max(2048),
    folder_id: folderId.optional(),
  }),
  output: feedOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async ({ url, folder_id }, { nextcloud }) => describeFeed(await addFeed(nextcloud, url, folder_id ?? null)),
  summarize: (feed) => `Subscribed to "${feed.title}" (feed ${feed.id}).`,
});

export const removeFeedTool = defineTool({
  name: 'nc_news_remove_feed',
  app: 'news',
  title: 'Unsubscribe from a feed',
  description: 'Unsubscribes from a feed and deletes its items, starred ones included.',
  input: z.object({ feed_id: feedId }),
  output: z.object({ feed_id: z.number(), removed: z.boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ feed_id }, { nextcloud }) {
    await removeFeed(nextcloud, feed_id);
    return { feed_id, removed: true };
  },
  summarize: (result) => `Unsubscribed from feed ${result.feed_id}.`,
});

export const moveFeedTool = defineTool({
  name: 'nc_news_move_feed',
  app: 'news',
  title: 'Move a feed to a folder',
  description: 'Moves a feed into a folder, or to the top level when folder_id is null.',
  input: z.object({ feed_id: feedId, folder_id: folderId.nullable() }),
  output: z.object({ feed_id: z.number(), folder_id: z.number().nullable() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ feed_id, folder_id }, { nextcloud }) {
    await moveFeed(nextcloud, feed_id, folder_id);
    return { feed_id, folder_id };
  },
  summarize: (result) => `Moved feed ${result.feed_id} to ${result.folder_id ?? 'the top level'}.`,
});

function describeFeed(feed: NewsFeed): z.infer<typeof feedOutput> {
  return {
    id: feed.id,
    title: feed.title,
    url: feed.url,
    link: feed.link,
    folder_id: feed.folderId,
    unread_count: feed.unreadCount,
  };
}
