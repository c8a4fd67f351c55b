// The Deck tool that changes stacks (a board's columns): create, rename, move to another position, delete.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { createStack, deleteStack, updateStack } from '../../../platform/deck/deck-stacks.js';
import { defineTool } from '../../tool-definition.js';
import { DESTRUCTIVE, positiveId } from '../tool-shapes.js';
import { requireFor, shortTitle } from './deck-schemas.js';

export const manageStackTool = defineTool({
  name: 'nc_deck_manage_stack',
  app: 'deck',
  title: 'Manage a Deck stack',
  description: 'update and delete take stack_id. A deleted stack takes its cards with it.',
  input: z.object({
    action: z.enum(['create', 'update', 'delete']),
    board_id: positiveId(),
    stack_id: positiveId().optional(),
    title: shortTitle.optional(),
    position: z
      .number()
      .int()
      .refine((n) => n >= 0 && n <= 1000, 'a position from 0 to 1000')
      .optional()
      .describe('0 is the first.'),
  }),
  output: z.object({ id: z.number(), title: z.string() }),
  annotations: DESTRUCTIVE,
  async run({ action, board_id, stack_id, title, position }, { nextcloud }) {
    if (action === 'create') {
      if (stack_id !== undefined) throw new InvalidInputError('create takes no stack_id.');
      const stack = await createStack(nextcloud, board_id, requireFor(action, 'title', title), position);
      return { id: stack.id, title: stack.title };
    }
    const stackId = requireFor(action, 'stack_id', stack_id);
    if (action === 'update') {
      const stack = await updateStack(nextcloud, board_id, stackId, { title, position });
      return { id: stack.id, title: stack.title };
    }
    if (title !== undefined || position !== undefined) throw new InvalidInputError('delete takes only stack_id.');
    const stack = await deleteStack(nextcloud, board_id, stackId);
    return { id: stack.id, title: stack.title };
  },
  summarize: (stack) => `Stack ${stack.id} "${stack.title}": done.`,
});
