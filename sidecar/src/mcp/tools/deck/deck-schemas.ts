// The shapes the deck tools share: card references and fields, colours, and labels and cards as tools return them.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import type { DeckAttachment, DeckCard, DeckLabel } from '../../../platform/deck/deck-models.js';
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

/** The title of a board, stack or label (Deck allows 100 characters); checked, not listed. */
export const shortTitle = z
  .string()
  .trim()
  .refine((text) => text.length >= 1 && text.length <= 100, 'from 1 to 100 characters');

/** A colour as Deck keeps it: six hex digits, a leading `#` dropped. */
export const hexColor = z
  .string()
  .trim()
  .refine((value) => /^#?[0-9a-fA-F]{6}$/.test(value), 'six hex digits, e.g. 0082c9')
  .transform((value) => value.replace(/^#/, ''))
  .describe('Hex RRGGBB.');

export const labelOutput = z.object({ id: z.number(), title: z.string(), color: z.string() });

/** What create and update answer: the card's place and what Deck made of the due date. */
export const cardChangeOutput = z.object({
  id: z.number(),
  stack_id: z.number(),
  title: z.string(),
  due_date: z.string().nullable(),
  done: z.string().nullable(),
  archived: z.boolean(),
});

export const cardOutput = z.object({
  id: z.number(),
  stack_id: z.number(),
  title: z.string(),
  description: z.string(),
  due_date: z.string().nullable(),
  done: z.string().nullable(),
  archived: z.boolean(),
  labels: z.array(z.string()),
  assigned_users: z.array(z.string()),
  attachments: z.array(
    z.object({ id: z.number(), name: z.string(), type: z.string(), size: z.number().nullable(), mimetype: z.string() }),
  ),
});

export function toRef(args: { board_id: number; stack_id: number; card_id: number }): CardRef {
  return { boardId: args.board_id, stackId: args.stack_id, cardId: args.card_id };
}

export function describeLabel(label: DeckLabel): z.infer<typeof labelOutput> {
  return { id: label.id, title: label.title, color: label.color };
}

export function describeCardChange(card: DeckCard): z.infer<typeof cardChangeOutput> {
  const { id, title, archived } = card;
  return { id, stack_id: card.stackId, title, due_date: card.duedate, done: card.done, archived };
}

export function describeCard(card: DeckCard, attachments: DeckAttachment[]): z.infer<typeof cardOutput> {
  return {
    id: card.id,
    stack_id: card.stackId,
    title: card.title,
    description: card.description,
    due_date: card.duedate,
    done: card.done,
    archived: card.archived,
    labels: card.labels.map((label) => label.title),
    assigned_users: card.assignedUsers.map((user) => user.userId),
    attachments: attachments.map(({ id, name, type, size, mimetype }) => ({ id, name, type, size, mimetype })),
  };
}

/** The value of an argument `action` needs; InvalidInputError naming both when it is missing. */
export function requireFor<T>(action: string, name: string, value: T | undefined): T {
  if (value === undefined) throw new InvalidInputError(`${action} needs ${name}.`);
  return value;
}

function isDateTimeWithOffset(value: string): boolean {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(value) && !Number.isNaN(Date.parse(value));
}
