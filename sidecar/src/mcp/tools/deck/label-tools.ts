// The Deck tool that changes a board's labels: create, update (title, colour), delete.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { createLabel, deleteLabel, updateLabel } from '../../../platform/deck/deck-labels.js';
import { defineTool } from '../../tool-definition.js';
import { DESTRUCTIVE, positiveId } from '../tool-shapes.js';
import { describeLabel, hexColor, requireFor, labelOutput, shortTitle } from './deck-schemas.js';

export const manageLabelTool = defineTool({
  name: 'nc_deck_manage_label',
  app: 'deck',
  title: 'Manage a Deck label',
  description: 'update and delete take label_id. Deleting a label takes it off every card.',
  input: z.object({
    action: z.enum(['create', 'update', 'delete']),
    board_id: positiveId(),
    label_id: positiveId().optional(),
    title: shortTitle.optional(),
    color: hexColor.optional(),
  }),
  output: labelOutput,
  annotations: DESTRUCTIVE,
  async run({ action, board_id, label_id, title, color }, { nextcloud }) {
    if (action === 'create') {
      if (label_id !== undefined) throw new InvalidInputError('create takes no label_id.');
      const label = await createLabel(nextcloud, board_id, { title: requireFor(action, 'title', title), color });
      return describeLabel(label);
    }
    const labelId = requireFor(action, 'label_id', label_id);
    if (action === 'update') return describeLabel(await updateLabel(nextcloud, board_id, labelId, { title, color }));
    if (title !== undefined || color !== undefined) throw new InvalidInputError('delete takes only label_id.');
    return describeLabel(await deleteLabel(nextcloud, board_id, labelId));
  },
  summarize: (label) => `Label ${label.id} "${label.title}": done.`,
});
