// The deck app of the platform double: boards, stacks, cards and labels under the REST prefix
// /index.php/apps/deck/api/v1.0 (OCS-APIRequest header required), card comments under the OCS prefix (where boards
// answer 404, as in Deck 1.16), and a "Welcome" board made by each user's first Deck call.
import type { ServerResponse } from 'node:http';
import { sendJson, sendNotLoggedIn, type DoubleAccount, type DoubleApp, type DoubleRequest } from '../double-app.js';
import { respondOcs } from '../ocs-envelope.js';

export interface DeckDouble extends DoubleApp {
  /** Gives another user access to a board (as sharing it in Deck would). */
  shareBoard(boardId: number, userId: string): void;
}

interface Person {
  uid: string;
  displayname: string;
}
interface Board {
  id: number;
  title: string;
  color: string;
  owner: Person;
  sharedWith: Set<string>;
  archived: boolean;
  deletedAt: number;
  lastModified: number;
}
interface Stack {
  id: number;
  boardId: number;
  title: string;
  order: number;
  deletedAt: number;
  lastModified: number;
}
interface Label {
  id: number;
  boardId: number;
  title: string;
  color: string;
}
interface Card {
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
interface Comment {
  id: number;
  cardId: number;
  message: string;
  actor: Person;
  parentId: number | null;
  creationDateTime: string;
}

class DeckError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const REST = '/index.php/apps/deck/api/v1.0';
const OCS = '/ocs/v2.php/apps/deck/api/v1.0';
const DEFAULT_LABELS = [
  ['Finished', '31CC7C'],
  ['To review', '317CCC'],
  ['Action needed', 'FF7A66'],
  ['Later', 'F1DB50'],
] as const;

export function createDeckApp(): DeckDouble {
  const boards = new Map<number, Board>();
  const stacks = new Map<number, Stack>();
  const labels = new Map<number, Label>();
  const cards = new Map<number, Card>();
  const comments = new Map<number, Comment>();
  const welcomed = new Set<string>();
  let nextId = 1;
  const now = () => Math.floor(Date.now() / 1000);

  const person = (user: DoubleAccount): Person => ({ uid: user.id, displayname: user.displayName });
  const createBoard = (owner: Person, title: string, color: string): Board => {
    const board: Board = {
      id: nextId++,
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
      const label = { id: nextId++, boardId: board.id, title: labelTitle, color: labelColor };
      labels.set(label.id, label);
    }
    return board;
  };
  const createStack = (boardId: number, title: string, order: number): Stack => {
    const stack = { id: nextId++, boardId, title, order, deletedAt: 0, lastModified: now() };
    stacks.set(stack.id, stack);
    return stack;
  };
  const createCard = (stackId: number, owner: Person, fields: Partial<Card>): Card => {
    const card: Card = {
      id: nextId++,
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

  async function routeRest(req: DoubleRequest, user: DoubleAccount, route: string) {
    const body = req.method === 'GET' || req.method === 'DELETE' ? {} : (((await req.json()) ?? {}) as Body);
    const m = route.match(
      /^\/boards(?:\/(\d+)(?:\/(stacks|labels)(?:\/(\d+)(?:\/cards(?:\/(\d+)(?:\/(\w+))?)?)?)?)?)?$/,
    );
    if (!m) throw new DeckError(404, 'Not found');
    const [, b, kind, s, c, action] = m;
    const method = req.method;
    if (!b) {
      if (method === 'GET') {
        const visible = [...boards.values()].filter((x) => !x.deletedAt && participants(x).includes(user.id));
        return visible.map((x) => describeBoard(x, user));
      }
      if (method === 'POST')
        return describeBoard(createBoard(person(user), requireText(body, 'title'), str(body.color, '0087C5')), user);
    }
    const boardId = Number(b);
    if (!kind) {
      const board = boardFor(user, boardId);
      if (method === 'GET') return describeBoard(board, user);
      if (method === 'PUT') {
        Object.assign(board, { title: requireText(body, 'title'), color: str(body.color, board.color) });
        board.archived = body.archived === true;
        return describeBoard(board, user);
      }
      if (method === 'DELETE') {
        board.deletedAt = now();
        return describeBoard(board, user);
      }
    }
    if (kind === 'labels') return routeLabels(user, boardId, s, method, body);
    if (!s) {
      boardFor(user, boardId);
      if (method === 'GET') {
        const list = [...stacks.values()].filter((x) => x.boardId === boardId && !x.deletedAt);
        return list.sort((x, y) => x.order - y.order || x.id - y.id).map(describeStack);
      }
      if (method === 'POST') return describeStack(createStack(boardId, requireText(body, 'title'), num(body.order, 0)));
    }
    const stack = stackFor(user, boardId, Number(s));
    if (!c) {
      if (method === 'GET') return describeStack(stack);
      if (method === 'PUT') {
        Object.assign(stack, { title: requireText(body, 'title'), order: num(body.order, stack.order) });
        return describeStack(stack);
      }
      if (method === 'DELETE') {
        stack.deletedAt = now();
        return describeStack(stack);
      }
      if (method === 'POST') {
        const card = createCard(stack.id, person(user), {
          title: requireText(body, 'title'),
          type: str(body.type, 'plain'),
          order: num(body.order, 999),
          description: str(body.description, ''),
          duedate: parseDuedate(body.duedate),
        });
        return describeCard(card);
      }
    }
    if (c && method === 'POST' && action === undefined) throw new DeckError(405, 'Method not allowed');
    const card = cardFor(user, Number(c));
    return routeCard(user, boardFor(user, boardId), stack, card, action, method, body);
  }

  function routeLabels(user: DoubleAccount, boardId: number, l: string | undefined, method: string, body: Body) {
    boardFor(user, boardId);
    if (!l && method === 'GET') return [...labels.values()].filter((x) => x.boardId === boardId).map(describeLabel);
    if (!l && method === 'POST') {
      const label = { id: nextId++, boardId, title: requireText(body, 'title'), color: str(body.color, '31CC7C') };
      labels.set(label.id, label);
      return describeLabel(label);
    }
    const label = labels.get(Number(l));
    if (!label || label.boardId !== boardId) throw new DeckError(404, 'Label not found');
    if (method === 'GET') return describeLabel(label);
    if (method === 'PUT') {
      Object.assign(label, { title: requireText(body, 'title'), color: str(body.color, label.color) });
      return describeLabel(label);
    }
    if (method === 'DELETE') {
      labels.delete(label.id);
      return describeLabel(label);
    }
    throw new DeckError(405, 'Method not allowed');
  }

  function routeCard(
    user: DoubleAccount,
    board: Board,
    stack: Stack,
    card: Card,
    action: string | undefined,
    method: string,
    body: Body,
  ) {
    if (action === undefined && method === 'GET') return describeCard(card);
    if (action === undefined && method === 'DELETE') {
      card.deletedAt = now();
      return describeCard(card);
    }
    if (method !== 'PUT') throw new DeckError(405, 'Method not allowed');
    card.lastModified = now();
    switch (action) {
      case undefined: {
        // The whole card: fields left out are reset, and the stack of the URL becomes the card's stack.
        if (card.archived && body.archived !== false)
          throw new DeckError(400, 'Operation not allowed. This card is archived.');
        if (typeof body.owner !== 'string' || body.owner === '') throw new DeckError(400, 'owner must be provided');
        Object.assign(card, {
          title: requireText(body, 'title'),
          type: requireText(body, 'type'),
          stackId: stack.id,
          description: str(body.description, ''),
          order: num(body.order, 0),
          duedate: parseDuedate(body.duedate),
          archived: body.archived === true ? true : body.archived === false ? false : card.archived,
        });
        return describeCard(card);
      }
      case 'archive':
      case 'unarchive':
        card.archived = action === 'archive';
        return describeCard(card);
      case 'assignLabel':
      case 'removeLabel': {
        const label = labels.get(num(body.labelId, -1));
        if (!label || label.boardId !== board.id) throw new DeckError(400, 'Label does not belong to this board');
        card.labelIds = card.labelIds.filter((id) => id !== label.id);
        if (action === 'assignLabel') card.labelIds.push(label.id);
        return null;
      }
      case 'assignUser': {
        const userId = requireText(body, 'userId');
        if (!participants(board).includes(userId)) throw new DeckError(400, 'The user is not part of the board');
        if (card.assigned.some((a) => a.participant.uid === userId))
          throw new DeckError(400, 'The user is already assigned to the card');
        const assignment = {
          id: nextId++,
          participant: { uid: userId, displayname: userId === user.id ? user.displayName : userId },
        };
        card.assigned.push(assignment);
        return {
          id: assignment.id,
          participant: { primaryKey: userId, ...assignment.participant, type: 0 },
          cardId: card.id,
          type: 0,
        };
      }
      case 'unassignUser': {
        const userId = requireText(body, 'userId');
        const assignment = card.assigned.find((a) => a.participant.uid === userId);
        if (!assignment) throw new DeckError(404, `No assignment for ${userId} found.`);
        card.assigned = card.assigned.filter((a) => a !== assignment);
        return {
          id: assignment.id,
          participant: { primaryKey: userId, ...assignment.participant, type: 0 },
          cardId: card.id,
          type: 0,
        };
      }
      case 'reorder': {
        const target = stacks.get(num(body.stackId, -1));
        if (!target || target.deletedAt || target.boardId !== board.id)
          throw new DeckError(400, 'Stack not found on this board');
        const others = cardsOf(target.id).filter((x) => x.id !== card.id);
        others.splice(Math.max(0, Math.min(num(body.order, 0), others.length)), 0, card);
        card.stackId = target.id;
        others.forEach((x, i) => (x.order = i));
        return others.map(describeCard);
      }
      default:
        throw new DeckError(404, 'Not found');
    }
  }

  async function routeOcs(
    req: DoubleRequest,
    res: ServerResponse,
    user: DoubleAccount,
    route: string,
  ): Promise<boolean> {
    if (route === '/config' && req.method === 'GET') {
      respondOcs(req.raw, res, req.url, 2, {
        status: 200,
        data: { calendar: true, cardDetailsInModal: true, cardIdBadge: false, groupLimit: [] },
      });
      return true;
    }
    const m = /^\/cards\/(\d+)\/comments$/.exec(route);
    if (!m) return false;
    try {
      const card = cardFor(user, Number(m[1]));
      if (req.method === 'GET') {
        const limit = num(Number(req.url.searchParams.get('limit') ?? 20), 20);
        const offset = num(Number(req.url.searchParams.get('offset') ?? 0), 0);
        const list = [...comments.values()].filter((x) => x.cardId === card.id).sort((a, b) => b.id - a.id);
        respondOcs(req.raw, res, req.url, 2, {
          status: 200,
          data: list.slice(offset, offset + limit).map(describeComment),
        });
        return true;
      }
      if (req.method !== 'POST') throw new DeckError(405, 'Method not allowed');
      const body = ((await req.json()) ?? {}) as Body;
      const message = requireText(body, 'message');
      if ([...message].length > 1000) throw new DeckError(400, 'Comment length exceeds the limit');
      const comment: Comment = {
        id: nextId++,
        cardId: card.id,
        message,
        actor: person(user),
        parentId: typeof body.parentId === 'number' ? body.parentId : null,
        creationDateTime: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      };
      comments.set(comment.id, comment);
      respondOcs(req.raw, res, req.url, 2, { status: 200, data: describeComment(comment) });
    } catch (error) {
      if (!(error instanceof DeckError)) throw error;
      respondOcs(req.raw, res, req.url, 2, { status: error.status, message: error.message });
    }
    return true;
  }

  return {
    id: 'deck',
    capabilities: () => ({ version: '1.16.0', canCreateBoards: true }),
    shareBoard: (boardId, userId) => void boards.get(boardId)?.sharedWith.add(userId),
    async handle(req, res) {
      const isRest = req.path.startsWith(`${REST}/`);
      const isOcs = req.path.startsWith(`${OCS}/`);
      if (!isRest && !isOcs) return false;
      if (!req.user) {
        if (isOcs)
          respondOcs(req.raw, res, req.url, 2, {
            status: 401,
            statuscode: 997,
            message: 'Current user is not logged in',
          });
        else sendNotLoggedIn(res);
        return true;
      }
      welcome(req.user);
      if (isOcs) return routeOcs(req, res, req.user, req.path.slice(OCS.length));
      if (req.headers['ocs-apirequest'] !== 'true') {
        sendJson(res, 412, { message: 'CSRF check failed' });
        return true;
      }
      try {
        sendJson(res, 200, await routeRest(req, req.user, req.path.slice(REST.length)));
      } catch (error) {
        if (!(error instanceof DeckError)) throw error;
        sendJson(res, error.status, { status: error.status, message: error.message });
      }
      return true;
    },
  };
}

type Body = Record<string, unknown>;

function describeComment(comment: Comment) {
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

function requireText(body: Body, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value.trim() === '') throw new DeckError(400, `${field} must be provided`);
  return value;
}

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' ? value : fallback;
}

function num(value: unknown, fallback: number): number {
  const n = typeof value === 'string' && value !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

function parseDuedate(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) throw new DeckError(400, 'Invalid date');
  return date.toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

function etag(value: object): string {
  let hash = 0;
  for (const ch of JSON.stringify(value, (_k, v: unknown) => (v instanceof Set ? [...v] : v))) {
    hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
