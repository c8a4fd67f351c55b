// Deck cards: create, read, update (Deck's PUT takes the whole card, so changes are merged into what is read; done
// and archived included), move between stacks, delete. Deck does not check the board (nor, for cards, the stack) in a
// URL, so every call first checks that the card or stack is on the board the caller named.
import { NotFoundError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { getBoard } from './deck-boards.js';
import { toDeckCard, type DeckBoard, type DeckCard } from './deck-models.js';
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
  assertStackOnBoard(await getBoard(client, boardId), stackId);
  const card = await requestDeck(client, deckPaths.cards(boardId, stackId), `stack ${stackId} on board ${boardId}`, {
    method: 'POST',
    json: { type: 'plain', order: 999, description: '', duedate: null, ...fields },
  });
  return toDeckCard(card);
}

export async function getCard(client: NextcloudClient, ref: CardRef): Promise<DeckCard> {
  return (await locateCard(client, ref)).card;
}

/**
 * The card and the board it is on. NotFoundError when the board is unknown, foreign or deleted, when the card is
 * unknown or deleted, and when the card is not on that board (Deck would act on it all the same).
 */
export async function locateCard(client: NextcloudClient, ref: CardRef): Promise<{ card: DeckCard; board: DeckBoard }> {
  const [board, card] = await Promise.all([getBoard(client, ref.boardId), readCard(client, ref)]);
  if (!board.stacks.some((stack) => stack.id === card.stackId)) {
    throw new NotFoundError(`Board ${ref.boardId} has no card ${ref.cardId}.`);
  }
  return { card, board };
}

/** The card as Deck answers it, wherever it is (Deck reads a card by its id alone). */
export async function readCard(client: NextcloudClient, ref: CardRef): Promise<DeckCard> {
  return toDeckCard(await requestDeck(client, deckPaths.card(ref), describeRef(ref)));
}

/**
 * Changes the given fields and keeps the others: Deck's PUT takes the whole card (an omitted description becomes
 * "", an omitted due date or done mark null) and moves the card into the stack of its URL, so the card is read
 * first and written back under the stack it is in. Reading first also keeps a deleted card deleted: Deck's PUT
 * would un-delete it, but its GET refuses it ("Card is deleted").
 */
export async function updateCard(
  client: NextcloudClient,
  ref: CardRef,
  changes: Partial<CardFields> & CardMarks,
): Promise<DeckCard> {
  const { card } = await locateCard(client, ref);
  const whole = {
    title: changes.title ?? card.title,
    type: card.type,
    owner: card.owner,
    description: changes.description ?? card.description,
    order: changes.order ?? card.order,
    duedate: changes.duedate === undefined ? card.duedate : changes.duedate,
    // unverified: Deck takes `done` as an ISO 8601 time, null for not done (source: nextcloud/deck docs/API.md
    // "PUT …/cards/{cardId}"); the sheet says only that an omitted `done` becomes null.
    done: changes.done === undefined || changes.done === (card.done !== null) ? card.done : doneNow(changes.done),
  };
  const path = deckPaths.card({ ...ref, stackId: card.stackId });
  const updated = toDeckCard(await requestDeck(client, path, describeRef(ref), { method: 'PUT', json: whole }));
  if (changes.archived === undefined || changes.archived === updated.archived) return updated;
  return setArchived(client, { ...ref, stackId: card.stackId }, changes.archived);
}

/** What marks a card besides its fields: done (Deck keeps when) and archived. */
export interface CardMarks {
  done?: boolean;
  archived?: boolean;
}

function doneNow(done: boolean): string | null {
  return done ? new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00') : null;
}

/**
 * Moves the card into `targetStackId` (same board) at position `order` (0 is the top). Deck takes the target stack
 * from the URL and ignores a stack id in the body; it answers the target stack's cards.
 */
export async function moveCard(
  client: NextcloudClient,
  ref: CardRef,
  targetStackId: number,
  order: number,
): Promise<DeckCard> {
  const { board } = await locateCard(client, ref);
  assertStackOnBoard(board, targetStackId);
  const target = { ...ref, stackId: targetStackId };
  const what = `card ${ref.cardId} or stack ${targetStackId} on board ${ref.boardId}`;
  const cards = await requestDeck<unknown[]>(client, deckPaths.cardAction(target, 'reorder'), what, {
    method: 'PUT',
    json: { order },
  });
  const moved = (Array.isArray(cards) ? cards : []).map(toDeckCard).find((card) => card.id === ref.cardId);
  return moved ?? readCard(client, target);
}

async function setArchived(client: NextcloudClient, ref: CardRef, archived: boolean): Promise<DeckCard> {
  const path = deckPaths.cardAction(ref, archived ? 'archive' : 'unarchive');
  return toDeckCard(await requestDeck(client, path, describeRef(ref), { method: 'PUT' }));
}

export async function deleteCard(client: NextcloudClient, ref: CardRef): Promise<void> {
  await locateCard(client, ref);
  await requestDeck(client, deckPaths.card(ref), describeRef(ref), { method: 'DELETE' });
}

/** "card 3 in stack 2 on board 1", for not-found messages. */
export function describeRef(ref: CardRef): string {
  return `card ${ref.cardId} in stack ${ref.stackId} on board ${ref.boardId}`;
}

/** NotFoundError unless `stackId` is a stack of `board` (Deck would use a stack of another board all the same). */
function assertStackOnBoard(board: DeckBoard, stackId: number): void {
  if (!board.stacks.some((stack) => stack.id === stackId)) {
    throw new NotFoundError(`Board ${board.id} has no stack ${stackId}; see nc_deck_list_stacks.`);
  }
}
