// The deck double's data: boards, stacks, cards, labels and comments of all users, with access checks and the
// JSON shapes Deck answers with.
import type { DoubleAccount } from '../../double-app.js';

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

export class DeckError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

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
    const stack = { id: newId(), boardId, title, order, deletedAt: 0, lastModified: now() };
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
    const board = createBoard(person(user), 'Welcome to Nextcloud Deck!', '0087C5');
    const todo = createStack(board.id, 'To do', 0);
    createStack(board.id, 'Doing', 1);
    createStack(board.id, 'Done', 2);
    createCard(todo.id, person(user), { title: 'Explore Deck', order: 0 });
    createCard(todo.id, person(user), { title: 'Create your first board', order: 1 });
  };

  // Lookups that enforce access: 404 when missing or deleted, 403 when the user is not a participant.
  const boardFor = (user: DoubleAccount, id: number): Board => {
    const board = boards.get(id);
    if (!board || board.deletedAt) throw new DeckError(404, 'Board not found');
    if (board.owner.uid !== user.id && !board.sharedWith.has(user.id)) throw new DeckError(403, 'Permission denied');
    return board;
  };
  const stackFor = (user: DoubleAccount, boardId: number, id: number): Stack => {
    boardFor(user, boardId);
    const stack = stacks.get(id);
    if (!stack || stack.deletedAt || stack.boardId !== boardId) throw new DeckError(404, 'Stack not found');
    return stack;
  };
  const cardFor = (user: DoubleAccount, id: number): Card => {
    const card = cards.get(id);
    const stack = card && stacks.get(card.stackId);
    if (!card || card.deletedAt || !stack) throw new DeckError(404, 'Card not found');
    boardFor(user, stack.boardId);
    return card;
  };
  const participants = (board: Board) => [board.owner.uid, ...board.sharedWith];

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
    assignedUsers: card.assigned.map((a) => ({
      id: a.id,
      participant: { primaryKey: a.participant.uid, ...a.participant, type: 0 },
      cardId: card.id,
      type: 0,
    })),
    attachments: null,
    attachmentCount: 0,
    owner: { primaryKey: card.owner.uid, ...card.owner, type: 0 },
    order: card.order,
    archived: card.archived,
    done: null,
    duedate: card.duedate,
    deletedAt: card.deletedAt,
    commentsUnread: 0,
    commentsCount: [...comments.values()].filter((c) => c.cardId === card.id).length,
    ETag: etag(card),
    overdue: 0,
  });
  const cardsOf = (stackId: number) =>
    [...cards.values()]
      .filter((card) => card.stackId === stackId && !card.deletedAt && !card.archived)
      .sort((a, b) => a.order - b.order || a.id - b.id);
  const describeStack = (stack: Stack) => ({
    id: stack.id,
    title: stack.title,
    boardId: stack.boardId,
    deletedAt: stack.deletedAt,
    lastModified: stack.lastModified,
    order: stack.order,
    cards: cardsOf(stack.id).map(describeCard),
    ETag: etag(stack),
  });
  const describeBoard = (board: Board, user: DoubleAccount) => {
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
      users: [],
      shared: owner ? 0 : 1,
      stacks: [],
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
    boardFor,
    stackFor,
    cardFor,
    participants,
    cardsOf,
    describeLabel,
    describeCard,
    describeStack,
    describeBoard,
  };
}

function etag(value: object): string {
  let hash = 0;
  for (const ch of JSON.stringify(value, (_k, v: unknown) => (v instanceof Set ? [...v] : v))) {
    hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

export function describeComment(comment: Comment) {
  return {
    id: comment.id,
    objectId: comment.cardId,
    message: comment.message,
    actorId: comment.actor.uid,
    actorType: 'users',
    actorDisplayName: comment.actor.displayname,
    creationDateTime: comment.creationDateTime,
    mentions: [],
    ...(comment.parentId ? { replyTo: { id: comment.parentId } } : {}),
  };
}
