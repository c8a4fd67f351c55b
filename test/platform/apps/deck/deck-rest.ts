// The REST routes of the deck double (below /index.php/apps/deck/api/v1.0 or v1.1): boards, stacks, cards and
// labels as docs/nextcloud-behaviour.md describes Deck 1.16. Every success is 200; refusals are DeckErrors. The board
// (and for cards the stack) in a URL is not checked: only a target stack of an update or reorder counts.
import type { DoubleAccount } from '../../double-app.js';
import { routeAcl } from './deck-acl-routes.js';
import { listAttachments } from './deck-attachments.js';
import { type Body, num, parseDuedate, requireText, str } from './deck-input.js';
import { describeAssignment } from './deck-json.js';
import { DeckError, permissionDenied, type Board, type Card, type DeckStore, type Stack } from './deck-store.js';

const ROUTE =
  /^\/boards(?:\/(\d+)(?:\/(undo_delete|stacks|labels|acl)(?:\/(archived|\d+)(?:\/cards(?:\/(\d+)(?:\/(\w+))?)?)?)?)?)?$/;

/** Answers one REST call; `headers` are the request's (Deck fails on If-Modified-Since). */
export function routeDeckRest(
  store: DeckStore,
  user: DoubleAccount,
  request: {
    method: string;
    route: string;
    /** "1.0" or "1.1", from the URL. */
    apiVersion: string;
    query: URLSearchParams;
    headers: Record<string, unknown>;
    body: Body;
  },
): unknown {
  const { method, body } = request;
  if (/^\/cards\/\d+\/comments(\/\d+)?$/.test(request.route)) throw notAllowed();
  const m = ROUTE.exec(request.route);
  if (!m) throw new DeckError(404, 'Not found');
  const [, b, kind, s, c, action] = m;
  if (!b) return routeBoards(store, user, method, request.query, request.headers, body);
  const boardId = Number(b);
  if (kind === undefined) return routeBoard(store, user, store.boardFor(user, boardId), method, body);
  const extra = (kind !== 'stacks' || s === 'archived') && (c !== undefined || m[0].includes('/cards'));
  if (extra || (kind === 'undo_delete' && s !== undefined)) throw new DeckError(404, 'Not found');
  if (kind === 'undo_delete') {
    if (method !== 'POST') throw notAllowed();
    const board = store.boardFor(user, boardId);
    board.deletedAt = 0;
    return store.describeBoard(board, user);
  }
  if (kind === 'labels') return routeLabels(store, user, boardId, s, method, body);
  if (kind === 'acl') return routeAcl(store, user, boardId, s, method, body);
  if (s === undefined || s === 'archived') return routeStacks(store, user, boardId, s === 'archived', method, body);
  if (c === undefined) return routeStack(store, user, Number(s), method, body);
  // PUT of the card itself takes a deleted card too, and un-deletes it.
  const card = store.cardFor(user, Number(c), action === undefined && method === 'PUT');
  if (action === undefined && method === 'GET') return store.describeCard(card);
  if (action === 'attachments') return listAttachments(store.attachments.values(), card.id, request.apiVersion, method);
  return routeCard(store, user, { stackId: Number(s), card, action, method, body });
}

function routeBoards(
  store: DeckStore,
  user: DoubleAccount,
  method: string,
  query: URLSearchParams,
  headers: Record<string, unknown>,
  body: Body,
) {
  if (method === 'GET') {
    // Deck fails on the header (class Sabre\HTTP\Util not found) and answers its generic 500.
    if (headers['if-modified-since'] !== undefined) throw internalServerError();
    // Soft-deleted boards are listed too (deletedAt is not 0): clients filter them.
    const visible = [...store.boards.values()].filter((board) => store.canSee(user, board));
    return visible.map((board) => store.describeBoard(board, user, query.get('details') === 'true'));
  }
  if (method !== 'POST') throw notAllowed();
  const title = requireText(body, 'title');
  const color = requireText(body, 'color');
  return store.describeBoard(store.createBoard(store.person(user), title, color), user);
}

/**
 * A board. unverified: changing or deleting it takes the manage permission (source: nextcloud/deck
 * lib/Service/BoardService.php update(); for delete: none).
 */
function routeBoard(store: DeckStore, user: DoubleAccount, board: Board, method: string, body: Body) {
  if (method === 'GET') return store.describeBoard(board, user, true);
  if (method === 'PUT' || method === 'DELETE') store.requirePermission(user, board, 'PERMISSION_MANAGE');
  if (method === 'PUT') {
    Object.assign(board, { title: requireText(body, 'title'), color: requireText(body, 'color') });
    board.archived = body.archived === true;
    board.lastModified = store.now();
    return store.describeBoard(board, user);
  }
  if (method === 'DELETE') {
    board.deletedAt = store.now();
    return store.describeBoard(board, user);
  }
  throw notAllowed();
}

function routeStacks(
  store: DeckStore,
  user: DoubleAccount,
  boardId: number,
  archived: boolean,
  method: string,
  body: Body,
) {
  const board = store.boardFor(user, boardId);
  if (method === 'GET')
    return store.stacksOf(boardId).map((stack) => store.describeStack(stack, archived ? 'archived' : 'active'));
  if (method !== 'POST' || archived) throw notAllowed();
  // unverified: stacks are created, changed and deleted with the manage permission (source: nextcloud/deck
  // lib/Service/StackService.php).
  store.requirePermission(user, board, 'PERMISSION_MANAGE');
  return store.describeStack(store.createStack(boardId, requireText(body, 'title'), num(body.order, 0)), false);
}

function routeStack(store: DeckStore, user: DoubleAccount, stackId: number, method: string, body: Body) {
  const stack = store.stackFor(user, stackId);
  if (method === 'GET') return store.describeStack(stack);
  if (method === 'PUT' || method === 'DELETE')
    store.requirePermission(user, store.boards.get(stack.boardId)!, 'PERMISSION_MANAGE');
  if (method === 'PUT') {
    Object.assign(stack, { title: requireText(body, 'title'), order: num(body.order, stack.order) });
    return store.describeStack(stack);
  }
  if (method === 'DELETE') {
    stack.deletedAt = store.now();
    return store.describeStack(stack, false);
  }
  if (method !== 'POST') throw notAllowed();
  const card = store.createCard(stack.id, store.person(user), {
    title: requireText(body, 'title'),
    type: str(body.type, 'plain'),
    order: num(body.order, 999),
    description: str(body.description, ''),
    duedate: parseDuedate(body.duedate),
  });
  return store.describeCard(card);
}

function routeLabels(
  store: DeckStore,
  user: DoubleAccount,
  boardId: number,
  l: string | undefined,
  method: string,
  body: Body,
) {
  const board = store.boardFor(user, boardId);
  if (l === 'archived') throw new DeckError(404, 'Not found');
  // unverified: labels are created, changed and deleted with the manage permission (source: nextcloud/deck
  // lib/Service/LabelService.php).
  if (method !== 'GET') store.requirePermission(user, board, 'PERMISSION_MANAGE');
  if (l === undefined) {
    // No list route: labels come with the board.
    if (method !== 'POST') throw notAllowed();
    const label = { id: store.newId(), boardId, title: requireText(body, 'title'), color: requireText(body, 'color') };
    store.labels.set(label.id, label);
    return store.describeLabel(label);
  }
  const label = store.labelFor(user, boardId, Number(l));
  if (method === 'GET') return store.describeLabel(label);
  if (method === 'PUT') {
    Object.assign(label, { title: requireText(body, 'title'), color: requireText(body, 'color') });
    return store.describeLabel(label);
  }
  if (method === 'DELETE') {
    store.labels.delete(label.id);
    return store.describeLabel(label);
  }
  throw notAllowed();
}

/** A route below a card; `stackId` is the URL's stack, which only an update or a reorder uses (as the target). */
function routeCard(
  store: DeckStore,
  user: DoubleAccount,
  request: { stackId: number; card: Card; action: string | undefined; method: string; body: Body },
) {
  const { card, action, method, body } = request;
  if (action === undefined && method === 'DELETE') {
    card.deletedAt = store.now();
    return store.describeCard(card);
  }
  if (action === 'comments' || method !== 'PUT') throw notAllowed();
  // unverified: an unknown target stack is 403 like any unknown stack (source: nextcloud/deck StackService).
  const target = () => store.stackFor(user, request.stackId);
  card.lastModified = store.now();
  switch (action) {
    case undefined:
      return updateWholeCard(store, target(), card, body);
    case 'reorder':
      return reorderCard(store, target(), card, num(body.order, 0));
    case 'archive':
    case 'unarchive':
      card.archived = action === 'archive';
      return store.describeCard(card);
    case 'assignLabel':
    case 'removeLabel':
      return changeLabel(store, card, action, num(body.labelId, -1));
    case 'assignUser':
      return assignUser(store, user, store.boardOfCard(card), card, requireText(body, 'userId'));
    case 'unassignUser': {
      const userId = requireText(body, 'userId');
      const assignment = card.assigned.find((a) => a.participant.uid === userId);
      if (!assignment) throw new DeckError(404, `No assignment for ${userId}found.`);
      card.assigned = card.assigned.filter((a) => a !== assignment);
      return describeAssignment(card, assignment);
    }
    default:
      throw new DeckError(404, 'Not found');
  }
}

/** Moves the card into the URL's stack at `order` and renumbers that stack; a stackId in the body is ignored. */
function reorderCard(store: DeckStore, stack: Stack, card: Card, order: number) {
  const others = store.cardsOf(stack.id).filter((x) => x.id !== card.id);
  others.splice(Math.max(0, Math.min(order, others.length)), 0, card);
  card.stackId = stack.id;
  others.forEach((x, i) => (x.order = i));
  return others.map(store.describeCard);
}

/**
 * assignLabel adds the label even when the card has it already (the card then lists it twice); removeLabel takes
 * every copy off. An unknown label is 403, a label of another board 500. unverified: removeLabel refuses unknown and
 * foreign labels the same way (source: nextcloud/deck lib/Service/CardService.php).
 */
function changeLabel(store: DeckStore, card: Card, action: 'assignLabel' | 'removeLabel', labelId: number) {
  const label = store.labels.get(labelId);
  if (!label) throw permissionDenied();
  if (label.boardId !== store.boardOfCard(card).id)
    throw new DeckError(500, 'Operation not allowed. Label does not exist.');
  if (action === 'assignLabel') card.labelIds.push(label.id);
  else card.labelIds = card.labelIds.filter((id) => id !== label.id);
  return null;
}

/**
 * PUT of a card takes the whole card: title, type and owner are required, omitted fields are reset. An archived card
 * takes it too (and stays archived); a deleted one takes it and comes back (deletedAt 0).
 */
function updateWholeCard(store: DeckStore, stack: Stack, card: Card, body: Body) {
  const title = requireText(body, 'title');
  const type = requireText(body, 'type');
  requireText(body, 'owner');
  Object.assign(card, {
    title,
    type,
    stackId: stack.id,
    description: str(body.description, ''),
    order: num(body.order, 0),
    duedate: parseDuedate(body.duedate),
    done: typeof body.done === 'string' && body.done !== '' ? body.done : null,
    // unverified: an archived flag in the body is taken (source: nextcloud/deck CardService::update()).
    archived: typeof body.archived === 'boolean' ? body.archived : card.archived,
    deletedAt: 0,
  });
  return store.describeCard(card);
}

function assignUser(store: DeckStore, user: DoubleAccount, board: Board, card: Card, userId: string) {
  if (!store.participants(board).includes(userId)) throw new DeckError(400, 'The user is not part of the board');
  // unverified: the message of the 400 for assigning twice (source: nextcloud/deck AssignmentService.php).
  if (card.assigned.some((a) => a.participant.uid === userId))
    throw new DeckError(400, 'The user is already assigned to the card');
  const assignment = {
    id: store.newId(),
    participant: { uid: userId, displayname: userId === user.id ? user.displayName : userId },
  };
  card.assigned.push(assignment);
  return describeAssignment(card, assignment);
}

/** A 405 (a route that exists with other methods): Deck answers it with an empty body. */
const notAllowed = () => new DeckError(405, '');

/**
 * Deck's answer to an unexpected failure (debug off). unverified: the wording after "Please contact" (source:
 * nextcloud/deck lib/Middleware/ExceptionMiddleware.php).
 */
const internalServerError = () =>
  new DeckError(
    500,
    'Internal server error: Please contact the server administrator if this error reappears multiple times, please ' +
      'include the request ID "double" below in your report.',
  );
