// Deck tools for what hangs on a card: put a label on it or take it off, assign a user or unassign them.
import { z } from 'zod';
import { setCardAssignee, setCardLabel } from '../../../platform/deck/deck-card-assignments.js';
import { defineTool } from '../../tool-definition.js';
import { cardRefInput, toRef } from './deck-schemas.js';
import { ADDITIVE_IDEMPOTENT, positiveId } from '../tool-shapes.js';

const userId = z
  .string()
  .trim()
  .refine((id) => id.length > 0 && id.length <= 64, 'a Nextcloud user id');

/** true puts on, false takes off. */
const assigned = z.boolean().default(true);

export const assignLabelTool = defineTool({
  name: 'nc_deck_assign_label',
  app: 'deck',
  title: 'Label a Deck card',
  description: 'Puts a label of the board on a card, or takes it off with assigned false.',
  input: z.object({ ...cardRefInput, label_id: positiveId(), assigned }),
  output: z.object({ id: z.number(), labels: z.array(z.string()) }),
  annotations: ADDITIVE_IDEMPOTENT,
  async run(args, { nextcloud }) {
    const card = await setCardLabel(nextcloud, toRef(args), args.label_id, args.assigned);
    return { id: card.id, labels: card.labels.map((label) => label.title) };
  },
  summarize: (card) => `Card ${card.id} labels: ${card.labels.join(', ') || 'none'}.`,
});

export const assignUserTool = defineTool({
  name: 'nc_deck_assign_user',
  app: 'deck',
  title: 'Assign a Deck card',
  description: 'Assigns a member of the board to a card, or unassigns them with assigned false.',
  input: z.object({ ...cardRefInput, user_id: userId, assigned }),
  output: z.object({ id: z.number(), assigned_users: z.array(z.string()) }),
  annotations: ADDITIVE_IDEMPOTENT,
  async run(args, { nextcloud }) {
    const card = await setCardAssignee(nextcloud, toRef(args), args.user_id, args.assigned);
    return { id: card.id, assigned_users: card.assignedUsers.map((user) => user.userId) };
  },
  summarize: (card) => `Card ${card.id} assignees: ${card.assigned_users.join(', ') || 'none'}.`,
});
