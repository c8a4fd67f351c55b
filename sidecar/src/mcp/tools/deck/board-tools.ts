// Deck tools that read boards: the user's boards, one board (stacks, labels, shares), a board's stacks with cards.
import { z } from 'zod';
import { getBoard, listBoards, listStacks } from '../../../platform/deck/deck-boards.js';
import { defineTool } from '../../tool-definition.js';
import { describeShare } from './board-change-tools.js';
import { describeLabel, labelOutput } from './deck-schemas.js';
import { READ_ONLY, positiveId } from '../tool-shapes.js';

const stackOutput = z.object({ id: z.number(), title: z.string() });

export const listBoardsTool = defineTool({
  name: 'nc_deck_list_boards',
  app: 'deck',
  title: 'List Deck boards',
  description: "Lists the user's Deck boards, shared ones included.",
  input: z.object({}),
  output: z.object({ boards: z.array(z.object({ id: z.number(), title: z.string(), archived: z.boolean() })) }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const boards = await listBoards(nextcloud);
    return { boards: boards.map(({ id, title, archived }) => ({ id, title, archived })) };
  },
  summarize: (result) => result.boards.map((board) => `${board.id} ${board.title}`).join('\n') || 'No boards.',
});

export const getBoardTool = defineTool({
  name: 'nc_deck_get_board',
  app: 'deck',
  title: 'Read a Deck board',
  description: 'Returns a board with its stacks, labels and shares.',
  input: z.object({ board_id: positiveId() }),
  output: z.object({
    title: z.string(),
    can_edit: z.boolean().describe('Whether this account may change the board and its cards.'),
    can_manage: z.boolean(),
    stacks: z.array(stackOutput),
    labels: z.array(labelOutput),
    shares: z.array(z.object({ kind: z.string(), id: z.string().nullable(), access: z.string() })),
  }),
  annotations: READ_ONLY,
  async run({ board_id }, { nextcloud }) {
    const board = await getBoard(nextcloud, board_id);
    return {
      title: board.title,
      can_edit: board.canEdit,
      can_manage: board.canManage,
      stacks: board.stacks.map(({ id, title }) => ({ id, title })),
      labels: board.labels.map(describeLabel),
      shares: board.shares.map(describeShare),
    };
  },
  summarize: (board) => `Board "${board.title}": ${board.stacks.map((s) => s.title).join(', ')}.`,
});

export const listStacksTool = defineTool({
  name: 'nc_deck_list_stacks',
  app: 'deck',
  title: 'List Deck stacks',
  description: 'Lists the stacks (columns) of a board with their unarchived cards.',
  input: z.object({ board_id: positiveId() }),
  output: z.object({
    stacks: z.array(
      stackOutput.extend({
        cards: z.array(z.object({ id: z.number(), title: z.string(), due_date: z.string().nullable() })),
      }),
    ),
  }),
  annotations: READ_ONLY,
  async run({ board_id }, { nextcloud }) {
    const stacks = await listStacks(nextcloud, board_id);
    return {
      stacks: stacks.map((stack) => ({
        id: stack.id,
        title: stack.title,
        cards: stack.cards.map((card) => ({ id: card.id, title: card.title, due_date: card.duedate })),
      })),
    };
  },
  summarize: (result) =>
    result.stacks
      .map((stack) => `${stack.id} ${stack.title}: ${stack.cards.map((c) => `${c.id} ${c.title}`).join(', ')}`)
      .join('\n') || 'No stacks.',
});
