// The deck app of the platform double behaves as docs/nextcloud-behaviour.md says Deck 1.16 does, one test per fact:
// the app, boards and stacks (cards, labels and comments: deck-card-double.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp } from '../../../test/platform/apps/deck.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import {
  createDeckDoubleClient,
  type DeckBoard,
  type DeckDoubleClient,
  type DeckStack,
} from '../support/deck-double-client.js';
import { basicAuth } from '../support/sidecar.js';

const PASSWORD = 'DDDDD-DDDDD-DDDDD-DDDDD-DDDDD';
const EVE = 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE';
let double: PlatformDouble;
let rest: string;
let dora: DeckDoubleClient;

beforeAll(async () => {
  double = await startPlatformDouble({
    users: [
      { id: 'dora', appPasswords: [PASSWORD] },
      { id: 'eve', appPasswords: [EVE] },
    ],
    apps: [createDeckApp()],
  });
  rest = `${double.url}/index.php/apps/deck/api/v1.0`;
  dora = createDeckDoubleClient(double.url, 'dora', PASSWORD);
});
afterAll(() => double.close());

const send: DeckDoubleClient['send'] = (...args) => dora.send(...args);
const stacksOf = async (boardId: number) => (await send<DeckStack[]>('GET', `/boards/${boardId}/stacks`)).body;

describe('deck double: the app', () => {
  it('creates a Welcome board with 4 stacks, 5 cards and 5 labels on the first Deck call of a user', async () => {
    const [welcome] = (await send<DeckBoard[]>('GET', '/boards')).body;

    const stacks = await stacksOf(welcome!.id);

    expect(welcome?.title).toBe('Welcome to Nextcloud Deck!');
    expect(stacks.map((stack) => stack.title)).toEqual([
      'Custom lists - click to rename!',
      'To Do',
      'In Progress',
      'Done',
    ]);
    expect(stacks.flatMap((stack) => stack.cards ?? [])).toHaveLength(5);
    expect(welcome?.labels).toHaveLength(5);
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

  it('answers boards under the OCS prefix with 404 and statuscode 998', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/apps/deck/api/v1.0/boards?format=json`, {
      headers: { authorization: basicAuth('dora', PASSWORD), 'ocs-apirequest': 'true' },
    });

    const body = (await response.json()) as { ocs: { meta: { statuscode: number } } };
    expect(response.status).toBe(404);
    expect(body.ocs.meta.statuscode).toBe(998);
  });
});

describe('deck double: boards', () => {
  it('answers a create with 200 and the object, and gives a new board 4 default labels', async () => {
    const response = await send<DeckBoard>('POST', '/boards', { title: 'Fresh', color: '00ff00' });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: 'Fresh', color: '00ff00' });
    expect(response.body.labels.map((label) => label.title)).toEqual([
      'Finished',
      'To review',
      'Action needed',
      'Later',
    ]);
  });

  it('answers a missing title with 400 "title must be provided and must be not empty"', async () => {
    const response = await send('POST', '/boards', { title: '', color: 'ff0000' });

    expect([response.status, response.body]).toEqual([
      400,
      { status: 400, message: 'title must be provided and must be not empty' },
    ]);
  });

  it('answers a board without a color with 400 "color must be provided and must be not empty"', async () => {
    const response = await send('POST', '/boards', { title: 'No colour' });

    expect([response.status, response.body]).toEqual([
      400,
      { status: 400, message: 'color must be provided and must be not empty' },
    ]);
  });

  it('answers an unknown board with 403 "Permission denied", never 404', async () => {
    const response = await send('GET', '/boards/987654');

    expect([response.status, response.body]).toEqual([403, { status: 403, message: 'Permission denied' }]);
  });

  it('answers another user\'s board with 403 "Permission denied"', async () => {
    const { board } = await dora.newBoardWithCard();

    const response = await fetch(`${rest}/boards/${board.id}`, { headers: { authorization: basicAuth('eve', EVE) } });

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ status: 403, message: 'Permission denied' });
  });

  it('answers If-Modified-Since on GET /boards with 500 and the generic "Internal server error" message', async () => {
    const response = await send<{ message: string }>('GET', '/boards', undefined, {
      'if-modified-since': 'Mon, 01 Jan 2024 00:00:00 GMT',
    });

    expect(response.status).toBe(500);
    expect(response.body.message).toMatch(/^Internal server error: Please contact/);
  });

  it('lists soft-deleted boards too, with deletedAt set', async () => {
    const { board } = await dora.newBoardWithCard();

    const deleted = await send<DeckBoard>('DELETE', `/boards/${board.id}`);
    const listed = (await send<DeckBoard[]>('GET', '/boards')).body.find((b) => b.id === board.id);

    expect(deleted.body.deletedAt).toBeGreaterThan(0);
    expect(listed?.deletedAt).toBeGreaterThan(0);
  });

  it('answers a soft-deleted board, its stacks, its cards and undo_delete with 403 "Permission denied"', async () => {
    const { board, cardPath } = await dora.newBoardWithCard();
    await send('DELETE', `/boards/${board.id}`);

    const answers = await Promise.all([
      send('GET', `/boards/${board.id}`),
      send('GET', `/boards/${board.id}/stacks`),
      send('GET', cardPath),
      send('POST', `/boards/${board.id}/undo_delete`),
    ]);

    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(
      Array(4).fill([403, { status: 403, message: 'Permission denied' }]),
    );
  });

  it('answers GET /boards/{b} with labels, acl, users, permissions and its stacks without cards', async () => {
    const { board, todo } = await dora.newBoardWithCard();

    const response = await send<DeckBoard & Record<string, unknown>>('GET', `/boards/${board.id}`);

    expect(Object.keys(response.body)).toEqual(expect.arrayContaining(['labels', 'acl', 'users', 'permissions']));
    expect(response.body.stacks?.map((s) => s.id)).toContain(todo.id);
    expect(response.body.stacks?.every((s) => s.cards === undefined)).toBe(true);
  });

  it('has no label list route: GET /boards/{b}/labels answers 405 with an empty body', async () => {
    const { board } = await dora.newBoardWithCard();

    const response = await send('GET', `/boards/${board.id}/labels`);

    expect([response.status, response.body]).toEqual([405, '']);
  });
});

describe('deck double: stacks', () => {
  it('lists stacks with their cards, leaving the cards key out for an empty stack', async () => {
    const { board, todo, done, card } = await dora.newBoardWithCard();

    const stacks = await stacksOf(board.id);

    expect(stacks.find((s) => s.id === todo.id)?.cards?.map((c) => c.id)).toEqual([card.id]);
    expect(stacks.find((s) => s.id === done.id)).not.toHaveProperty('cards');
  });

  it('does not sort the stacks by order', async () => {
    const board = (await send<DeckBoard>('POST', '/boards', { title: 'Orders', color: 'ff0000' })).body;
    const later = (await send<DeckStack>('POST', `/boards/${board.id}/stacks`, { title: 'Later', order: 5 })).body;
    const first = (await send<DeckStack>('POST', `/boards/${board.id}/stacks`, { title: 'First', order: 1 })).body;

    const stacks = await stacksOf(board.id);

    expect(stacks.map((stack) => [stack.id, stack.order])).toEqual([
      [later.id, 5],
      [first.id, 1],
    ]);
  });

  it('answers a new stack with lastModified 0', async () => {
    const { board } = await dora.newBoardWithCard();

    const response = await send<{ lastModified: number }>('POST', `/boards/${board.id}/stacks`, { title: 'New' });

    expect(response.body.lastModified).toBe(0);
  });

  it('lists archived cards under stacks/archived and hides them from the stacks', async () => {
    const { board, todo, card, cardPath } = await dora.newBoardWithCard();

    await send('PUT', `${cardPath}/archive`);
    const active = await stacksOf(board.id);
    const archived = (await send<DeckStack[]>('GET', `/boards/${board.id}/stacks/archived`)).body;

    expect(active.find((s) => s.id === todo.id)).not.toHaveProperty('cards');
    expect(archived.find((s) => s.id === todo.id)?.cards?.map((c) => c.id)).toEqual([card.id]);
  });

  it('soft-deletes a stack, returns it with deletedAt, and keeps it readable by id', async () => {
    const { board, done } = await dora.newBoardWithCard();

    const deleted = await send<DeckStack>('DELETE', `/boards/${board.id}/stacks/${done.id}`);
    const read = await send<DeckStack>('GET', `/boards/${board.id}/stacks/${done.id}`);

    expect(deleted.body.deletedAt).toBeGreaterThan(0);
    expect([read.status, read.body.deletedAt]).toEqual([200, deleted.body.deletedAt]);
    expect((await stacksOf(board.id)).map((s) => s.id)).not.toContain(done.id);
  });

  it('reads a stack under another visible board in the URL', async () => {
    const { todo } = await dora.newBoardWithCard();
    const { board: other } = await dora.newBoardWithCard();

    const response = await send<DeckStack>('GET', `/boards/${other.id}/stacks/${todo.id}`);

    expect([response.status, response.body.id]).toEqual([200, todo.id]);
  });
});
