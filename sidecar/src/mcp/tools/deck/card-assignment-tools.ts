// Deck tools for what hangs on a card: assign or remove a label, assign or unassign a user.
import { z } from 'zod';
import { setCardAssignee, setCardLabel } from '../../../platform/deck/deck-card-assignments.js';
import { defineTool } from '../../tool-definition.js';
import { cardOutput, cardRefInput, describeCard, toRef } from './deck-schemas.js';

const CHANGE = { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const labelId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('A label of the board.');
const userId = z.string().trim().min(1).max(64).describe('A Nextcloud user id who is a member of the board.');

const labelTool = (assigned: boolean) =>
  defineTool({
    name: assigned ? 'nc_deck_assign_label' : 'nc_deck_remove_label',
    app: 'deck',
    title: assigned ? 'Add a label to a Deck card' : 'Remove a label from a Deck card',
    description: assigned
      ? 'Puts one of the board labels on a card (see nc_deck_list_labels).'
      : 'Takes a label off a card.',
    input: z.object({ ...cardRefInput, label_id: labelId }),
    output: cardOutput,
    annotations: CHANGE,
    run: async (args, { nextcloud }) =>
      describeCard(await setCardLabel(nextcloud, toRef(args), args.label_id, assigned), args.board_id),
    summarize: (card) => `Card ${card.id} labels: ${card.labels.map((label) => label.title).join(', ') || 'none'}.`,
  });

const userTool = (assigned: boolean) =>
  defineTool({
    name: assigned ? 'nc_deck_assign_user' : 'nc_deck_unassign_user',
    app: 'deck',
    title: assigned ? 'Assign a user to a Deck card' : 'Unassign a user from a Deck card',
    description: assigned ? 'Assigns a board member to a card.' : 'Removes a user from the assignees of a card.',
    input: z.object({ ...cardRefInput, user_id: userId }),
    output: cardOutput,
    annotations: CHANGE,
    run: async (args, { nextcloud }) =>
      describeCard(await setCardAssignee(nextcloud, toRef(args), args.user_id, assigned), args.board_id),
    summarize: (card) =>
      `Card ${card.id} assignees: ${card.assigned_users.map((user) => user.user_id).join(', ') || 'none'}.`,
  });

export const assignLabelTool = labelTool(true);
export const removeLabelTool = labelTool(false);
export const assignUserTool = userTool(true);
export const unassignUserTool = userTool(false);
