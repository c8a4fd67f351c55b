// The deck app of the platform double behaves as docs/nextcloud-behaviour.md says Deck 1.16 does with cards, one test
// per fact: reading, updating, moving, labels, assignments and comments (boards and stacks: deck-double.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp } from '../../../test/platform/apps/deck.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { createDeckDoubleClient, type DeckCard, type DeckDoubleClient } from '../support/deck-double-client.js';
import { basicAuth } from '../support/sidecar.js';

const PASSWORD = 'DDDDD-DDDDD-DDDDD-DDDDD-DDDDD';
const WHOLE_CARD = { title: 'Task', type: 'plain', owner: 'dora' };
let double: PlatformDouble;
let dora: DeckDoubleClient;

beforeAll(async () => {
  double = await startPlatformDouble({ users: [{ id: 'dora', appPasswords: [PASSWORD] }], apps: [createDeckApp()] });
  dora = createDeckDoubleClient(double.url, 'dora', PASSWORD);
});
afterAll(() => double.close());

const send: DeckDoubleClient['send'] = (...args) => dora.send(...args);
const ocs = (path: string, init: RequestInit = {}) =>
  fetch(`${double.url}/ocs/v2.php/apps/deck/api/v1.0${path}?format=json`, {
    ...init,
    headers: {
      authorization: basicAuth('dora', PASSWORD),
      'ocs-apirequest': 'true',
      'content-type': 'application/json',
    },
  });
const postComment = async (cardId: number, body: Record<string, unknown>) =>
  (await ocs(`/cards/${cardId}/comments`, { method: 'POST', body: JSON.stringify(body) })).json() as Promise<{
    ocs: { meta: { message: string }; data: Record<string, unknown> };
  }>;

describe('deck double: cards', () => {
  it('reads a card without checking the board and stack of the URL', async () => {
    const { card } = await dora.newBoardWithCard();

    const response = await send<DeckCard>('GET', `/boards/999999/stacks/1/cards/${card.id}`);

    expect([response.status, response.body.id]).toEqual([200, card.id]);
  });

  it('answers GET of a card with an ETag header', async () => {
    const { cardPath } = await dora.newBoardWithCard();

    const response = await send('GET', cardPath);

    expect(response.headers.get('etag')).toMatch(/\S/);
  });

  it('acts on a card under another board in the URL (archive answers 200)', async () => {
    const { card } = await dora.newBoardWithCard();
    const other = await dora.newBoardWithCard();

    const response = await send<DeckCard>(
      'PUT',
      `/boards/${other.board.id}/stacks/${other.todo.id}/cards/${card.id}/archive`,
    );

    expect([response.status, response.body.archived, response.body.stackId]).toEqual([200, true, card.stackId]);
  });

  it('answers an unknown card with 403 "Permission denied" and a deleted one with 403 "Card is deleted"', async () => {
    const { board, todo, cardPath } = await dora.newBoardWithCard();

    await send('DELETE', cardPath);
    const deleted = await send('GET', cardPath);
    const unknown = await send('GET', `/boards/${board.id}/stacks/${todo.id}/cards/987654`);

    expect([deleted.status, deleted.body]).toEqual([403, { status: 403, message: 'Card is deleted' }]);
    expect([unknown.status, unknown.body]).toEqual([403, { status: 403, message: 'Permission denied' }]);
  });

  it('takes the whole card on PUT: an omitted description becomes "", omitted duedate and done become null', async () => {
    const { cardPath } = await dora.newBoardWithCard();
    await send('PUT', cardPath, { ...WHOLE_CARD, description: 'details', duedate: '2027-03-07T10:00:00+00:00' });

    const response = await send<DeckCard & { done: unknown }>('PUT', cardPath, { ...WHOLE_CARD, title: 'Renamed' });

    expect(response.body).toMatchObject({ title: 'Renamed', description: '', duedate: null, done: null });
  });

  it('answers a card PUT without owner with 400', async () => {
    const { cardPath } = await dora.newBoardWithCard();

    const response = await send('PUT', cardPath, { title: 'x', type: 'plain' });

    expect([response.status, response.body]).toEqual([
      400,
      { status: 400, message: 'owner must be provided and must be not empty' },
    ]);
  });

  it('answers PUT of an archived card with 200, the card staying archived', async () => {
    const { cardPath } = await dora.newBoardWithCard();
    await send('PUT', `${cardPath}/archive`);

    const response = await send<DeckCard>('PUT', cardPath, { ...WHOLE_CARD, title: 'Edited' });

    expect([response.status, response.body.title, response.body.archived]).toEqual([200, 'Edited', true]);
  });

  it('answers PUT of a deleted card with 200 and un-deletes it', async () => {
    const { cardPath } = await dora.newBoardWithCard();
    await send('DELETE', cardPath);

    const response = await send<DeckCard>('PUT', cardPath, WHOLE_CARD);
    const read = await send<DeckCard>('GET', cardPath);

    expect([response.status, response.body.deletedAt]).toEqual([200, 0]);
    expect([read.status, read.body.deletedAt]).toEqual([200, 0]);
  });

  it('moves a card with PUT of the card under another stack of the URL', async () => {
    const { board, done, card } = await dora.newBoardWithCard();

    const response = await send<DeckCard>('PUT', `/boards/${board.id}/stacks/${done.id}/cards/${card.id}`, WHOLE_CARD);

    expect(response.body.stackId).toBe(done.id);
  });

  it('reorders into the stack of the URL, ignores a stackId in the body, renumbers and answers the stack cards', async () => {
    const { board, todo, done, card } = await dora.newBoardWithCard();
    const other = (await send<DeckCard>('POST', `/boards/${board.id}/stacks/${done.id}/cards`, { title: 'Other' }))
      .body;

    const ignored = await send<DeckCard[]>('PUT', `/boards/${board.id}/stacks/${todo.id}/cards/${card.id}/reorder`, {
      order: 0,
      stackId: done.id,
    });
    const moved = await send<DeckCard[]>('PUT', `/boards/${board.id}/stacks/${done.id}/cards/${card.id}/reorder`, {
      order: 0,
    });

    expect(ignored.body.map((c) => [c.id, c.stackId])).toEqual([[card.id, todo.id]]);
    expect(moved.body.map((c) => [c.id, c.stackId, c.order])).toEqual([
      [card.id, done.id, 0],
      [other.id, done.id, 1],
    ]);
  });

  it('answers archive and unarchive with the card', async () => {
    const { cardPath } = await dora.newBoardWithCard();

    const archived = await send<DeckCard>('PUT', `${cardPath}/archive`);
    const unarchived = await send<DeckCard>('PUT', `${cardPath}/unarchive`);

    expect([archived.body.archived, unarchived.body.archived]).toEqual([true, false]);
  });
});

describe('deck double: labels and users on cards', () => {
  it('lists a label assigned twice twice (200 null each time), and one removeLabel takes both off', async () => {
    const { board, cardPath } = await dora.newBoardWithCard();
    const labelId = board.labels[0]!.id;

    const first = await send('PUT', `${cardPath}/assignLabel`, { labelId });
    const second = await send('PUT', `${cardPath}/assignLabel`, { labelId });
    const twice = (await send<DeckCard>('GET', cardPath)).body;
    await send('PUT', `${cardPath}/removeLabel`, { labelId });
    const none = (await send<DeckCard>('GET', cardPath)).body;

    expect([first.status, first.body, second.status, second.body]).toEqual([200, null, 200, null]);
    expect(twice.labels.map((l) => l.id)).toEqual([labelId, labelId]);
    expect(none.labels).toEqual([]);
  });

  it('answers a label of another board with 500 "Operation not allowed. Label does not exist."', async () => {
    const { cardPath } = await dora.newBoardWithCard();
    const { board: other } = await dora.newBoardWithCard();

    const response = await send('PUT', `${cardPath}/assignLabel`, { labelId: other.labels[0]!.id });

    expect([response.status, response.body]).toEqual([
      500,
      { status: 500, message: 'Operation not allowed. Label does not exist.' },
    ]);
  });

  it('answers an unknown label with 403 "Permission denied"', async () => {
    const { cardPath } = await dora.newBoardWithCard();

    const response = await send('PUT', `${cardPath}/assignLabel`, { labelId: 987654 });

    expect([response.status, response.body]).toEqual([403, { status: 403, message: 'Permission denied' }]);
  });

  it('answers assignUser with the assignment and refuses a user not on the board with 400', async () => {
    const { card, cardPath } = await dora.newBoardWithCard();

    const assigned = await send('PUT', `${cardPath}/assignUser`, { userId: 'dora' });
    const stranger = await send('PUT', `${cardPath}/assignUser`, { userId: 'eve' });

    expect(assigned.body).toMatchObject({ participant: { uid: 'dora' }, cardId: card.id, type: 0 });
    expect([stranger.status, stranger.body]).toEqual([
      400,
      { status: 400, message: 'The user is not part of the board' },
    ]);
  });

  it('answers unassigning a user who is not assigned with 404 "No assignment for {userId}found."', async () => {
    const { cardPath } = await dora.newBoardWithCard();

    const response = await send('PUT', `${cardPath}/unassignUser`, { userId: 'dora' });

    expect([response.status, response.body]).toEqual([404, { status: 404, message: 'No assignment for dorafound.' }]);
  });
});

describe('deck double: comments on cards', () => {
  it('serves comments only under OCS: the REST path answers 405 with an empty body', async () => {
    const { card } = await dora.newBoardWithCard();

    const response = await send('GET', `/cards/${card.id}/comments`);

    expect([response.status, response.body]).toEqual([405, '']);
  });

  it('adds and lists card comments under the OCS prefix in the OCS envelope', async () => {
    const { card } = await dora.newBoardWithCard();
    const posted = await postComment(card.id, { message: 'hello' });

    const listed = (await (await ocs(`/cards/${card.id}/comments`)).json()) as { ocs: { data: unknown[] } };

    expect(Object.keys(posted.ocs.data)).toEqual(
      expect.arrayContaining(['id', 'objectId', 'message', 'actorId', 'actorType', 'actorDisplayName']),
    );
    expect(listed.ocs.data).toEqual([
      expect.objectContaining({ message: 'hello', actorId: 'dora', objectId: card.id }),
    ]);
  });

  it('answers a reply with the whole parent comment under replyTo', async () => {
    const { card } = await dora.newBoardWithCard();
    const parent = (await postComment(card.id, { message: 'question' })).ocs.data;

    const reply = (await postComment(card.id, { message: 'answer', parentId: parent.id })).ocs.data;

    expect(reply.replyTo).toMatchObject({ id: parent.id, message: 'question', actorId: 'dora' });
  });

  it('answers a comment over 1000 characters with 400 "Message exceeds allowed character limit of 1000"', async () => {
    const { card } = await dora.newBoardWithCard();

    const response = await ocs(`/cards/${card.id}/comments`, {
      method: 'POST',
      body: JSON.stringify({ message: 'x'.repeat(1001) }),
    });

    const body = (await response.json()) as { ocs: { meta: { message: string } } };
    expect([response.status, body.ocs.meta.message]).toEqual([400, 'Message exceeds allowed character limit of 1000']);
  });

  it('answers an unknown comment with 404 "No comment found."', async () => {
    const { card } = await dora.newBoardWithCard();

    const response = await ocs(`/cards/${card.id}/comments/987654`, {
      method: 'PUT',
      body: JSON.stringify({ message: 'edit' }),
    });

    const body = (await response.json()) as { ocs: { meta: { message: string } } };
    expect([response.status, body.ocs.meta.message]).toEqual([404, 'No comment found.']);
  });
});
