// Creating, changing (title, colour, archived) and deleting Deck boards. Deck's PUT takes title and colour together,
// so a change is merged into the board as read; a change or delete first checks the caller's manage permission, since
// Deck answers a board the caller sees but may not manage with the same 403 as an unknown one.
import { ForbiddenError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { getBoard } from './deck-boards.js';
import { toDeckBoard, type DeckBoard } from './deck-models.js';
import { deckPaths } from './deck-paths.js';
import { requestDeck } from './deck-request.js';

/** The colour of a board made without one (Deck requires a colour: without, 400). */
export const DEFAULT_BOARD_COLOR = '0082c9';

export interface BoardChanges {
  title?: string;
  /** Hex without `#`. */
  color?: string;
  archived?: boolean;
}

export async function createBoard(client: NextcloudClient, title: string, color?: string): Promise<DeckBoard> {
  const json = { title, color: color ?? DEFAULT_BOARD_COLOR };
  return toDeckBoard(await requestDeck(client, deckPaths.boards(), 'boards', { method: 'POST', json }));
}

export async function updateBoard(client: NextcloudClient, boardId: number, changes: BoardChanges): Promise<DeckBoard> {
  const board = await managedBoard(client, boardId);
  const json = {
    title: changes.title ?? board.title,
    color: changes.color ?? board.color,
    archived: changes.archived ?? board.archived,
  };
  const path = deckPaths.board(boardId);
  return toDeckBoard(await requestDeck(client, path, `board ${boardId}`, { method: 'PUT', json }));
}

/**
 * Deletes the board and answers it as it was (Deck keeps it as deleted; over its API it then answers like an unknown
 * board).
 */
export async function deleteBoard(client: NextcloudClient, boardId: number): Promise<DeckBoard> {
  const board = await managedBoard(client, boardId);
  await requestDeck(client, deckPaths.board(boardId), `board ${boardId}`, { method: 'DELETE' });
  return board;
}

/** The board, when the caller may manage it; ForbiddenError when they only see it. */
export async function managedBoard(client: NextcloudClient, boardId: number): Promise<DeckBoard> {
  const board = await getBoard(client, boardId);
  if (!board.canManage) throw new ForbiddenError(`This account may not change board ${boardId}; its owner can.`);
  return board;
}
