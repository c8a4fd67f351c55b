// The deck app of the platform double: boards, stacks, cards and labels under the REST prefix
// /index.php/apps/deck/api/v1.0 (OCS-APIRequest header required), card comments under the OCS prefix (where boards
// answer 404, as in Deck 1.16), and a "Welcome" board made by each user's first Deck call.
import type { ServerResponse } from 'node:http';
import { sendJson, sendNotLoggedIn, type DoubleAccount, type DoubleApp, type DoubleRequest } from '../double-app.js';
import { respondOcs } from '../ocs-envelope.js';
import { type Body, num, parseDuedate, requireText, str } from './deck/deck-input.js';
import {
  createDeckStore,
  DeckError,
  describeComment,
  type Board,
  type Card,
  type Comment,
  type Stack,
} from './deck/deck-store.js';

export interface DeckDouble extends DoubleApp {
  /** Gives another user access to a board (as sharing it in Deck would). */
  shareBoard(boardId: number, userId: string): void;
}

/** The REST and OCS prefixes of Deck. */
const REST = '/index.php/apps/deck/api/v1.0';
const OCS = '/ocs/v2.php/apps/deck/api/v1.0';

export function createDeckApp(): DeckDouble {
  const store = createDeckStore();

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
        const visible = [...store.boards.values()].filter(
          (x) => !x.deletedAt && store.participants(x).includes(user.id),
        );
        return visible.map((x) => store.describeBoard(x, user));
      }
      if (method === 'POST')
        return store.describeBoard(
          store.createBoard(store.person(user), requireText(body, 'title'), str(body.color, '0087C5')),
          user,
        );
    }
    const boardId = Number(b);
    if (!kind) {
      const board = store.boardFor(user, boardId);
      if (method === 'GET') return store.describeBoard(board, user);
      if (method === 'PUT') {
        Object.assign(board, { title: requireText(body, 'title'), color: str(body.color, board.color) });
        board.archived = body.archived === true;
        return store.describeBoard(board, user);
      }
      if (method === 'DELETE') {
        board.deletedAt = store.now();
        return store.describeBoard(board, user);
      }
    }
    if (kind === 'labels') return routeLabels(user, boardId, s, method, body);
    if (!s) {
      store.boardFor(user, boardId);
      if (method === 'GET') {
        const list = [...store.stacks.values()].filter((x) => x.boardId === boardId && !x.deletedAt);
        return list.sort((x, y) => x.order - y.order || x.id - y.id).map(store.describeStack);
      }
      if (method === 'POST')
        return store.describeStack(store.createStack(boardId, requireText(body, 'title'), num(body.order, 0)));
    }
    const stack = store.stackFor(user, boardId, Number(s));
    if (!c) {
      if (method === 'GET') return store.describeStack(stack);
      if (method === 'PUT') {
        Object.assign(stack, { title: requireText(body, 'title'), order: num(body.order, stack.order) });
        return store.describeStack(stack);
      }
      if (method === 'DELETE') {
        stack.deletedAt = store.now();
        return store.describeStack(stack);
      }
      if (method === 'POST') {
        const card = store.createCard(stack.id, store.person(user), {
          title: requireText(body, 'title'),
          type: str(body.type, 'plain'),
          order: num(body.order, 999),
          description: str(body.description, ''),
          duedate: parseDuedate(body.duedate),
        });
        return store.describeCard(card);
      }
    }
    if (c && method === 'POST' && action === undefined) throw new DeckError(405, 'Method not allowed');
    const card = store.cardFor(user, Number(c));
    return routeCard(user, store.boardFor(user, boardId), stack, card, action, method, body);
  }

  function routeLabels(user: DoubleAccount, boardId: number, l: string | undefined, method: string, body: Body) {
    store.boardFor(user, boardId);
    if (!l && method === 'GET')
      return [...store.labels.values()].filter((x) => x.boardId === boardId).map(store.describeLabel);
    if (!l && method === 'POST') {
      const label = { id: store.newId(), boardId, title: requireText(body, 'title'), color: str(body.color, '31CC7C') };
      store.labels.set(label.id, label);
      return store.describeLabel(label);
    }
    const label = store.labels.get(Number(l));
    if (!label || label.boardId !== boardId) throw new DeckError(404, 'Label not found');
    if (method === 'GET') return store.describeLabel(label);
    if (method === 'PUT') {
      Object.assign(label, { title: requireText(body, 'title'), color: str(body.color, label.color) });
      return store.describeLabel(label);
    }
    if (method === 'DELETE') {
      store.labels.delete(label.id);
      return store.describeLabel(label);
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
    if (action === undefined && method === 'GET') return store.describeCard(card);
    if (action === undefined && method === 'DELETE') {
      card.deletedAt = store.now();
      return store.describeCard(card);
    }
    if (method !== 'PUT') throw new DeckError(405, 'Method not allowed');
    card.lastModified = store.now();
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
        return store.describeCard(card);
      }
      case 'archive':
      case 'unarchive':
        card.archived = action === 'archive';
        return store.describeCard(card);
      case 'assignLabel':
      case 'removeLabel': {
        const label = store.labels.get(num(body.labelId, -1));
        if (!label || label.boardId !== board.id) throw new DeckError(400, 'Label does not belong to this board');
        card.labelIds = card.labelIds.filter((id) => id !== label.id);
        if (action === 'assignLabel') card.labelIds.push(label.id);
        return null;
      }
      case 'assignUser': {
        const userId = requireText(body, 'userId');
        if (!store.participants(board).includes(userId)) throw new DeckError(400, 'The user is not part of the board');
        if (card.assigned.some((a) => a.participant.uid === userId))
          throw new DeckError(400, 'The user is already assigned to the card');
        const assignment = {
          id: store.newId(),
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
        const target = store.stacks.get(num(body.stackId, -1));
        if (!target || target.deletedAt || target.boardId !== board.id)
          throw new DeckError(400, 'Stack not found on this board');
        const others = store.cardsOf(target.id).filter((x) => x.id !== card.id);
        others.splice(Math.max(0, Math.min(num(body.order, 0), others.length)), 0, card);
        card.stackId = target.id;
        others.forEach((x, i) => (x.order = i));
        return others.map(store.describeCard);
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
      const card = store.cardFor(user, Number(m[1]));
      if (req.method === 'GET') {
        const limit = num(Number(req.url.searchParams.get('limit') ?? 20), 20);
        const offset = num(Number(req.url.searchParams.get('offset') ?? 0), 0);
        const list = [...store.comments.values()].filter((x) => x.cardId === card.id).sort((a, b) => b.id - a.id);
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
        id: store.newId(),
        cardId: card.id,
        message,
        actor: store.person(user),
        parentId: typeof body.parentId === 'number' ? body.parentId : null,
        creationDateTime: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
      };
      store.comments.set(comment.id, comment);
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
    shareBoard: (boardId, userId) => void store.boards.get(boardId)?.sharedWith.add(userId),
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
      store.welcome(req.user);
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
