// Deck tools for the comments on a card: list them newest first in pages, add one.
import { z } from 'zod';
import { addComment, listComments } from '../../../platform/deck/deck-comments.js';
import type { DeckComment } from '../../../platform/deck/deck-models.js';
import { defineTool } from '../../tool-definition.js';
import { cardId } from './deck-schemas.js';

const commentOutput = z.object({
  id: z.number(),
  message: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  created_at: z.string(),
});

export const listCommentsTool = defineTool({
  name: 'nc_deck_list_comments',
  app: 'deck',
  title: 'List the comments of a Deck card',
  description: 'Lists the comments on a card, newest first. Pass next_offset as offset for older ones.',
  input: z.object({
    card_id: cardId,
    limit: z.number().int().min(1).max(100).default(20),
    offset: z.number().int().min(0).max(100_000).default(0),
  }),
  output: z.object({ comments: z.array(commentOutput), next_offset: z.number().nullable() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run({ card_id, limit, offset }, { nextcloud }) {
    // One more than asked tells whether there is a next page.
    const comments = await listComments(nextcloud, card_id, { limit: limit + 1, offset });
    return {
      comments: comments.slice(0, limit).map(describeComment),
      next_offset: comments.length > limit ? offset + limit : null,
    };
  },
  summarize: (result) =>
    result.comments.map((c) => `${c.author_name} (${c.created_at}): ${c.message}`).join('\n') || 'No comments.',
});

export const addCommentTool = defineTool({
  name: 'nc_deck_add_comment',
  app: 'deck',
  title: 'Comment on a Deck card',
  description: 'Adds a comment (up to 1000 characters) to a card.',
  input: z.object({ card_id: cardId, message: z.string().trim().min(1).max(1000) }),
  output: commentOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: async ({ card_id, message }, { nextcloud }) => describeComment(await addComment(nextcloud, card_id, message)),
  summarize: (comment) => `Added comment ${comment.id}.`,
});

function describeComment(comment: DeckComment): z.infer<typeof commentOutput> {
  return {
    id: comment.id,
    message: comment.message,
    author_id: comment.authorId,
    author_name: comment.authorName,
    created_at: comment.createdAt,
  };
}
