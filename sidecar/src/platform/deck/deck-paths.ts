// The URLs of the Deck API: boards, stacks, cards and labels under the REST prefix, card comments under OCS
// (Deck 1.16 serves boards only under REST). Every path segment is encoded here and nowhere else.
import { pathSegment } from '../urls.js';

const REST = '/index.php/apps/deck/api/v1.0';
const OCS = '/ocs/v2.php/apps/deck/api/v1.0';

export interface CardRef {
  boardId: number;
  stackId: number;
  cardId: number;
}

export const deckPaths = {
  boards: () => `${REST}/boards`,
  board: (boardId: number) => `${REST}/boards/${pathSegment(boardId)}`,
  stacks: (boardId: number) => `${REST}/boards/${pathSegment(boardId)}/stacks`,
  labels: (boardId: number) => `${REST}/boards/${pathSegment(boardId)}/labels`,
  cards: (boardId: number, stackId: number) =>
    `${REST}/boards/${pathSegment(boardId)}/stacks/${pathSegment(stackId)}/cards`,
  card: (ref: CardRef) => `${deckPaths.cards(ref.boardId, ref.stackId)}/${pathSegment(ref.cardId)}`,
  /** assignLabel, removeLabel, assignUser, unassignUser, reorder, archive, unarchive. */
  cardAction: (ref: CardRef, action: string) => `${deckPaths.card(ref)}/${pathSegment(action)}`,
  comments: (cardId: number) => `${OCS}/cards/${pathSegment(cardId)}/comments`,
};
