// Deck cards: create, read, update (Deck's PUT takes the whole card, so changes are merged into what is read),
// move between stacks, archive or unarchive, delete.
import type { NextcloudClient } from '../nextcloud-client.js';
import { toDeckCard, type DeckCard } from './deck-models.js';
import { deckPaths, type CardRef } from './deck-paths.js';
import { requestDeck } from './deck-request.js';

export interface CardFields {
  title: string;
  description?: string;
  /** ISO 8601, or null for no due date. */
  duedate?: string | null;
  order?: number;
}

export async function createCard(
  client: NextcloudClient,
  boardId: number,
  stackId: number,
  fields: CardFields,
): Promise<DeckCard> {
  const card = await requestDeck(client, deckPaths.cards(boardId, stackId), `stack ${stackId} on board ${boardId}`, {
    method: 'POST',
    json: { type: 'plain', order: 999, description: '', duedate: null, ...fields },
  });
  return toDeckCard(card);
}

export async function getCard(client: NextcloudClient, ref: CardRef): Promise<DeckCard> {
  return toDeckCard(await requestDeck(client, deckPaths.card(ref), describeRef(ref)));
}

/** Changes the given fields and keeps the others (Deck would reset fields left out of its PUT). */
export async function updateCard(
  client: NextcloudClient,
  ref: CardRef,
  changes: Partial<CardFields>,
): Promise<DeckCard> {
  const card = await getCard(client, ref);
  const whole = {
    title: changes.title ?? card.title,
    type: card.type,
    owner: card.owner,
    description: changes.description ?? card.description,
    order: changes.order ?? card.order,
    duedate: changes.duedate === undefined ? card.duedate : changes.duedate,
  };
  return toDeckCard(await requestDeck(client, deckPaths.card(ref), describeRef(ref), { method: 'PUT', json: whole }));
}

/** Moves the card to `targetStackId` (same board) at position `order` (0 is the top). */
export async function moveCard(
  client: NextcloudClient,
  ref: CardRef,
  targetStackId: number,
  order: number,
): Promise<DeckCard> {
  const cards = await requestDeck<unknown[]>(client, deckPaths.cardAction(ref, 'reorder'), describeRef(ref), {
    method: 'PUT',
    json: { order, stackId: targetStackId },
  });
  const moved = (Array.isArray(cards) ? cards : []).map(toDeckCard).find((card) => card.id === ref.cardId);
  return moved ?? getCard(client, { ...ref, stackId: targetStackId });
}

export async function setCardArchived(client: NextcloudClient, ref: CardRef, archived: boolean): Promise<DeckCard> {
  const path = deckPaths.cardAction(ref, archived ? 'archive' : 'unarchive');
  return toDeckCard(await requestDeck(client, path, describeRef(ref), { method: 'PUT' }));
}

export async function deleteCard(client: NextcloudClient, ref: CardRef): Promise<void> {
  await requestDeck(client, deckPaths.card(ref), describeRef(ref), { method: 'DELETE' });
}

/** "card 3 in stack 2 on board 1", for not-found messages. */
export function describeRef(ref: CardRef): string {
  return `card ${ref.cardId} in stack ${ref.stackId} on board ${ref.boardId}`;
}
