// The deck double's data: boards, stacks, cards, labels and comments of all users, Deck's access checks (an unknown
// or foreign item, or anything on a soft-deleted board, is 403 "Permission denied", never 404) and its JSON shapes.
import type { DoubleAccount } from '../../double-app.js';
import { describeAssignment, etag } from './deck-json.js';

export interface Person {
  uid: string;
  displayname: string;
}
export interface Board {
  id: number;
  title: string;
  color: string;
  owner: Person;
  sharedWith: Set<string>;
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

/** The Welcome board's stacks, in order, with the titles of their cards. */
const WELCOME_STACKS: [string, string[]][] = [
  ['Custom lists - click to rename!', ['1. Open to learn more about boards and cards']],
  ['To Do', ['2. Drag cards left and right, up and down', 'Create your first card!']],
  ['In Progress', ['3. Apply rich formatting and link content']],
  ['Done', ['4. Share, comment and collaborate!']],
];

export type DeckStore = ReturnType<typeof createDeckStore>;

export function createDeckStore() {
  const boards = new Map<number, Board>();
  const stacks = new Map<number, Stack>();
  const labels = new Map<number, Label>();
  const cards = new Map<number, Card>();
  const comments = new Map<number, Comment>();
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
      sharedWith: new Set(),
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
    // unverified: the colour, the card titles and type, and the label each card carries (source: nextcloud/deck
    // lib/Service/fixtures/default-board.json); docs/nextcloud-behaviour.md gives the board's title and the counts.
    const board = createBoard(person(user), 'Welcome to Nextcloud Deck!', 'bf678b');
    const readMore = { id: newId(), boardId: board.id, title: 'Read more inside', color: 'CC317C' };
    labels.set(readMore.id, readMore);
    const actionNeeded = [...labels.values()].find((l) => l.boardId === board.id && l.title === 'Action needed')!;
    for (const [order, [title, cards]] of WELCOME_STACKS.entries()) {
      const stack = createStack(board.id, title, order);
      for (const [cardOrder, cardTitle] of cards.entries()) {
        const card = createCard(stack.id, person(user), { title: cardTitle, type: 'text', order: cardOrder });
        card.labelIds.push(cardTitle === 'Create your first card!' ? actionNeeded.id : readMore.id);
      }
    }
  };

  const participants = (board: Board) => [board.owner.uid, ...board.sharedWith];
  const canSee = (user: DoubleAccount, board: Board | undefined): board is Board =>
    board !== undefined && participants(board).includes(user.id);

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
    const owner = board.owner.uid === user.id;
    return {
      id: board.id,
      title: board.title,
      owner: { primaryKey: board.owner.uid, ...board.owner, type: 0 },
      color: board.color,
      archived: board.archived,
      labels: [...labels.values()].filter((l) => l.boardId === board.id).map(describeLabel),
      acl: [...board.sharedWith].map((uid, i) => ({ id: i + 1, participant: { primaryKey: uid, uid }, type: 0 })),
      permissions: { PERMISSION_READ: true, PERMISSION_EDIT: true, PERMISSION_MANAGE: owner, PERMISSION_SHARE: owner },
      users: participants(board).map((uid) => ({ primaryKey: uid, uid, displayname: uid })),
      shared: owner ? 0 : 1,
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
