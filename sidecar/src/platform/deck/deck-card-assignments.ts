// What hangs on a Deck card: its labels and its assigned users. Each change answers the card as it is afterwards.
import { NotFoundError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { describeRef, locateCard, readCard } from './deck-cards.js';
import type { DeckCard } from './deck-models.js';
import { deckPaths, type CardRef } from './deck-paths.js';
import { requestDeck } from './deck-request.js';

/**
 * Puts a label of the card's board on the card, or takes it off. The label is checked against the board first:
 * Deck answers an unknown label with 403 "Permission denied" and another board's with 500. A label the card already
 * has is not assigned again (Deck would list it twice), nor is one it lacks removed.
 */
export async function setCardLabel(
  client: NextcloudClient,
  ref: CardRef,
  labelId: number,
  assigned: boolean,
): Promise<DeckCard> {
  const { card, board } = await locateCard(client, ref);
  if (!board.labels.some((label) => label.id === labelId)) {
    throw new NotFoundError(`Board ${ref.boardId} has no label ${labelId}; see nc_deck_get_board.`);
  }
  if (card.labels.some((label) => label.id === labelId) === assigned) return card;
  const path = deckPaths.cardAction(ref, assigned ? 'assignLabel' : 'removeLabel');
  await requestDeck(client, path, describeRef(ref), { method: 'PUT', json: { labelId } });
  return readCard(client, ref);
}

export async function setCardAssignee(
  client: NextcloudClient,
  ref: CardRef,
  userId: string,
  assigned: boolean,
): Promise<DeckCard> {
  await locateCard(client, ref);
  const path = deckPaths.cardAction(ref, assigned ? 'assignUser' : 'unassignUser');
  const what = assigned ? describeRef(ref) : `assignment of ${userId} to card ${ref.cardId}`;
  await requestDeck(client, path, what, { method: 'PUT', json: { userId } });
  return readCard(client, ref);
}
