// A small HTTP client for the deck double's tests: REST calls as one user (any body, an empty one included) and a
// fresh board with two stacks and a card to act on.
import { basicAuth } from './sidecar.js';

export type DeckAnswer<T> = { status: number; body: T; headers: Headers };
export type DeckCard = {
  id: number;
  stackId: number;
  title: string;
  order: number;
  description: string;
  duedate: unknown;
  archived: boolean;
  deletedAt: number;
  labels: { id: number; title: string }[];
};
export type DeckStack = { id: number; title: string; order: number; cards?: DeckCard[]; deletedAt: number };
export type DeckBoard = {
  id: number;
  title: string;
  deletedAt: number;
  labels: { id: number; title: string }[];
  stacks?: DeckStack[];
};

export interface DeckDoubleClient {
  send<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<DeckAnswer<T>>;
  newBoardWithCard(): Promise<{
    board: DeckBoard;
    todo: DeckStack;
    done: DeckStack;
    card: DeckCard;
    cardPath: string;
  }>;
}

/** `baseUrl` is the double's URL; calls go to Deck's REST API v1.0 as `user` with `password`. */
export function createDeckDoubleClient(baseUrl: string, user: string, password: string): DeckDoubleClient {
  const rest = `${baseUrl}/index.php/apps/deck/api/v1.0`;
  const send = async <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${rest}${path}`, {
      method,
      headers: { authorization: basicAuth(user, password), 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text === '' ? '' : JSON.parse(text)) as T, headers: response.headers };
  };
  return {
    send,
    async newBoardWithCard() {
      const board = (await send<DeckBoard>('POST', '/boards', { title: 'B', color: 'ff0000' })).body;
      const todo = (await send<DeckStack>('POST', `/boards/${board.id}/stacks`, { title: 'Todo', order: 0 })).body;
      const done = (await send<DeckStack>('POST', `/boards/${board.id}/stacks`, { title: 'Done', order: 1 })).body;
      const cardsPath = `/boards/${board.id}/stacks/${todo.id}/cards`;
      const card = (await send<DeckCard>('POST', cardsPath, { title: 'Task' })).body;
      return { board, todo, done, card, cardPath: `${cardsPath}/${card.id}` };
    },
  };
}
