// The board and stack of Deck card hits whose link names only the card (Deck 1.16 links `…/card/{c}`): the card is
// read by its id alone for its stack, and the user's boards are read until one has that stack. Within the search's
// time limit; a hit whose card or board cannot be found keeps saying which ids are missing.
import { AppError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { getBoard, listBoards } from '../deck/deck-boards.js';
import { readCard } from '../deck/deck-cards.js';
import type { HitIds } from './hit-ids.js';

/**
 * Sheet (Deck): the board and stack in a card URL are not checked — `GET /boards/999999/stacks/1/cards/{c}` answers
 * the card (with its `stackId`) wherever it is. These are the ids of that verified request.
 */
const UNCHECKED_BOARD_ID = 999999;
const UNCHECKED_STACK_ID = 1;
/** Boards read (GET /boards/{b} lists its stacks) to find the cards' stacks; a user with more keeps the hint. */
const MAX_BOARDS_READ = 20;

/** `hits` with board_id and stack_id added to the Deck card hits that lacked them, where they could be found. */
export async function readDeckCardPlaces(
  client: NextcloudClient,
  hits: HitIds[],
  options: { timeoutMs: number },
): Promise<HitIds[]> {
  const cards = hits.filter((hit) => hit.deckCardId !== undefined);
  if (cards.length === 0) return hits;
  const deadline = performance.now() + options.timeoutMs;
  const remaining = () => Math.floor(deadline - performance.now());
  try {
    const stackOfCard = new Map<number, number>();
    // A search answers a handful of cards per provider (limit_per_provider): read them all at once.
    await Promise.all(
      [...new Set(cards.map((hit) => hit.deckCardId!))].map(async (cardId) => {
        const ref = { boardId: UNCHECKED_BOARD_ID, stackId: UNCHECKED_STACK_ID, cardId };
        const card = await readCard(client, ref).catch(skipAppError);
        if (card) stackOfCard.set(cardId, card.stackId);
      }),
    );
    const boardOfStack = new Map<number, number>();
    const wanted = new Set(stackOfCard.values());
    const boards = remaining() > 0 ? await listBoards(client) : [];
    for (const board of boards.slice(0, MAX_BOARDS_READ)) {
      if (wanted.size === 0 || remaining() < 1) break;
      const stacks = (await getBoard(client, board.id).catch(skipAppError))?.stacks ?? [];
      for (const stack of stacks) if (wanted.delete(stack.id)) boardOfStack.set(stack.id, board.id);
    }
    return hits.map((hit) => {
      const stackId = hit.deckCardId === undefined ? undefined : stackOfCard.get(hit.deckCardId);
      const boardId = stackId === undefined ? undefined : boardOfStack.get(stackId);
      if (stackId === undefined || boardId === undefined) return hit;
      return { ids: { board_id: boardId, stack_id: stackId, card_id: hit.deckCardId! } };
    });
  } catch (error) {
    // The search itself answered: its hits stay, each saying which ids are missing.
    if (error instanceof AppError) return hits;
    throw error;
  }
}

function skipAppError(error: unknown): undefined {
  if (error instanceof AppError) return undefined;
  throw error;
}
