// News tools for folders and feeds: list folders, list feeds, subscribe, unsubscribe, move a feed.
import { z } from 'zod';
import { addFeed, listFeeds, moveFeed, removeFeed } from '../../../platform/news/news-feeds.js';
import { listFolders } from '../../../platform/news/news-folders.js';
import type { NewsFeed } from '../../../platform/news/news-models.js';
import { defineTool } from '../../tool-definition.js';
import { ADDITIVE_IDEMPOTENT, DESTRUCTIVE_IDEMPOTENT, READ_ONLY, positiveId } from '../tool-shapes.js';

const feedOutput = z.object({
  id: z.number(),
  title: z.string(),
  folder_id: z.number().nullable(),
  url: z.string(),
  unread_count: z.number(),
});

export const listFoldersTool = defineTool({
  name: 'nc_news_list_folders',
  app: 'news',
  title: 'List News folders',
  description: "Lists the user's News folders.",
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
  description: 'Lists the subscribed feeds with their unread counts.',
  input: z.object({}),
  output: z.object({ feeds: z.array(feedOutput) }),
  annotations: READ_ONLY,
  run: async (_args, { nextcloud }) => ({ feeds: (await listFeeds(nextcloud)).feeds.map(describeFeed) }),
  summarize: (result) =>
    result.feeds.map((f) => `${f.id} ${f.title} (${f.unread_count} unread)`).join('\n') || 'No feeds.',
});

export const addFeedTool = defineTool({
  name: 'nc_news_add_feed',
  app: 'news',
  title: 'Subscribe to a feed',
  description: 'Subscribes to an RSS or Atom feed, which News fetches at once.',
  input: z.object({ url: z.url({ protocol: /^https?$/ }).max(2048), folder_id: positiveId().optional() }),
  output: z.object({ id: z.number(), title: z.string() }),
  annotations: { ...ADDITIVE_IDEMPOTENT, idempotentHint: false, openWorldHint: true },
  async run({ url, folder_id }, { nextcloud }) {
    const feed = await addFeed(nextcloud, url, folder_id ?? null);
    return { id: feed.id, title: feed.title };
  },
  summarize: (feed) => `Subscribed to "${feed.title}" (feed ${feed.id}).`,
});

export const removeFeedTool = defineTool({
  name: 'nc_news_remove_feed',
  app: 'news',
  title: 'Unsubscribe from a feed',
  description: 'Unsubscribes from a feed, deleting its items.',
  input: z.object({ feed_id: positiveId() }),
  output: z.object({ id: z.number() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ feed_id }, { nextcloud }) {
    await removeFeed(nextcloud, feed_id);
    return { id: feed_id };
  },
  summarize: (result) => `Unsubscribed from feed ${result.id}.`,
});

export const moveFeedTool = defineTool({
  name: 'nc_news_move_feed',
  app: 'news',
  title: 'Move a feed to a folder',
  description: 'Moves a feed into a folder (null: top level).',
  input: z.object({ feed_id: positiveId(), folder_id: positiveId().nullable() }),
  output: z.object({ feed_id: z.number(), folder_id: z.number().nullable() }),
  annotations: ADDITIVE_IDEMPOTENT,
  async run({ feed_id, folder_id }, { nextcloud }) {
    await moveFeed(nextcloud, feed_id, folder_id);
    return { feed_id, folder_id };
  },
  summarize: (result) => `Moved feed ${result.feed_id} to ${result.folder_id ?? 'the top level'}.`,
});

function describeFeed(feed: NewsFeed): z.infer<typeof feedOutput> {
  return { id: feed.id, title: feed.title, folder_id: feed.folderId, url: feed.url, unread_count: feed.unreadCount };
}
