// Deck tools that read boards: the user's boards, one board, a board's stacks with their cards, its labels.
import { z } from 'zod';
import { getBoard, listBoards, listLabels, listStacks } from '../../../platform/deck/deck-boards.js';
import { defineTool } from '../../tool-definition.js';
import {
  boardId,
  boardOutput,
  cardSummaryOutput,
  describeBoard,
  describeCardSummary,
  describeLabel,
  labelOutput,
} from './deck-schemas.js';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const listBoardsTool = defineTool({
  name: 'nc_deck_list_boards',
  app: 'deck',
  title: 'List Deck boards',
  description: 'Lists the Deck boards the user owns or that are shared with them.',
  input: z.object({ include_archived: z.boolean().default(false) }),
  output: z.object({ boards: z.array(boardOutput) }),
  annotations: READ_ONLY,
  async run({ include_archived }, { nextcloud }) {
    const boards = await listBoards(nextcloud);
    return { boards: boards.filter((board) => include_archived || !board.archived).map(describeBoard) };
  },
  summarize: (result) => result.boards.map((board) => `${board.id} ${board.title}`).join('\n') || 'No boards.',
});

export const getBoardTool = defineTool({
  name: 'nc_deck_get_board',
  app: 'deck',
  title: 'Read a Deck board',
  description: 'Returns one Deck board with its labels and what the user may do on it.',
  input: z.object({ board_id: boardId }),
  output: boardOutput.extend({ labels: z.array(labelOutput) }),
  annotations: READ_ONLY,
  async run({ board_id }, { nextcloud }) {
    const board = await getBoard(nextcloud, board_id);
    return { ...describeBoard(board), labels: board.labels.map(describeLabel) };
  },
  summarize: (board) => `Board ${board.id} "${board.title}", labels: ${board.labels.map((l) => l.title).join(', ')}.`,
});

export const listStacksTool = defineTool({
  name: 'nc_deck_list_stacks',
  app: 'deck',
  title: 'List the stacks of a Deck board',
  description: 'Lists the stacks (columns) of a board in order, each with its cards that are not archived.',
  input: z.object({ board_id: boardId }),
  output: z.object({
    stacks: z.array(
      z.object({ id: z.number(), title: z.string(), order: z.number(), cards: z.array(cardSummaryOutput) }),
    ),
  }),
  annotations: READ_ONLY,
  async run({ board_id }, { nextcloud }) {
    const stacks = await listStacks(nextcloud, board_id);
    return {
      stacks: stacks.map((stack) => ({
        id: stack.id,
        title: stack.title,
        order: stack.order,
        cards: stack.cards.map(describeCardSummary),
      })),
    };
  },
  summarize: (result) =>
    result.stacks
      .map((stack) => `${stack.id} ${stack.title}: ${stack.cards.map((c) => `${c.id} ${c.title}`).join(', ')}`)
      .join('\n') || 'No stacks.',
});

export const listLabelsTool = defineTool({
  name: 'nc_deck_list_labels',
  app: 'deck',
  title: 'List the labels of a Deck board',
  description: 'Lists the labels defined on a board, to assign them to cards.',
  input: z.object({ board_id: boardId }),
  output: z.object({ labels: z.array(labelOutput) }),
  annotations: READ_ONLY,
  run: async ({ board_id }, { nextcloud }) => ({ labels: (await listLabels(nextcloud, board_id)).map(describeLabel) }),
  summarize: (result) => result.labels.map((label) => `${label.id} ${label.title}`).join(', ') || 'No labels.',
});
