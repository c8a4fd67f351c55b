// The deck app of the platform double behaves as platform-api.md says Deck 1.16 does, one test per fact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp } from '../../../test/platform/apps/deck.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const PASSWORD = 'DDDDD-DDDDD-DDDDD-DDDDD-DDDDD';
const EVE = 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE';
let double: PlatformDouble;
let rest: string;

beforeAll(async () => {
  double = await startPlatformDouble({
    users: [
      { id: 'dora', appPasswords: [PASSWORD] },
      { id: 'eve', appPasswords: [EVE] },
    ],
    apps: [createDeckApp()],
  });
  rest = `${double.url}/index.php/apps/deck/api/v1.0`;
});
afterAll(() => double.close());

type Answer<T> = { status: number; body: T };
const send = async <T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> => {
  const response = await fetch(`${rest}${path}`, {
    method,
    headers: { authorization: basicAuth('dora', PASSWORD), 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
};
const ocs = (path: string, init: RequestInit = {}) =>
  fetch(`${double.url}/ocs/v2.php/apps/deck/api/v1.0${path}?format=json`, {
    ...init,
    headers: {
      authorization: basicAuth('dora', PASSWORD),
      'ocs-apirequest': 'true',
      'content-type': 'application/json',
    },
  });
type Card = { id: number; stackId: number; title: string; order: number; description: string; duedate: unknown };
type Stack = { id: number; title: string; cards?: Card[]; deletedAt: number };
type Board = { id: number; title: string; deletedAt: number; labels: { id: number }[]; stacks?: Stack[] };

async function newBoardWithCard() {
  const board = (await send<Board>('POST', '/boards', { title: 'B', color: 'ff0000' })).body;
  const todo = (await send<Stack>('POST', `/boards/${board.id}/stacks`, { title: 'Todo', order: 0 })).body;
  const done = (await send<Stack>('POST', `/boards/${board.id}/stacks`, { title: 'Done', order: 1 })).body;
  const card = (await send<Card>('POST', `/boards/${board.id}/stacks/${todo.id}/cards`, { title: 'Task' })).body;
  return { board, todo, done, card, cardPath: `/boards/${board.id}/stacks/${todo.id}/cards/${card.id}` };
}
const stacksOf = async (boardId: number) => (await send<Stack[]>('GET', `/boards/${boardId}/stacks`)).body;

describe('deck double: boards', () => {
  it('creates a Welcome board on the first Deck call of a user', async () => {
    const response = await send<Board[]>('GET', '/boards');

    expect(response.body.map((board) => board.title)).toEqual(['Welcome to Nextcloud Deck!']);
  });

  it('publishes the deck capability with its API versions', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/capabilities?format=json`, {
      headers: { authorization: basicAuth('dora', PASSWORD), 'ocs-apirequest': 'true' },
    });

    const body = (await response.json()) as { ocs: { data: { capabilities: Record<string, unknown> } } };
    expect(body.ocs.data.capabilities.deck).toEqual({
      version: '1.16.7',
      canCreateBoards: true,
      apiVersions: ['1.0', '1.1'],
    });
  });

  it('accepts Basic auth without the OCS-APIRequest header', async () => {
    const response = await fetch(`${rest}/boards`, { headers: { authorization: basicAuth('dora', PASSWORD) } });

    expect(response.status).toBe(200);
  });

  it('serves the same API under v1.1', async () => {
    const response = await fetch(`${double.url}/index.php/apps/deck/api/v1.1/boards`, {
      headers: { authorization: basicAuth('dora', PASSWORD) },
    });

    expect(response.status).toBe(200);
  });

  it('answers a create with 200 and the object, and gives a new board 4 default labels', async () => {
    const response = await send<Board>('POST', '/boards', { title: 'Fresh', color: '00ff00' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: 'Fresh', color: '00ff00' });
    expect(response.body.labels).toHaveLength(4);
  });

  it('answers a missing title with 400 "title must be provided and must be not empty"', async () => {
    const response = await send('POST', '/boards', { title: '', color: 'ff0000' });

    expect(response).toEqual({
      status: 400,
      body: { status: 400, message: 'title must be provided and must be not empty' },
    });
  });

  it('answers an unknown board with 403 "Permission denied", never 404', async () => {
    const response = await send('GET', '/boards/987654');

    expect(response).toEqual({ status: 403, body: { status: 403, message: 'Permission denied' } });
  });

  it('answers another user\'s board with 403 "Permission denied"', async () => {
    const { board } = await newBoardWithCard();

    const response = await fetch(`${rest}/boards/${board.id}`, { headers: { authorization: basicAuth('eve', EVE) } });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ status: 403, message: 'Permission denied' });
  });

  it('answers If-Modified-Since on GET /boards with 500', async () => {
    const response = await send('GET', '/boards', undefined, { 'if-modified-since': 'Mon, 01 Jan 2024 00:00:00 GMT' });

    expect(response.status).toBe(500);
  });

  it('lists soft-deleted boards too, with deletedAt set, and undo_delete restores them', async () => {
    const { board } = await newBoardWithCard();

    const deleted = await send<Board>('DELETE', `/boards/${board.id}`);
    const listed = (await send<Board[]>('GET', '/boards')).body.find((b) => b.id === board.id);
    const restored = await send<Board>('POST', `/boards/${board.id}/undo_delete`);

    expect(deleted.body.deletedAt).toBeGreaterThan(0);
    expect(listed?.deletedAt).toBeGreaterThan(0);
    expect(restored.body.deletedAt).toBe(0);
  });

  it('answers GET /boards/{b} with labels, acl, users, permissions and its stacks without cards', async () => {
    const { board, todo } = await newBoardWithCard();

    const response = await send<Board & Record<string, unknown>>('GET', `/boards/${board.id}`);

    expect(Object.keys(response.body)).toEqual(expect.arrayContaining(['labels', 'acl', 'users', 'permissions']));
    expect(response.body.stacks?.map((s) => s.id)).toContain(todo.id);
    expect(response.body.stacks?.every((s) => s.cards === undefined)).toBe(true);
  });

  it('has no label list route: GET /boards/{b}/labels answers 405', async () => {
    const { board } = await newBoardWithCard();

    const response = await send('GET', `/boards/${board.id}/labels`);

    expect(response.status).toBe(405);
  });
});

describe('deck double: stacks and cards', () => {
  it('lists stacks with their cards, leaving the cards key out for an empty stack', async () => {
    const { board, todo, done, card } = await newBoardWithCard();

    const stacks = await stacksOf(board.id);

    expect(stacks.find((s) => s.id === todo.id)?.cards?.map((c) => c.id)).toEqual([card.id]);
    expect(stacks.find((s) => s.id === done.id)).not.toHaveProperty('cards');
  });

  it('lists archived cards under stacks/archived and hides them from the stacks', async () => {
    const { board, todo, card, cardPath } = await newBoardWithCard();

    await send('PUT', `${cardPath}/archive`);
    const active = await stacksOf(board.id);
    const archived = (await send<Stack[]>('GET', `/boards/${board.id}/stacks/archived`)).body;

    expect(active.find((s) => s.id === todo.id)).not.toHaveProperty('cards');
    expect(archived.find((s) => s.id === todo.id)?.cards?.map((c) => c.id)).toEqual([card.id]);
  });

  it('soft-deletes a stack and returns it with deletedAt', async () => {
    const { board, done } = await newBoardWithCard();

    const response = await send<Stack>('DELETE', `/boards/${board.id}/stacks/${done.id}`);

    expect(response.body.deletedAt).toBeGreaterThan(0);
    expect((await stacksOf(board.id)).map((s) => s.id)).not.toContain(done.id);
  });

  it('reads a card without checking the board and stack of the URL', async () => {
    const { card } = await newBoardWithCard();

    const response = await send<Card>('GET', `/boards/1/stacks/1/cards/${card.id}`);

    expect(response).toMatchObject({ status: 200, body: { id: card.id } });
  });

  it('answers an unknown card with 403 "Permission denied" and a deleted one with 403 "Card is deleted"', async () => {
    const { board, todo, cardPath } = await newBoardWithCard();

    await send('DELETE', cardPath);
    const deleted = await send('GET', cardPath);
    const unknown = await send('GET', `/boards/${board.id}/stacks/${todo.id}/cards/987654`);

    expect(deleted).toEqual({ status: 403, body: { status: 403, message: 'Card is deleted' } });
    expect(unknown).toEqual({ status: 403, body: { status: 403, message: 'Permission denied' } });
  });

  it('takes the whole card on PUT: an omitted description becomes "", omitted duedate and done become null', async () => {
    const { cardPath } = await newBoardWithCard();
    await send('PUT', cardPath, {
      title: 'Task',
      type: 'plain',
      owner: 'dora',
      description: 'details',
      duedate: '2027-03-07T10:00:00+00:00',
    });

    const response = await send<Card & { done: unknown }>('PUT', cardPath, {
      title: 'Renamed',
      type: 'plain',
      owner: 'dora',
    });

    expect(response.body).toMatchObject({ title: 'Renamed', description: '', duedate: null, done: null });
  });

  it('answers a card PUT without owner with 400', async () => {
    const { cardPath } = await newBoardWithCard();

    const response = await send('PUT', cardPath, { title: 'x', type: 'plain' });

    expect(response).toEqual({
      status: 400,
      body: { status: 400, message: 'owner must be provided and must be not empty' },
    });
  });

  it('moves a card with PUT of the card under another stack of the URL', async () => {
    const { board, done, card } = await newBoardWithCard();

    const response = await send<Card>('PUT', `/boards/${board.id}/stacks/${done.id}/cards/${card.id}`, {
      title: 'Task',
      type: 'plain',
      owner: 'dora',
    });

    expect(response.body.stackId).toBe(done.id);
  });

  it('reorders into the stack of the URL, ignores a stackId in the body, renumbers and answers the stack cards', async () => {
    const { board, todo, done, card } = await newBoardWithCard();
    const other = (await send<Card>('POST', `/boards/${board.id}/stacks/${done.id}/cards`, { title: 'Other' })).body;

    const ignored = await send<Card[]>('PUT', `/boards/${board.id}/stacks/${todo.id}/cards/${card.id}/reorder`, {
      order: 0,
      stackId: done.id,
    });
    const moved = await send<Card[]>('PUT', `/boards/${board.id}/stacks/${done.id}/cards/${card.id}/reorder`, {
      order: 0,
    });

    expect(ignored.body.map((c) => [c.id, c.stackId])).toEqual([[card.id, todo.id]]);
    expect(moved.body.map((c) => [c.id, c.stackId, c.order])).toEqual([
      [card.id, done.id, 0],
      [other.id, done.id, 1],
    ]);
  });
});

describe('deck double: labels, users and comments on cards', () => {
  it('answers assignLabel and removeLabel with 200 null, idempotently', async () => {
    const { board, cardPath } = await newBoardWithCard();
    const labelId = board.labels[0]!.id;

    const first = await send('PUT', `${cardPath}/assignLabel`, { labelId });
    const second = await send('PUT', `${cardPath}/assignLabel`, { labelId });
    const card = (await send<{ labels: { id: number }[] }>('GET', cardPath)).body;

    expect([first, second]).toEqual([
      { status: 200, body: null },
      { status: 200, body: null },
    ]);
    expect(card.labels.map((l) => l.id)).toEqual([labelId]);
  });

  it('answers assignUser with the assignment and refuses a user not on the board with 400', async () => {
    const { card, cardPath } = await newBoardWithCard();

    const assigned = await send('PUT', `${cardPath}/assignUser`, { userId: 'dora' });
    const stranger = await send('PUT', `${cardPath}/assignUser`, { userId: 'eve' });

    expect(assigned.body).toMatchObject({ participant: { uid: 'dora' }, cardId: card.id, type: 0 });
    expect(stranger).toEqual({ status: 400, body: { status: 400, message: 'The user is not part of the board' } });
  });

  it('answers archive and unarchive with the card', async () => {
    const { cardPath } = await newBoardWithCard();

    const archived = await send<{ archived: boolean }>('PUT', `${cardPath}/archive`);
    const unarchived = await send<{ archived: boolean }>('PUT', `${cardPath}/unarchive`);

    expect([archived.body.archived, unarchived.body.archived]).toEqual([true, false]);
  });

  it('serves comments only under OCS: the REST path answers 405', async () => {
    const { card } = await newBoardWithCard();

    const response = await send('GET', `/cards/${card.id}/comments`);

    expect(response.status).toBe(405);
  });

  it('adds and lists card comments under the OCS prefix in the OCS envelope', async () => {
    const { card } = await newBoardWithCard();
    const posted = await ocs(`/cards/${card.id}/comments`, {
      method: 'POST',
      body: JSON.stringify({ message: 'hello' }),
    });

    const listed = (await (await ocs(`/cards/${card.id}/comments`)).json()) as { ocs: { data: unknown[] } };

    const created = ((await posted.json()) as { ocs: { data: Record<string, unknown> } }).ocs.data;
    expect(Object.keys(created)).toEqual(
      expect.arrayContaining([
        'id',
        'objectId',
        'message',
        'actorId',
        'actorType',
        'actorDisplayName',
        'creationDateTime',
        'mentions',
      ]),
    );
    expect(listed.ocs.data).toEqual([
      expect.objectContaining({ message: 'hello', actorId: 'dora', objectId: card.id }),
    ]);
  });

  it('answers boards under the OCS prefix with 404 and statuscode 998', async () => {
    const response = await ocs('/boards');

    const body = (await response.json()) as { ocs: { meta: { statuscode: number } } };
    expect(response.status).toBe(404);
    expect(body.ocs.meta.statuscode).toBe(998);
  });
});
