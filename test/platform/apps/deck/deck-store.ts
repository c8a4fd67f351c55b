// The deck double's data: boards, stacks, cards, labels and comments of all users, Deck's access checks (an unknown
// or foreign item, or anything on a soft-deleted board, is 403 "Permission denied", never 404) and its JSON shapes.
import type { DoubleAccount } from '../../double-app.js';
import { describeAcl, permissionsOf, type AclEntry, type BoardPermissions } from './deck-acl.js';
import type { Attachment } from './deck-attachments.js';
import { describeAssignment, etag } from './deck-json.js';
import { seedWelcomeBoard } from './deck-welcome.js';

export interface Person {
  uid: string;
  displayname: string;
}
export interface Board {
  id: number;
  title: string;
  color: string;
  owner: Person;
  acl: AclEntry[];
  archived: boolean;
  deletedAt: number;
  lastModified: number;
}
export interface Stack {
  id: number;
  boardId: number;
  title: string;
  order: number;
  deletedAt: number;
  lastModified: number;
}
export interface Label {
  id: number;
  boardId: number;
  title: string;
  color: string;
}
export interface Card {
  id: number;
  stackId: number;
  title: string;
  description: string;
  type: string;
  order: number;
  owner: Person;
  duedate: string | null;
  done: string | null;
  archived: boolean;
  deletedAt: number;
  createdAt: number;
  lastModified: number;
  labelIds: number[];
  assigned: { id: number; participant: Person }[];
}
export interface Comment {
  id: number;
  cardId: number;
  message: string;
  actor: Person;
  parentId: number | null;
  creationDateTime: string;
}

/** A refusal as Deck answers it: `{status, message}` with that HTTP status. */
export class DeckError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const permissionDenied = () => new DeckError(403, 'Permission denied');

const DEFAULT_LABELS = [
  ['Finished', '31CC7C'],
  ['To review', '317CCC'],
  ['Action needed', 'FF7A66'],
  ['Later', 'F1DB50'],
] as const;

export type DeckStore = ReturnType<typeof createDeckStore>;

export function createDeckStore() {
  const boards = new Map<number, Board>();
  const stacks = new Map<number, Stack>();
  const labels = new Map<number, Label>();
  const cards = new Map<number, Card>();
  const comments = new Map<number, Comment>();
  const attachments = new Map<number, Attachment>();
  /** The double's accounts as the last request saw them (users and their groups, for shares). */
  let accounts: DoubleAccount[] = [];
  const welcomed = new Set<string>();
  let nextId = 1;
  const newId = () => nextId++;
  const now = () => Math.floor(Date.now() / 1000);

  const person = (user: DoubleAccount): Person => ({ uid: user.id, displayname: user.displayName });
  const createBoard = (owner: Person, title: string, color: string): Board => {
    const board: Board = {
      id: newId(),
      title,
      color,
      owner,
      acl: [],
      archived: false,
      deletedAt: 0,
      lastModified: now(),
    };
    boards.set(board.id, board);
    for (const [labelTitle, labelColor] of DEFAULT_LABELS) {
      const label = { id: newId(), boardId: board.id, title: labelTitle, color: labelColor };
      labels.set(label.id, label);
    }
    return board;
  };
  const createStack = (boardId: number, title: string, order: number): Stack => {
    // A new stack has lastModified 0.
    const stack = { id: newId(), boardId, title, order, deletedAt: 0, lastModified: 0 };
    stacks.set(stack.id, stack);
    return stack;
  };
  const createCard = (stackId: number, owner: Person, fields: Partial<Card>): Card => {
    const card: Card = {
      id: newId(),
      stackId,
      title: fields.title ?? '',
      description: fields.description ?? '',
      type: fields.type ?? 'plain',
      order: fields.order ?? 999,
      owner,
      duedate: fields.duedate ?? null,
      done: null,
      archived: false,
      deletedAt: 0,
      createdAt: now(),
      lastModified: now(),
      labelIds: [],
      assigned: [],
    };
    cards.set(card.id, card);
    return card;
  };
  const welcome = (user: DoubleAccount) => {
    if (welcomed.has(user.id)) return;
    welcomed.add(user.id);
    seedWelcomeBoard(user, { person, createBoard, createStack, createCard, newId, labels });
  };

  /** The users a board reaches: its owner, and every known account a share reaches. */
  const reached = (board: Board) => accounts.filter((a) => permissionsOf('', board.acl, a).PERMISSION_READ);
  const participants = (board: Board) => [...new Set([board.owner.uid, ...reached(board).map((a) => a.id)])];
  const permissions = (user: DoubleAccount, board: Board): BoardPermissions =>
    permissionsOf(board.owner.uid, board.acl, user);
  const canSee = (user: DoubleAccount, board: Board | undefined): board is Board =>
    board !== undefined && permissions(user, board).PERMISSION_READ;
  /** 403 "Permission denied" unless `user` holds `permission` on the board. */
  const requirePermission = (user: DoubleAccount, board: Board, permission: keyof BoardPermissions): void => {
    if (!permissions(user, board)[permission]) throw permissionDenied();
  };
  const isKnown = (type: number, participant: string) =>
    type === 0 ? accounts.some((a) => a.id === participant) : accounts.some((a) => a.groups.includes(participant));

  /** A board by id: unknown, foreign and soft-deleted boards are 403 (a deleted board cannot even be undeleted). */
  const boardFor = (user: DoubleAccount, id: number): Board => {
    const board = boards.get(id);
    if (!canSee(user, board) || board.deletedAt) throw permissionDenied();
    return board;
  };
  /** A stack by id, whatever board the URL names; a deleted stack stays readable (with deletedAt). */
  const stackFor = (user: DoubleAccount, id: number): Stack => {
    const stack = stacks.get(id);
    if (!stack) throw permissionDenied();
    boardFor(user, stack.boardId);
    return stack;
  };
  /** A card by id, whatever board and stack the URL names; a deleted one is 403 "Card is deleted" unless allowed. */
  const cardFor = (user: DoubleAccount, id: number, allowDeleted = false): Card => {
    const card = cards.get(id);
    const stack = card && stacks.get(card.stackId);
    if (!card || !stack) throw permissionDenied();
    boardFor(user, stack.boardId);
    if (card.deletedAt && !allowDeleted) throw new DeckError(403, 'Card is deleted');
    return card;
  };
  /** The board a card is on. */
  const boardOfCard = (card: Card): Board => boards.get(stacks.get(card.stackId)!.boardId)!;
  const labelFor = (user: DoubleAccount, boardId: number, id: number): Label => {
    const label = labels.get(id);
    // unverified: an unknown or foreign label is refused like a board (source: nextcloud/deck
    // lib/Service/LabelService.php, permission checks through the label's board).
    if (!label || label.boardId !== boardId || !canSee(user, boards.get(boardId))) throw permissionDenied();
    return label;
  };

  const describeLabel = (label: Label) => ({ ...label, cardId: null, lastModified: 0, ETag: etag(label) });
  const describeCard = (card: Card) => ({
    id: card.id,
    title: card.title,
    description: card.description,
    stackId: card.stackId,
    type: card.type,
    lastModified: card.lastModified,
    lastEditor: null,
    createdAt: card.createdAt,
    labels: card.labelIds.flatMap((id) => (labels.has(id) ? [describeLabel(labels.get(id)!)] : [])),
    assignedUsers: card.assigned.map((a) => describeAssignment(card, a)),
    attachments: null,
    attachmentCount: 0,
    owner: { primaryKey: card.owner.uid, ...card.owner, type: 0 },
    order: card.order,
    archived: card.archived,
    done: card.done,
    duedate: card.duedate,
    deletedAt: card.deletedAt,
    commentsUnread: 0,
    commentsCount: [...comments.values()].filter((c) => c.cardId === card.id).length,
    ETag: etag(card),
    overdue: 0,
  });
  // GET stacks leaves archived and deleted cards out; GET stacks/archived has only the archived ones.
  const cardsOf = (stackId: number, archived = false) =>
    [...cards.values()]
      .filter((card) => card.stackId === stackId && !card.deletedAt && card.archived === archived)
      .sort((a, b) => a.order - b.order || a.id - b.id);
  /** A stack; `withCards` adds its cards under `cards`, a key Deck leaves out for a stack without cards. */
  const describeStack = (stack: Stack, withCards: false | 'active' | 'archived' = 'active') => {
    const list = withCards ? cardsOf(stack.id, withCards === 'archived') : [];
    return {
      id: stack.id,
      title: stack.title,
      boardId: stack.boardId,
      deletedAt: stack.deletedAt,
      lastModified: stack.lastModified,
      order: stack.order,
      ...(list.length > 0 ? { cards: list.map(describeCard) } : {}),
      ETag: etag(stack),
    };
  };
  /**
   * A board's stacks, not sorted by `order` (Deck does not sort them). unverified: they come in the order they were
   * created (source: none; docs/nextcloud-behaviour.md only says they are not sorted).
   */
  const stacksOf = (boardId: number) =>
    [...stacks.values()].filter((stack) => stack.boardId === boardId && !stack.deletedAt);
  const describeBoard = (board: Board, user: DoubleAccount, withStacks = false) => {
    return {
      id: board.id,
      title: board.title,
      owner: { primaryKey: board.owner.uid, ...board.owner, type: 0 },
      color: board.color,
      archived: board.archived,
      labels: [...labels.values()].filter((l) => l.boardId === board.id).map(describeLabel),
      acl: board.acl.map((entry) => describeAcl(entry, board.id, isKnown(entry.type, entry.participant))),
      permissions: permissions(user, board),
      users: participants(board).map((uid) => ({ primaryKey: uid, uid, displayname: uid })),
      shared: board.owner.uid === user.id ? 0 : 1,
      ...(withStacks ? { stacks: stacksOf(board.id).map((stack) => describeStack(stack, false)) } : {}),
      deletedAt: board.deletedAt,
      lastModified: board.lastModified,
      settings: {},
      ETag: etag(board),
    };
  };

  return {
    boards,
    stacks,
    labels,
    cards,
    comments,
    attachments,
    rememberAccounts: (known: DoubleAccount[] | undefined) => void (accounts = known ?? accounts),
    isKnown,
    requirePermission,
    newId,
    now,
    person,
    createBoard,
    createStack,
    createCard,
    welcome,
    participants,
    canSee,
    boardFor,
    stackFor,
    cardFor,
    boardOfCard,
    labelFor,
    cardsOf,
    stacksOf,
    describeLabel,
    describeCard,
    describeStack,
    describeBoard,
  };
}
