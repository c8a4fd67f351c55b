// The shapes the deck tools share: card references and fields, and boards, labels and cards as tools return them.
import { z } from 'zod';
import type { DeckCard, DeckLabel } from '../../../platform/deck/deck-models.js';
import type { CardRef } from '../../../platform/deck/deck-paths.js';
import { positiveId } from '../tool-shapes.js';

export const cardRefInput = { board_id: positiveId(), stack_id: positiveId(), card_id: positiveId() };
export const cardTitle = z.string().trim().min(1).max(255);
export const cardDescription = z.string().refine((text) => text.length <= 100_000, 'at most 100000 characters');
export const dueDate = z
  .string()
  .max(40)
  .refine(isDateTimeWithOffset, 'an ISO 8601 date-time with offset, e.g. 2027-03-07T10:00:00+01:00')
  .describe('ISO 8601 with offset.');

export const labelOutput = z.object({ id: z.number(), title: z.string() });

/** What create and update answer: the card's place and what Deck made of the due date. */
export const cardChangeOutput = z.object({
  id: z.number(),
  stack_id: z.number(),
  title: z.string(),
  due_date: z.string().nullable(),
});

export const cardOutput = z.object({
  id: z.number(),
  stack_id: z.number(),
  title: z.string(),
  description: z.string(),
  due_date: z.string().nullable(),
  archived: z.boolean(),
  labels: z.array(z.string()),
  assigned_users: z.array(z.string()),
});

export function toRef(args: { board_id: number; stack_id: number; card_id: number }): CardRef {
  return { boardId: args.board_id, stackId: args.stack_id, cardId: args.card_id };
}

export function describeLabel(label: DeckLabel): z.infer<typeof labelOutput> {
  return { id: label.id, title: label.title };
}

export function describeCardChange(card: DeckCard): z.infer<typeof cardChangeOutput> {
  return { id: card.id, stack_id: card.stackId, title: card.title, due_date: card.duedate };
}

export function describeCard(card: DeckCard): z.infer<typeof cardOutput> {
  return {
    id: card.id,
    stack_id: card.stackId,
    title: card.title,
    description: card.description,
    due_date: card.duedate,
    archived: card.archived,
    labels: card.labels.map((label) => label.title),
    assigned_users: card.assignedUsers.map((user) => user.userId),
  };
}

function isDateTimeWithOffset(value: string): boolean {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(value) && !Number.isNaN(Date.parse(value));
}
