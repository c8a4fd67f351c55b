// Deck tools for the comments on a card: list them newest first in pages, add one.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { addComment, listComments } from '../../../platform/deck/deck-comments.js';
import type { DeckComment } from '../../../platform/deck/deck-models.js';
import { defineTool } from '../../tool-definition.js';
import { ADDITIVE, READ_ONLY, positiveId } from '../tool-shapes.js';

const commentOutput = z.object({ id: z.number(), message: z.string(), author: z.string(), created_at: z.string() });

export const listCommentsTool = defineTool({
  name: 'nc_deck_list_comments',
  app: 'deck',
  title: 'List Deck card comments',
  description: 'Lists the comments on a card, newest first.',
  input: z.object({
    card_id: positiveId(),
    limit: z
      .number()
      .int()
      .refine((n) => n >= 1 && n <= 100, 'from 1 to 100')
      .default(20),
    cursor: z
      .string()
      .regex(/^\d{1,6}$/)
      .optional(),
  }),
  output: z.object({ comments: z.array(commentOutput), next_cursor: z.string().nullable() }),
  annotations: READ_ONLY,
  async run({ card_id, limit, cursor }, { nextcloud }) {
    const offset = cursor ? readCursor(cursor) : 0;
    // One more than asked tells whether there is a next page.
    const comments = await listComments(nextcloud, card_id, { limit: limit + 1, offset });
    return {
      comments: comments.slice(0, limit).map(describeComment),
      next_cursor: comments.length > limit ? String(offset + limit) : null,
    };
  },
  summarize: (result) =>
    result.comments.map((c) => `${c.author} (${c.created_at}): ${c.message}`).join('\n') || 'No comments.',
});

export const addCommentTool = defineTool({
  name: 'nc_deck_add_comment',
  app: 'deck',
  title: 'Comment on a Deck card',
  description: 'Adds a comment to a card.',
  input: z.object({ card_id: positiveId(), message: z.string().trim().min(1).max(1000) }),
  output: commentOutput,
  annotations: ADDITIVE,
  run: async ({ card_id, message }, { nextcloud }) => describeComment(await addComment(nextcloud, card_id, message)),
  summarize: (comment) => `Added comment ${comment.id}.`,
});

function describeComment(comment: DeckComment): z.infer<typeof commentOutput> {
  return { id: comment.id, message: comment.message, author: comment.authorId, created_at: comment.createdAt };
}

function readCursor(cursor: string): number {
  if (!/^\d{1,6}$/.test(cursor)) throw new InvalidInputError('cursor: pass the next_cursor of the previous page.');
  return Number(cursor);
}
