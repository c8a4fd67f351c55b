// The shapes the deck tools share: bounded ids and card fields, and boards, stacks and cards as tools return them.
import { z } from 'zod';
import type { DeckBoard, DeckCard, DeckLabel } from '../../../platform/deck/deck-models.js';
import type { CardRef } from '../../../platform/deck/deck-paths.js';

const id = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const boardId = id().describe('The id of the board.');
export const stackId = id().describe('The id of the stack (column) the card is in.');
export const cardId = id().describe('The id of the card.');
export const cardRefInput = { board_id: boardId, stack_id: stackId, card_id: cardId };
export const cardTitle = z.string().trim().min(1).max(255);
export const cardDescription = z.string().max(100_000).describe('Markdown.');
export const dueDate = z.iso.datetime({ offset: true }).describe('ISO 8601 date and time, e.g. 2025-05-01T17:00:00Z.');

export const labelOutput = z.object({ id: z.number(), title: z.string(), color: z.string() });

export const boardOutput = z.object({
  id: z.number(),
  title: z.string(),
  color: z.string(),
  archived: z.boolean(),
  owner: z.string(),
  can_edit: z.boolean(),
  can_manage: z.boolean(),
});

export const cardSummaryOutput = z.object({
  id: z.number(),
  title: z.string(),
  order: z.number(),
  due_date: z.string().nullable(),
  labels: z.array(z.string()),
  assigned_users: z.array(z.string()),
});

export const cardOutput = z.object({
  id: z.number(),
  board_id: z.number(),
  stack_id: z.number(),
  title: z.string(),
  description: z.string(),
  order: z.number(),
  archived: z.boolean(),
  due_date: z.string().nullable(),
  owner: z.string(),
  labels: z.array(labelOutput),
  assigned_users: z.array(z.object({ user_id: z.string(), display_name: z.string() })),
  comments_count: z.number(),
});

export function toRef(args: { board_id: number; stack_id: number; card_id: number }): CardRef {
  return { boardId: args.board_id, stackId: args.stack_id, cardId: args.card_id };
}

export function describeBoard(board: DeckBoard): z.infer<typeof boardOutput> {
  const { id: boardIdValue, title, color, archived, owner } = board;
  return { id: boardIdValue, title, color, archived, owner, can_edit: board.canEdit, can_manage: board.canManage };
}

export function describeLabel(label: DeckLabel): z.infer<typeof labelOutput> {
  return { id: label.id, title: label.title, color: label.color };
}

export function describeCardSummary(card: DeckCard): z.infer<typeof cardSummaryOutput> {
  return {
    id: card.id,
    title: card.title,
    order: card.order,
    due_date: card.duedate,
    labels: card.labels.map((label) => label.title),
    assigned_users: card.assignedUsers.map((user) => user.userId),
  };
}

/** The card as tools return it; Deck's card JSON has no board id, so the caller's is used. */
export function describeCard(card: DeckCard, boardIdValue: number): z.infer<typeof cardOutput> {
  return {
    id: card.id,
    board_id: boardIdValue,
    stack_id: card.stackId,
    title: card.title,
    description: card.description,
    order: card.order,
    archived: card.archived,
    due_date: card.duedate,
    owner: card.owner,
    labels: card.labels.map(describeLabel),
    assigned_users: card.assignedUsers.map((user) => ({ user_id: user.userId, display_name: user.displayName })),
    comments_count: card.commentsCount,
  };
}
