// Reading Deck boards: the user's boards (Deck lists soft-deleted ones too: they are left out), one board with its
// stacks, labels and shares, and a board's stacks with their cards.
import type { NextcloudClient } from '../nextcloud-client.js';
import { byStackOrder, toDeckBoard, toDeckStack, type DeckBoard, type DeckStack } from './deck-models.js';
import { deckPaths } from './deck-paths.js';
import { requestDeck } from './deck-request.js';

export async function listBoards(client: NextcloudClient): Promise<DeckBoard[]> {
  const boards = await requestDeck<unknown[]>(client, deckPaths.boards(), 'boards');
  return (Array.isArray(boards) ? boards : []).map(toDeckBoard).filter((board) => !board.deleted);
}

export async function getBoard(client: NextcloudClient, boardId: number): Promise<DeckBoard> {
  return toDeckBoard(await requestDeck(client, deckPaths.board(boardId), `board ${boardId}`));
}

/** The stacks of a board in their order (Deck does not sort them), each with its cards that are not archived. */
export async function listStacks(client: NextcloudClient, boardId: number): Promise<DeckStack[]> {
  const stacks = await requestDeck<unknown[]>(client, deckPaths.stacks(boardId), `board ${boardId}`);
  return (Array.isArray(stacks) ? stacks : []).map(toDeckStack).sort(byStackOrder);
}
