// The URLs of the Deck API: boards, shares, stacks, cards, labels and attachments under the REST prefix, card comments
// under OCS (Deck 1.16 serves boards only under REST). Every path segment is encoded here and nowhere else.
import { pathSegment } from '../urls.js';

const REST = '/index.php/apps/deck/api/v1.0';
/** API 1.1 lists every kind of attachment; 1.0 only those Deck keeps itself (deck_file). */
const REST_1_1 = '/index.php/apps/deck/api/v1.1';
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
  stack: (boardId: number, stackId: number) => `${deckPaths.stacks(boardId)}/${pathSegment(stackId)}`,
  labels: (boardId: number) => `${REST}/boards/${pathSegment(boardId)}/labels`,
  label: (boardId: number, labelId: number) => `${deckPaths.labels(boardId)}/${pathSegment(labelId)}`,
  /** The board's shares (ACL entries); with `aclId`, one of them. */
  acl: (boardId: number, aclId?: number) =>
    `${REST}/boards/${pathSegment(boardId)}/acl${aclId === undefined ? '' : `/${pathSegment(aclId)}`}`,
  cards: (boardId: number, stackId: number) =>
    `${REST}/boards/${pathSegment(boardId)}/stacks/${pathSegment(stackId)}/cards`,
  card: (ref: CardRef) => `${deckPaths.cards(ref.boardId, ref.stackId)}/${pathSegment(ref.cardId)}`,
  /** assignLabel, removeLabel, assignUser, unassignUser, reorder, archive, unarchive. */
  cardAction: (ref: CardRef, action: string) => `${deckPaths.card(ref)}/${pathSegment(action)}`,
  attachments: (ref: CardRef) =>
    `${REST_1_1}/boards/${pathSegment(ref.boardId)}/stacks/${pathSegment(ref.stackId)}/cards/${pathSegment(ref.cardId)}/attachments`,
  comments: (cardId: number) => `${OCS}/cards/${pathSegment(cardId)}/comments`,
};
