// News tools for items: list them as plain text (never the feed's HTML) in pages, and mark them.
import { z } from 'zod';
import { BODY_MAX_CHARS } from '../../../platform/news/news-models.js';
import { listItems, markItems } from '../../../platform/news/news-items.js';
import { defineTool } from '../../tool-definition.js';

const id = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const itemOutput = z.object({
  id: z.number(),
  feed_id: z.number(),
  title: z.string(),
  author: z.string(),
  url: z.string(),
  published_at: z.string().describe('ISO 8601.'),
  unread: z.boolean(),
  starred: z.boolean(),
  body_text: z.string().describe(`The item body as plain text, cut after ${BODY_MAX_CHARS} characters.`),
});

export const listItemsTool = defineTool({
  name: 'nc_news_list_items',
  app: 'news',
  title: 'List News items',
  description:
    'Lists feed items newest first as plain text: all, unread or starred, of every feed or of one feed or folder. ' +
    'Follow next_cursor for older items.',
  input: z.object({
    filter: z.enum(['all', 'unread', 'starred']).default('unread'),
    feed_id: id().optional(),
    folder_id: id().optional(),
    limit: z.number().int().min(1).max(50).default(20),
    cursor: z
      .string()
      .regex(/^\d{1,15}$/)
      .optional()
      .describe('The next_cursor of the previous page.'),
  }),
  output: z.object({ items: z.array(itemOutput), next_cursor: z.string().nullable() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, { nextcloud }) {
    const page = await listItems(nextcloud, {
      filter: args.filter,
      feedId: args.feed_id,
      folderId: args.feed_id === undefined ? args.folder_id : undefined,
      limit: args.limit,
      beforeId: args.cursor ? Number(args.cursor) : undefined,
    });
    return {
      items: page.items.map((item) => ({
        id: item.id,
        feed_id: item.feedId,
        title: item.title,
        author: item.author,
        url: item.url,
        published_at: new Date(item.pubDate * 1000).toISOString(),
        unread: item.unread,
        starred: item.starred,
        body_text: item.body,
      })),
      next_cursor: page.nextBeforeId === null ? null : String(page.nextBeforeId),
    };
  },
  summarize: (result) =>
    result.items.map((item) => `${item.id} ${item.title}\n${item.body_text.slice(0, 300)}`).join('\n\n') || 'No items.',
});

export const markItemsTool = defineTool({
  name: 'nc_news_mark_items',
  app: 'news',
  title: 'Mark News items',
  description: 'Marks items as read, unread, starred or unstarred.',
  input: z.object({
    item_ids: z.array(id()).min(1).max(500),
    as: z.enum(['read', 'unread', 'starred', 'unstarred']),
  }),
  output: z.object({ marked: z.number(), as: z.string() }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ item_ids, as }, { nextcloud }) {
    await markItems(nextcloud, item_ids, as);
    return { marked: item_ids.length, as };
  },
  summarize: (result) => `Marked ${result.marked} items as ${result.as}.`,
});
