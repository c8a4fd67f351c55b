// Deck tools for cards: create, read (with its attachments), update (done and archived too), move, delete.
import { z } from 'zod';
import { listAttachments } from '../../../platform/deck/deck-attachments.js';
import { createCard, deleteCard, getCard, moveCard, updateCard } from '../../../platform/deck/deck-cards.js';
import { defineTool } from '../../tool-definition.js';
import {
  cardChangeOutput,
  cardDescription,
  cardOutput,
  cardRefInput,
  cardTitle,
  describeCard,
  describeCardChange,
  dueDate,
  toRef,
} from './deck-schemas.js';
import { ADDITIVE, ADDITIVE_IDEMPOTENT, DESTRUCTIVE_IDEMPOTENT, READ_ONLY, positiveId } from '../tool-shapes.js';

export const createCardTool = defineTool({
  name: 'nc_deck_create_card',
  app: 'deck',
  title: 'Create a Deck card',
  description: 'Creates a card in a stack (stack ids from nc_deck_list_stacks).',
  input: z.object({
    board_id: positiveId(),
    stack_id: positiveId(),
    title: cardTitle,
    description: cardDescription.optional(),
    due_date: dueDate.optional(),
  }),
  output: cardChangeOutput,
  annotations: ADDITIVE,
  async run({ board_id, stack_id, title, description, due_date }, { nextcloud }) {
    return describeCardChange(
      await createCard(nextcloud, board_id, stack_id, { title, description, duedate: due_date }),
    );
  },
  summarize: (card) => `Created card ${card.id} "${card.title}" in stack ${card.stack_id}.`,
});

export const getCardTool = defineTool({
  name: 'nc_deck_get_card',
  app: 'deck',
  title: 'Read a Deck card',
  description: 'Returns a card with its description, labels, assignees and attachments.',
  input: z.object(cardRefInput),
  output: cardOutput,
  annotations: READ_ONLY,
  async run(args, { nextcloud }) {
    const card = await getCard(nextcloud, toRef(args));
    // The card's own stack: Deck reads attachments by the card id, but the card was checked against the board.
    return describeCard(card, await listAttachments(nextcloud, { ...toRef(args), stackId: card.stackId }));
  },
  summarize: (card) => `Card ${card.id} "${card.title}"\n\n${card.description}`,
});

export const updateCardTool = defineTool({
  name: 'nc_deck_update_card',
  app: 'deck',
  title: 'Update a Deck card',
  description: 'Changes the given fields of a card, keeping the others. due_date null clears it.',
  input: z.object({
    ...cardRefInput,
    title: cardTitle.optional(),
    description: cardDescription.optional(),
    due_date: dueDate.nullable().optional(),
    done: z.boolean().optional(),
    archived: z.boolean().optional(),
  }),
  output: cardChangeOutput,
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run(args, { nextcloud }) {
    const { title, description, done, archived } = args;
    const changes = { title, description, duedate: args.due_date, done, archived };
    return describeCardChange(await updateCard(nextcloud, toRef(args), changes));
  },
  summarize: (card) => `Updated card ${card.id} "${card.title}".`,
});

export const moveCardTool = defineTool({
  name: 'nc_deck_move_card',
  app: 'deck',
  title: 'Move a Deck card',
  description: 'Moves a card to a position (0 is the top) in a stack of the same board.',
  input: z.object({
    ...cardRefInput,
    target_stack_id: positiveId().describe('The stack to move the card to.'),
    position: z
      .number()
      .int()
      .refine((n) => n >= 0 && n <= 10_000, 'a position from 0 to 10000')
      .default(0),
  }),
  output: z.object({ id: z.number(), stack_id: z.number(), position: z.number() }),
  annotations: ADDITIVE_IDEMPOTENT,
  async run(args, { nextcloud }) {
    const card = await moveCard(nextcloud, toRef(args), args.target_stack_id, args.position);
    return { id: card.id, stack_id: card.stackId, position: card.order };
  },
  summarize: (card) => `Moved card ${card.id} to stack ${card.stack_id}.`,
});

export const deleteCardTool = defineTool({
  name: 'nc_deck_delete_card',
  app: 'deck',
  title: 'Delete a Deck card',
  description: 'Deletes a card.',
  input: z.object(cardRefInput),
  output: z.object({ id: z.number() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run(args, { nextcloud }) {
    await deleteCard(nextcloud, toRef(args));
    return { id: args.card_id };
  },
  summarize: (result) => `Deleted card ${result.id}.`,
});
