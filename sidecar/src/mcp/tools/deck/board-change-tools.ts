// Deck tools that change boards: create, update (title, colour, archived) or delete one, and share one with a user or
// a group.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { createBoard, deleteBoard, updateBoard } from '../../../platform/deck/deck-board-changes.js';
import { setBoardShare } from '../../../platform/deck/deck-board-shares.js';
import type { DeckShare } from '../../../platform/deck/deck-models.js';
import { defineTool } from '../../tool-definition.js';
import { DESTRUCTIVE, DESTRUCTIVE_IDEMPOTENT, positiveId } from '../tool-shapes.js';
import { hexColor, requireFor, shortTitle } from './deck-schemas.js';

export const manageBoardTool = defineTool({
  name: 'nc_deck_manage_board',
  app: 'deck',
  title: 'Manage a Deck board',
  description: 'update and delete take board_id, create takes title.',
  input: z.object({
    action: z.enum(['create', 'update', 'delete']),
    board_id: positiveId().optional(),
    title: shortTitle.optional(),
    color: hexColor.optional(),
    archived: z.boolean().optional(),
  }),
  output: z.object({ id: z.number(), title: z.string(), archived: z.boolean() }),
  annotations: DESTRUCTIVE,
  async run({ action, board_id, title, color, archived }, { nextcloud }) {
    if (action === 'create') {
      if (board_id !== undefined) throw new InvalidInputError('create takes no board_id.');
      const board = await createBoard(nextcloud, requireFor(action, 'title', title), color);
      if (archived === true) return describe(await updateBoard(nextcloud, board.id, { archived }));
      return describe(board);
    }
    const boardId = requireFor(action, 'board_id', board_id);
    if (action === 'update') return describe(await updateBoard(nextcloud, boardId, { title, color, archived }));
    if (title !== undefined || color !== undefined || archived !== undefined) {
      throw new InvalidInputError('delete takes only board_id.');
    }
    return describe(await deleteBoard(nextcloud, boardId));
  },
  summarize: (board) => `Board ${board.id} "${board.title}": done.`,
});

export const shareBoardTool = defineTool({
  name: 'nc_deck_share_board',
  app: 'deck',
  title: 'Share a Deck board',
  description: 'Sets what a user or group may do on a board. Each access includes the ones before it, none unshares.',
  input: z.object({
    board_id: positiveId(),
    user_id: z.string().trim().min(1).max(64).optional(),
    group_id: z.string().trim().min(1).max(64).optional(),
    access: z.enum(['none', 'read', 'edit', 'share', 'manage']),
  }),
  output: z.object({
    id: z.number(),
    shares: z.array(
      z.object({
        kind: z.string(),
        id: z.string().nullable(),
        access: z.enum(['read', 'edit', 'share', 'manage']),
      }),
    ),
  }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ board_id, user_id, group_id, access }, { nextcloud }) {
    if ((user_id === undefined) === (group_id === undefined)) {
      throw new InvalidInputError('Pass either user_id or group_id.');
    }
    const target =
      user_id !== undefined ? { kind: 'user' as const, id: user_id } : { kind: 'group' as const, id: group_id! };
    const shares = await setBoardShare(nextcloud, board_id, target, access);
    return { id: board_id, shares: shares.map(describeShare) };
  },
  summarize: (result) =>
    `Board ${result.id} is shared with: ${result.shares.map((s) => `${s.kind} ${s.id} (${s.access})`).join(', ') || 'nobody'}.`,
});

export function describeShare(share: DeckShare) {
  const access = share.canManage ? 'manage' : share.canShare ? 'share' : share.canEdit ? 'edit' : 'read';
  return { kind: share.kind, id: share.participant, access } as const;
}

function describe(board: { id: number; title: string; archived: boolean }) {
  return { id: board.id, title: board.title, archived: board.archived };
}
