// News tools for items: list them as plain text (never the feed's HTML) in pages, and mark them.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { listItems, markItems } from '../../../platform/news/news-items.js';
import { markAllRead } from '../../../platform/news/news-read-marks.js';
import { defineTool } from '../../tool-definition.js';
import { ADDITIVE_IDEMPOTENT, READ_ONLY, positiveId } from '../tool-shapes.js';

const itemOutput = z.object({
  id: z.number(),
  title: z.string(),
  url: z.string(),
  published_at: z.string(),
  unread: z.boolean(),
  starred: z.boolean(),
  text: z.string(),
});

export const listItemsTool = defineTool({
  name: 'nc_news_list_items',
  app: 'news',
  title: 'List News items',
  description: 'Lists feed items newest first, as plain text.',
  input: z.object({
    filter: z.enum(['all', 'unread', 'starred']).default('unread'),
    feed_id: positiveId().optional(),
    folder_id: positiveId().optional(),
    limit: z
      .number()
      .int()
      .refine((n) => n >= 1 && n <= 50, 'from 1 to 50')
      .default(20),
    cursor: z.string().max(20).optional(),
  }),
  output: z.object({ items: z.array(itemOutput), next_cursor: z.string().nullable() }),
  annotations: READ_ONLY,
  async run(args, { nextcloud }) {
    const page = await listItems(nextcloud, {
      filter: args.filter,
      feedId: args.feed_id,
      folderId: args.feed_id === undefined ? args.folder_id : undefined,
      limit: args.limit,
      beforeId: args.cursor === undefined ? undefined : readCursor(args.cursor),
    });
    return {
      items: page.items.map((item) => ({
        id: item.id,
        title: item.title,
        url: item.url,
        published_at: new Date(item.pubDate * 1000).toISOString(),
        unread: item.unread,
        starred: item.starred,
        text: item.body,
      })),
      next_cursor: page.nextBeforeId === null ? null : String(page.nextBeforeId),
    };
  },
  summarize: (result) =>
    result.items.map((item) => `${item.id} ${item.title}\n${item.text.slice(0, 300)}`).join('\n\n') || 'No items.',
});

export const markItemsTool = defineTool({
  name: 'nc_news_mark_items',
  app: 'news',
  title: 'Mark News items',
  description: 'Marks items as read, unread, starred or unstarred, or every item of feed_id or folder_id as read.',
  input: z.object({
    item_ids: z
      .array(positiveId())
      .refine((ids) => ids.length >= 1 && ids.length <= 500, 'from 1 to 500 ids')
      .optional(),
    feed_id: positiveId().optional(),
    folder_id: positiveId().optional(),
    as: z.enum(['read', 'unread', 'starred', 'unstarred']),
  }),
  output: z.object({ marked: z.number().nullable(), feed_id: z.number().optional(), folder_id: z.number().optional() }),
  annotations: ADDITIVE_IDEMPOTENT,
  async run({ item_ids, feed_id, folder_id, as }, { nextcloud }) {
    const given = [item_ids, feed_id, folder_id].filter((value) => value !== undefined).length;
    if (given !== 1) throw new InvalidInputError('Pass exactly one of item_ids, feed_id and folder_id.');
    if (item_ids) {
      await markItems(nextcloud, item_ids, as);
      return { marked: item_ids.length };
    }
    if (as !== 'read') throw new InvalidInputError('A whole feed or folder can only be marked read.');
    await markAllRead(nextcloud, feed_id === undefined ? { folderId: folder_id! } : { feedId: feed_id });
    return { marked: null, ...(feed_id === undefined ? { folder_id } : { feed_id }) };
  },
  summarize: (result) =>
    result.marked !== null
      ? `Marked ${result.marked} items.`
      : `Marked every item of ${result.feed_id === undefined ? `folder ${result.folder_id}` : `feed ${result.feed_id}`} read.`,
});

function readCursor(cursor: string): number {
  if (!/^\d{1,15}$/.test(cursor)) throw new InvalidInputError('cursor: pass the next_cursor of the previous page.');
  return Number(cursor);
}
