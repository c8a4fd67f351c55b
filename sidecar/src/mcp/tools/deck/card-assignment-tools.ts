// Deck tools for what hangs on a card: assign or remove a label, assign or unassign a user.
import { z } from 'zod';
import { setCardAssignee, setCardLabel } from '../../../platform/deck/deck-card-assignments.js';
import { defineTool } from '../../tool-definition.js';
import { cardRefInput, toRef } from './deck-schemas.js';
import { ADDITIVE_IDEMPOTENT, positiveId } from '../tool-shapes.js';

const userId = z
  .string()
  .trim()
  .refine((id) => id.length > 0 && id.length <= 64, 'a Nextcloud user id');

const labelTool = (assigned: boolean) =>
  defineTool({
    name: assigned ? 'nc_deck_assign_label' : 'nc_deck_remove_label',
    app: 'deck',
    title: assigned ? 'Label a Deck card' : 'Unlabel a Deck card',
    description: assigned ? 'Puts a label of the board (nc_deck_list_labels) on a card.' : 'Takes a label off a card.',
    input: z.object({ ...cardRefInput, label_id: positiveId() }),
    output: z.object({ id: z.number(), labels: z.array(z.string()) }),
    annotations: ADDITIVE_IDEMPOTENT,
    async run(args, { nextcloud }) {
      const card = await setCardLabel(nextcloud, toRef(args), args.label_id, assigned);
      return { id: card.id, labels: card.labels.map((label) => label.title) };
    },
    summarize: (card) => `Card ${card.id} labels: ${card.labels.join(', ') || 'none'}.`,
  });

const userTool = (assigned: boolean) =>
  defineTool({
    name: assigned ? 'nc_deck_assign_user' : 'nc_deck_unassign_user',
    app: 'deck',
    title: assigned ? 'Assign a Deck card' : 'Unassign a Deck card',
    description: assigned ? 'Assigns a member of the board to a card.' : 'Removes a user from the assignees of a card.',
    input: z.object({ ...cardRefInput, user_id: userId }),
    output: z.object({ id: z.number(), assigned_users: z.array(z.string()) }),
    annotations: ADDITIVE_IDEMPOTENT,
    async run(args, { nextcloud }) {
      const card = await setCardAssignee(nextcloud, toRef(args), args.user_id, assigned);
      return { id: card.id, assigned_users: card.assignedUsers.map((user) => user.userId) };
    },
    summarize: (card) => `Card ${card.id} assignees: ${card.assigned_users.join(', ') || 'none'}.`,
  });

export const assignLabelTool = labelTool(true);
export const removeLabelTool = labelTool(false);
export const assignUserTool = userTool(true);
export const unassignUserTool = userTool(false);
