// The deck app of the platform double (Deck 1.16): boards, stacks, cards and labels under the REST prefixes
// /index.php/apps/deck/api/v1.0 and v1.1 (Basic auth, no OCS-APIRequest needed), card comments only under the OCS
// prefix (where boards answer 404), and a "Welcome" board made by each user's first Deck call.
import type { ServerResponse } from 'node:http';
import { sendJson, sendNotLoggedIn, type DoubleAccount, type DoubleApp, type DoubleRequest } from '../double-app.js';
import { respondOcs } from '../ocs-envelope.js';
import { type Body, num, requireText } from './deck/deck-input.js';
import { routeDeckRest } from './deck/deck-rest.js';
import { describeComment } from './deck/deck-json.js';
import { createDeckStore, DeckError, type Comment, type DeckStore } from './deck/deck-store.js';

export interface DeckDouble extends DoubleApp {
  /** Gives another user access to a board with the edit permission (as sharing it in Deck would). */
  shareBoard(boardId: number, userId: string): void;
  /** Attaches a file to a card (the double serves no uploads). */
  attachFile(cardId: number, file: { type: 'deck_file' | 'file'; name: string; size: number; mimetype: string }): void;
}

const REST = /^\/index\.php\/apps\/deck\/api\/v1\.([01])(\/.*)$/;
const OCS = '/ocs/v2.php/apps/deck/api/v1.0';

export function createDeckApp(): DeckDouble {
  const store = createDeckStore();
  return {
    id: 'deck',
    capabilities: () => ({ version: '1.16.7', canCreateBoards: true, apiVersions: ['1.0', '1.1'] }),
    shareBoard: (boardId, userId) =>
      void store.boards.get(boardId)?.acl.push({
        id: store.newId(),
        type: 0,
        participant: userId,
        permissionEdit: true,
        permissionShare: false,
        permissionManage: false,
      }),
    attachFile: (cardId, file) => {
      const id = store.newId();
      store.attachments.set(id, { id, cardId, ...file });
    },
    async handle(req, res) {
      const rest = REST.exec(req.path);
      const isOcs = req.path.startsWith(`${OCS}/`);
      if (!rest && !isOcs) return false;
      // OCS calls without a logged-in user never get here: the platform double answers them.
      if (!req.user) {
        sendNotLoggedIn(res);
        return true;
      }
      store.rememberAccounts(req.accounts?.());
      store.welcome(req.user);
      if (isOcs) return routeOcs(store, req, res, req.user, req.path.slice(OCS.length));
      try {
        const body = req.method === 'GET' || req.method === 'DELETE' ? {} : (((await req.json()) ?? {}) as Body);
        const route = rest?.[2] ?? '/';
        const answer = routeDeckRest(store, req.user, {
          method: req.method,
          route,
          apiVersion: `1.${rest?.[1] ?? '0'}`,
          query: req.url.searchParams,
          headers: req.headers,
          body,
        });
        sendJson(res, 200, answer, cardEtagHeader(req.method, route, answer));
      } catch (error) {
        if (!(error instanceof DeckError)) throw error;
        if (error.status === 405) {
          // A 405 has an empty body.
          res.writeHead(405);
          res.end();
        } else sendJson(res, error.status, { status: error.status, message: error.message });
      }
      return true;
    },
  };
}

/**
 * GET of a card carries the card's ETag as a header. unverified: the header's value is the body's ETag in quotes
 * (source: nextcloud/deck lib/Controller/CardApiController.php, setETag()).
 */
function cardEtagHeader(method: string, route: string, answer: unknown): Record<string, string> {
  const etag = (answer as { ETag?: unknown } | null)?.ETag;
  if (method !== 'GET' || !/\/cards\/\d+$/.test(route) || typeof etag !== 'string') return {};
  return { etag: `"${etag}"` };
}

/** Deck's OCS routes: its config and card comments; anything else (boards included) is not handled here (404). */
async function routeOcs(
  store: DeckStore,
  req: DoubleRequest,
  res: ServerResponse,
  user: DoubleAccount,
  route: string,
): Promise<boolean> {
  const answer = (status: number, data: unknown) => respondOcs(req.raw, res, req.url, 2, { status, data });
  if (route === '/config' && req.method === 'GET') {
    answer(200, { calendar: true, cardDetailsInModal: true, cardIdBadge: false, groupLimit: [] });
    return true;
  }
  const m = /^\/cards\/(\d+)\/comments(?:\/(\d+))?$/.exec(route);
  if (!m) return false;
  try {
    const card = store.cardFor(user, Number(m[1]));
    if (m[2] !== undefined) answer(200, await changeComment(store, req, user, card.id, Number(m[2])));
    else if (req.method === 'GET') answer(200, listComments(store, card.id, req.url.searchParams));
    else if (req.method === 'POST') answer(200, await addComment(store, req, user, card.id));
    // unverified: an OCS comments route with another method is 405 in the OCS envelope (source: none).
    else throw new DeckError(405, 'Method not allowed');
  } catch (error) {
    if (!(error instanceof DeckError)) throw error;
    respondOcs(req.raw, res, req.url, 2, { status: error.status, message: error.message });
  }
  return true;
}

function listComments(store: DeckStore, cardId: number, params: URLSearchParams) {
  const limit = num(params.get('limit') ?? 20, 20);
  const offset = num(params.get('offset') ?? 0, 0);
  const list = [...store.comments.values()].filter((x) => x.cardId === cardId).sort((a, b) => b.id - a.id);
  return list.slice(offset, offset + limit).map((comment) => describeComment(comment, parentOf(store, comment)));
}

async function addComment(store: DeckStore, req: DoubleRequest, user: DoubleAccount, cardId: number) {
  const body = ((await req.json()) ?? {}) as Body;
  const comment: Comment = {
    id: store.newId(),
    cardId,
    message: commentMessage(body),
    actor: store.person(user),
    parentId: typeof body.parentId === 'number' ? body.parentId : null,
    creationDateTime: new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00'),
  };
  store.comments.set(comment.id, comment);
  return describeComment(comment, parentOf(store, comment));
}

async function changeComment(store: DeckStore, req: DoubleRequest, user: DoubleAccount, cardId: number, id: number) {
  const comment = store.comments.get(id);
  if (!comment || comment.cardId !== cardId) throw new DeckError(404, 'No comment found.');
  // unverified: editing another user's comment is 403, and its message (source: nextcloud/deck
  // lib/Service/CommentService.php; not verified on 32.0.2).
  if (comment.actor.uid !== user.id) throw new DeckError(403, 'Only authors are allowed to edit their comment.');
  if (req.method === 'PUT') comment.message = commentMessage(((await req.json()) ?? {}) as Body);
  else if (req.method === 'DELETE') store.comments.delete(id);
  else throw new DeckError(405, 'Method not allowed');
  return req.method === 'DELETE' ? [] : describeComment(comment, parentOf(store, comment));
}

/** The comment a reply answers, which Deck puts whole under `replyTo`. */
function parentOf(store: DeckStore, comment: Comment): Comment | undefined {
  return comment.parentId === null ? undefined : store.comments.get(comment.parentId);
}

function commentMessage(body: Body): string {
  const message = requireText(body, 'message');
  if ([...message].length > 1000) throw new DeckError(400, 'Message exceeds allowed character limit of 1000');
  return message;
}
