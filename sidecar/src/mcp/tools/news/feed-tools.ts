// News tools for folders and feeds: list, create, rename and delete folders; list, subscribe, unsubscribe, move and
// rename feeds.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { addFeed, listFeeds, moveFeed, removeFeed } from '../../../platform/news/news-feeds.js';
import { createFolder, deleteFolder, listFolders, renameFolder } from '../../../platform/news/news-folders.js';
import { renameFeed } from '../../../platform/news/news-read-marks.js';
import type { NewsFeed } from '../../../platform/news/news-models.js';
import { defineTool } from '../../tool-definition.js';
import { ADDITIVE, ADDITIVE_IDEMPOTENT, DESTRUCTIVE_IDEMPOTENT, READ_ONLY, positiveId } from '../tool-shapes.js';

const feedTitle = z.string().trim().min(1).max(255);
const folderName = z.string().trim().min(1).max(100);

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

export const createFolderTool = defineTool({
  name: 'nc_news_create_folder',
  app: 'news',
  title: 'Create a News folder',
  description: 'Creates a News folder.',
  input: z.object({ name: folderName }),
  output: z.object({ id: z.number(), name: z.string() }),
  annotations: ADDITIVE,
  run: async ({ name }, { nextcloud }) => await createFolder(nextcloud, name),
  summarize: (folder) => `Created folder ${folder.id} "${folder.name}".`,
});

export const renameFolderTool = defineTool({
  name: 'nc_news_rename_folder',
  app: 'news',
  title: 'Rename a News folder',
  description: 'Renames a News folder.',
  input: z.object({ folder_id: positiveId(), name: folderName }),
  output: z.object({ id: z.number(), name: z.string() }),
  annotations: ADDITIVE_IDEMPOTENT,
  async run({ folder_id, name }, { nextcloud }) {
    await renameFolder(nextcloud, folder_id, name);
    return { id: folder_id, name };
  },
  summarize: (folder) => `Renamed folder ${folder.id} to "${folder.name}".`,
});

export const deleteFolderTool = defineTool({
  name: 'nc_news_delete_folder',
  app: 'news',
  title: 'Delete a News folder',
  description: 'Deletes a News folder with its feeds and their items.',
  input: z.object({ folder_id: positiveId() }),
  output: z.object({ id: z.number() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ folder_id }, { nextcloud }) {
    await deleteFolder(nextcloud, folder_id);
    return { id: folder_id };
  },
  summarize: (result) => `Deleted folder ${result.id} with its feeds.`,
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
  title: 'Move or rename a feed',
  description: 'Moves a feed into folder_id (null: top level), renames it to title, or both.',
  input: z.object({
    feed_id: positiveId(),
    folder_id: positiveId().nullable().optional(),
    title: feedTitle.optional(),
  }),
  output: z.object({ feed_id: z.number(), folder_id: z.number().nullable().optional(), title: z.string().optional() }),
  annotations: ADDITIVE_IDEMPOTENT,
  async run({ feed_id, folder_id, title }, { nextcloud }) {
    if (folder_id === undefined && title === undefined) throw new InvalidInputError('Pass folder_id, title or both.');
    if (folder_id !== undefined) await moveFeed(nextcloud, feed_id, folder_id);
    if (title !== undefined) await renameFeed(nextcloud, feed_id, title);
    return { feed_id, folder_id, title };
  },
  summarize: (result) =>
    [
      result.folder_id === undefined ? '' : `Moved feed ${result.feed_id} to ${result.folder_id ?? 'the top level'}.`,
      result.title === undefined ? '' : `Renamed feed ${result.feed_id} to "${result.title}".`,
    ]
      .filter(Boolean)
      .join(' '),
});

function describeFeed(feed: NewsFeed): z.infer<typeof feedOutput> {
  return { id: feed.id, title: feed.title, folder_id: feed.folderId, url: feed.url, unread_count: feed.unreadCount };
}
