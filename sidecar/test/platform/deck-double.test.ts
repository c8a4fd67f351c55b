// The deck app of the platform double behaves as platform-api.md says Deck 1.16 does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp } from '../../../test/platform/apps/deck.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const PASSWORD = 'DDDDD-DDDDD-DDDDD-DDDDD-DDDDD';
let double: PlatformDouble;
let rest: string;

beforeAll(async () => {
  double = await startPlatformDouble({
    users: [
      { id: 'dora', appPasswords: [PASSWORD] },
      { id: 'eve', appPasswords: ['EEEEE-EEEEE-EEEEE-EEEEE-EEEEE'] },
    ],
    apps: [createDeckApp()],
  });
  rest = `${double.url}/index.php/apps/deck/api/v1.0`;
});
afterAll(() => double.close());

const headers = (user = 'dora', password = PASSWORD) => ({
  authorization: basicAuth(user, password),
  'ocs-apirequest': 'true',
  accept: 'application/json',
  'content-type': 'application/json',
});
const send = async <T = unknown>(method: string, path: string, body?: unknown) => {
  const response = await fetch(`${rest}${path}`, { method, headers: headers(), body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as T };
};
type Stack = { id: number; title: string; cards: { id: number; title: string; order: number }[] };

async function newBoardWithCard() {
  const board = (
    await send<{ id: number; labels: { id: number }[] }>('POST', '/boards', { title: 'B', color: 'ff0000' })
  ).body;
  const todo = (await send<Stack>('POST', `/boards/${board.id}/stacks`, { title: 'Todo', order: 0 })).body;
  const done = (await send<Stack>('POST', `/boards/${board.id}/stacks`, { title: 'Done', order: 1 })).body;
  const card = (
    await send<{ id: number }>('POST', `/boards/${board.id}/stacks/${todo.id}/cards`, { title: 'Task', type: 'plain' })
  ).body;
  return { board, todo, done, card, cardPath: `/boards/${board.id}/stacks/${todo.id}/cards/${card.id}` };
}

describe('deck double', () => {
  it('creates a Welcome board on the first Deck call of a user', async () => {
    const response = await send<{ title: string }[]>('GET', '/boards');

    expect(response.status).toBe(200);
    expect(response.body.map((board) => board.title)).toEqual(['Welcome to Nextcloud Deck!']);
  });

  it('publishes the deck capability', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/capabilities?format=json`, { headers: headers() });

    const body = (await response.json()) as { ocs: { data: { capabilities: Record<string, unknown> } } };
    expect(body.ocs.data.capabilities.deck).toEqual({ version: '1.16.0', canCreateBoards: true });
  });

  it('answers boards under the OCS prefix with 404, as Deck 1.16 does', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/apps/deck/api/v1.0/boards?format=json`, {
      headers: headers(),
    });

    expect(response.status).toBe(404);
  });

  it('refuses REST calls without the OCS-APIRequest header', async () => {
    const response = await fetch(`${rest}/boards`, { headers: { authorization: basicAuth('dora', PASSWORD) } });

    expect(response.status).toBe(412);
  });

  it('resets fields left out of a card PUT, which takes the whole card', async () => {
    const { cardPath } = await newBoardWithCard();
    await send('PUT', cardPath, { title: 'Task', type: 'plain', owner: 'dora', description: 'details' });

    const response = await send<{ description: string; title: string }>('PUT', cardPath, {
      title: 'Renamed',
      type: 'plain',
      owner: 'dora',
    });

    expect(response.body).toMatchObject({ title: 'Renamed', description: '' });
  });

  it('answers a card PUT without owner with 400', async () => {
    const { cardPath } = await newBoardWithCard();

    const response = await send<{ message: string }>('PUT', cardPath, { title: 'x', type: 'plain' });

    expect(response).toEqual({ status: 400, body: { status: 400, message: 'owner must be provided' } });
  });

  it('moves a card to another stack with reorder', async () => {
    const { board, done, card, cardPath } = await newBoardWithCard();

    const response = await send<{ id: number; stackId: number }[]>('PUT', `${cardPath}/reorder`, {
      order: 0,
      stackId: done.id,
    });

    expect(response.body).toEqual([expect.objectContaining({ id: card.id, stackId: done.id })]);
    const stacks = (await send<Stack[]>('GET', `/boards/${board.id}/stacks`)).body;
    expect(stacks.find((s) => s.id === done.id)?.cards.map((c) => c.id)).toEqual([card.id]);
  });

  it('assigns labels and users, refusing users who are not on the board', async () => {
    const { board, cardPath } = await newBoardWithCard();
    const labelId = board.labels[0]!.id;

    await send('PUT', `${cardPath}/assignLabel`, { labelId });
    await send('PUT', `${cardPath}/assignUser`, { userId: 'dora' });
    const stranger = await send('PUT', `${cardPath}/assignUser`, { userId: 'eve' });

    const card = (
      await send<{ labels: { id: number }[]; assignedUsers: { participant: { uid: string } }[] }>('GET', cardPath)
    ).body;
    expect(card.labels.map((l) => l.id)).toEqual([labelId]);
    expect(card.assignedUsers.map((a) => a.participant.uid)).toEqual(['dora']);
    expect(stranger.status).toBe(400);
  });

  it('hides archived cards from the stacks and answers 404 for deleted ones', async () => {
    const { board, todo, cardPath } = await newBoardWithCard();

    await send('PUT', `${cardPath}/archive`);
    const stacks = (await send<Stack[]>('GET', `/boards/${board.id}/stacks`)).body;
    await send('DELETE', cardPath);

    expect(stacks.find((s) => s.id === todo.id)?.cards).toEqual([]);
    expect((await send('GET', cardPath)).status).toBe(404);
  });

  it('keeps boards private: another user gets 403', async () => {
    const { board } = await newBoardWithCard();

    const response = await fetch(`${rest}/boards/${board.id}`, {
      headers: headers('eve', 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE'),
    });

    expect(response.status).toBe(403);
  });

  it('serves card comments under the OCS prefix in the OCS envelope', async () => {
    const { card } = await newBoardWithCard();
    const url = `${double.url}/ocs/v2.php/apps/deck/api/v1.0/cards/${card.id}/comments?format=json`;
    await fetch(url, { method: 'POST', headers: headers(), body: JSON.stringify({ message: 'hello' }) });

    const response = await fetch(url, { headers: headers() });

    const body = (await response.json()) as { ocs: { meta: { statuscode: number }; data: unknown[] } };
    expect(body.ocs.meta.statuscode).toBe(200);
    expect(body.ocs.data).toEqual([expect.objectContaining({ message: 'hello', actorId: 'dora', objectId: card.id })]);
  });
});
