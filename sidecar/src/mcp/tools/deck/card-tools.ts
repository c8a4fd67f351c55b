// Deck tools for cards: create, read, update, move to another stack, archive or unarchive, delete.
import { z } from 'zod';
import {
  createCard,
  deleteCard,
  getCard,
  moveCard,
  setCardArchived,
  updateCard,
} from '../../../platform/deck/deck-cards.js';
import { defineTool } from '../../tool-definition.js';
import {
  boardId,
  cardDescription,
  cardOutput,
  cardRefInput,
  cardTitle,
  describeCard,
  dueDate,
  stackId,
  toRef,
} from './deck-schemas.js';

const position = z.number().int().min(0).max(10_000);

export const createCardTool = defineTool({
  name: 'nc_deck_create_card',
  app: 'deck',
  title: 'Create a Deck card',
  description: 'Creates a card in a stack of a board, with an optional Markdown description and due date.',
  input: z.object({
    board_id: boardId,
    stack_id: stackId,
    title: cardTitle,
    description: cardDescription.optional(),
    due_date: dueDate.optional(),
  }),
  output: cardOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ board_id, stack_id, title, description, due_date }, { nextcloud }) {
    const card = await createCard(nextcloud, board_id, stack_id, { title, description, duedate: due_date ?? null });
    return describeCard(card, board_id);
  },
  summarize: (card) => `Created card ${card.id} "${card.title}" in stack ${card.stack_id}.`,
});

export const getCardTool = defineTool({
  name: 'nc_deck_get_card',
  app: 'deck',
  title: 'Read a Deck card',
  description: 'Returns one card with its description, due date, labels and assigned users.',
  input: z.object(cardRefInput),
  output: cardOutput,
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (args, { nextcloud }) => describeCard(await getCard(nextcloud, toRef(args)), args.board_id),
  summarize: (card) => `Card ${card.id} "${card.title}"\n\n${card.description}`,
});

export const updateCardTool = defineTool({
  name: 'nc_deck_update_card',
  app: 'deck',
  title: 'Update a Deck card',
  description:
    'Changes the title, description or due date of a card and keeps everything else. Null clears the due date.',
  input: z.object({
    ...cardRefInput,
    title: cardTitle.optional(),
    description: cardDescription.optional(),
    due_date: dueDate.nullable().optional(),
  }),
  output: cardOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run(args, { nextcloud }) {
    const card = await updateCard(nextcloud, toRef(args), {
      title: args.title,
      description: args.description,
      duedate: args.due_date,
    });
    return describeCard(card, args.board_id);
  },
  summarize: (card) => `Updated card ${card.id} "${card.title}".`,
});

export const moveCardTool = defineTool({
  name: 'nc_deck_move_card',
  app: 'deck',
  title: 'Move a Deck card',
  description: 'Moves a card to another stack of the same board (or within its stack), at a position (0 is the top).',
  input: z.object({ ...cardRefInput, target_stack_id: stackId, position: position.default(0) }),
  output: cardOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, { nextcloud }) {
    const card = await moveCard(nextcloud, toRef(args), args.target_stack_id, args.position);
    return describeCard(card, args.board_id);
  },
  summarize: (card) => `Moved card ${card.id} to stack ${card.stack_id}.`,
});

export const archiveCardTool = defineTool({
  name: 'nc_deck_archive_card',
  app: 'deck',
  title: 'Archive a Deck card',
  description: 'Archives a card (hidden from its stack but kept), or unarchives it with archived false.',
  input: z.object({ ...cardRefInput, archived: z.boolean().default(true) }),
  output: cardOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(args, { nextcloud }) {
    return describeCard(await setCardArchived(nextcloud, toRef(args), args.archived), args.board_id);
  },
  summarize: (card) => `Card ${card.id} is ${card.archived ? 'archived' : 'no longer archived'}.`,
});

export const deleteCardTool = defineTool({
  name: 'nc_deck_delete_card',
  app: 'deck',
  title: 'Delete a Deck card',
  description: 'Deletes a card from its board.',
  input: z.object(cardRefInput),
  output: z.object({ card_id: z.number(), deleted: z.boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run(args, { nextcloud }) {
    await deleteCard(nextcloud, toRef(args));
    return { card_id: args.card_id, deleted: true };
  },
  summarize: (result) => `Deleted card ${result.card_id}.`,
});
