// What hangs on a Deck card: its labels and its assigned users. Each change answers the card as it is afterwards.
import type { NextcloudClient } from '../nextcloud-client.js';
import { getCard, describeRef } from './deck-cards.js';
import type { DeckCard } from './deck-models.js';
import { deckPaths, type CardRef } from './deck-paths.js';
import { requestDeck } from './deck-request.js';

export async function setCardLabel(
  client: NextcloudClient,
  ref: CardRef,
  labelId: number,
  assigned: boolean,
): Promise<DeckCard> {
  const path = deckPaths.cardAction(ref, assigned ? 'assignLabel' : 'removeLabel');
  await requestDeck(client, path, describeRef(ref), { method: 'PUT', json: { labelId } });
  return getCard(client, ref);
}

export async function setCardAssignee(
  client: NextcloudClient,
  ref: CardRef,
  userId: string,
  assigned: boolean,
): Promise<DeckCard> {
  const path = deckPaths.cardAction(ref, assigned ? 'assignUser' : 'unassignUser');
  const what = assigned ? describeRef(ref) : `assignment of ${userId} to card ${ref.cardId}`;
  await requestDeck(client, path, what, { method: 'PUT', json: { userId } });
  return getCard(client, ref);
}
