// The deck tools over MCP, against the platform double's deck app, with the sidecar in basic mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp } from '../../../test/platform/apps/deck.js';
import { errorText, listedToolNames, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';

type Card = {
  id: number;
  stack_id: number;
  title: string;
  description: string;
  due_date: string | null;
  archived: boolean;
  labels: string[];
  assigned_users: string[];
};
const WELCOME_STACKS = ['Custom lists - click to rename!', 'To Do', 'In Progress', 'Done'];
type Stacks = { stacks: { id: number; title: string; cards: { id: number; title: string }[] }[] };

let harness: ToolHarness;
let boardId: number;
let stacks: Stacks['stacks'];

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const get = async <T>(name: string, args: Record<string, unknown> = {}) => structured<T>(await call(name, args));

beforeAll(async () => {
  harness = await startToolHarness({
    users: [{ id: 'alice', displayName: 'Alice', appPasswords: [APP_PASSWORD] }],
    apps: [createDeckApp()],
  });
  const { boards } = await get<{ boards: { id: number }[] }>('nc_deck_list_boards');
  boardId = boards[0]!.id;
  stacks = (await get<Stacks>('nc_deck_list_stacks', { board_id: boardId })).stacks;
});
afterAll(() => harness.close());

const newCard = async (title: string, extra: Record<string, unknown> = {}) => {
  const created = await get<{ id: number; stack_id: number }>('nc_deck_create_card', {
    board_id: boardId,
    stack_id: stacks[0]!.id,
    title,
    ...extra,
  });
  return { board_id: boardId, stack_id: created.stack_id, card_id: created.id };
};
/** A raw call to Deck's REST API as alice, for arranging what the tools cannot. */
const deck = (method: string, path: string, body?: unknown) =>
  fetch(`${harness.nextcloud.url}/index.php/apps/deck/api/v1.0${path}`, {
    method,
    headers: { authorization: basicAuth('alice', APP_PASSWORD), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('deck tools: boards and stacks', () => {
  it('lists the boards, starting with the Welcome board Deck creates', async () => {
    const result = await get<{ boards: { title: string; archived: boolean }[] }>('nc_deck_list_boards');

    expect(result.boards).toEqual([{ id: boardId, title: 'Welcome to Nextcloud Deck!', archived: false }]);
  });

  it('leaves soft-deleted boards out, although Deck lists them', async () => {
    const board = (await (await deck('POST', '/boards', { title: 'Gone', color: 'ff0000' })).json()) as { id: number };
    await deck('DELETE', `/boards/${board.id}`);

    const result = await get<{ boards: { id: number }[] }>('nc_deck_list_boards');

    expect(result.boards.map((b) => b.id)).not.toContain(board.id);
  });

  it('reads a board with its stacks and labels', async () => {
    type Board = { can_edit: boolean; stacks: { title: string }[]; labels: { title: string }[] };

    const board = await get<Board>('nc_deck_get_board', { board_id: boardId });

    expect(board.can_edit).toBe(true);
    expect(board.stacks.map((s) => s.title)).toEqual(WELCOME_STACKS);
    expect(board.labels.map((l) => l.title)).toEqual([
      'Finished',
      'To review',
      'Action needed',
      'Later',
      'Read more inside',
    ]);
  });

  it('lists the stacks in order with their cards', async () => {
    const result = await get<Stacks>('nc_deck_list_stacks', { board_id: boardId });

    expect(result.stacks.map((s) => s.title)).toEqual(WELCOME_STACKS);
    expect(result.stacks[1]?.cards.map((c) => c.title)).toEqual(
      expect.arrayContaining(['2. Drag cards left and right, up and down', 'Create your first card!']),
    );
  });

  it('answers a board Deck refuses with 403 "Permission denied" as not found', async () => {
    const result = await call('nc_deck_get_board', { board_id: 987654 });

    expect(errorText(result)).toContain('Deck has no board 987654 that this account can see');
  });
});

describe('deck tools: cards', () => {
  it('creates a card and reads it back', async () => {
    const ref = await newCard('Write report', { description: 'By Friday', due_date: '2030-05-01T17:00:00Z' });

    const card = await get<Card>('nc_deck_get_card', ref);

    expect(card).toEqual({
      id: ref.card_id,
      stack_id: stacks[0]!.id,
      title: 'Write report',
      description: 'By Friday',
      due_date: '2030-05-01T17:00:00+00:00',
      done: null,
      archived: false,
      labels: [],
      assigned_users: [],
      attachments: [],
    });
  });

  it('updates only the given fields, keeping the description Deck would reset', async () => {
    const ref = await newCard('Old title', { description: 'keep me', due_date: '2030-05-01T17:00:00Z' });

    await call('nc_deck_update_card', { ...ref, title: 'New title', due_date: null });

    const card = await get<Card>('nc_deck_get_card', ref);
    expect(card).toMatchObject({ title: 'New title', description: 'keep me', due_date: null });
  });

  it("keeps a card's done mark, which Deck resets when a PUT leaves it out", async () => {
    const ref = await newCard('Done already');
    const path = `/boards/${boardId}/stacks/${ref.stack_id}/cards/${ref.card_id}`;
    await deck('PUT', path, {
      title: 'Done already',
      type: 'plain',
      owner: 'alice',
      done: '2030-01-01T00:00:00+00:00',
    });

    await call('nc_deck_update_card', { ...ref, title: 'Still done' });

    const raw = (await (await deck('GET', path)).json()) as { done: string | null };
    expect(raw.done).toBe('2030-01-01T00:00:00+00:00');
  });

  it('updates a card in place when stack_id names another stack (Deck moves a card into the stack of the URL)', async () => {
    const ref = await newCard('Stay here');

    await call('nc_deck_update_card', { ...ref, stack_id: stacks[1]!.id, title: 'Stayed' });

    const card = await get<Card>('nc_deck_get_card', ref);
    expect(card).toMatchObject({ title: 'Stayed', stack_id: stacks[0]!.id });
  });

  it('moves a card into target_stack_id (Deck takes the stack from the URL and ignores one in the body)', async () => {
    const ref = await newCard('Move me');
    const done = stacks[2]!;

    const moved = await get<{ id: number; stack_id: number; position: number }>('nc_deck_move_card', {
      ...ref,
      target_stack_id: done.id,
    });

    expect(moved).toEqual({ id: ref.card_id, stack_id: done.id, position: 0 });
    const after = await get<Stacks>('nc_deck_list_stacks', { board_id: boardId });
    expect(after.stacks[2]?.cards.map((c) => c.id)).toContain(ref.card_id);
    expect(after.stacks[0]?.cards.map((c) => c.id)).not.toContain(ref.card_id);
  });

  it('describes target_stack_id as the destination, apart from stack_id', async () => {
    const { tools } = await harness.client.listTools();

    const move = tools.find((tool) => tool.name === 'nc_deck_move_card')!;
    const properties = move.inputSchema.properties as Record<string, { description?: string }>;
    expect(properties.target_stack_id?.description).toMatch(/move the card to/);
    expect(properties.target_stack_id?.description).not.toBe(properties.stack_id?.description);
  });

  it('archives and unarchives a card through the update', async () => {
    const ref = await newCard('Archive me');

    const archived = await get<{ archived: boolean }>('nc_deck_update_card', { ...ref, archived: true });
    const readBack = (await (
      await deck('GET', `/boards/${boardId}/stacks/${ref.stack_id}/cards/${ref.card_id}`)
    ).json()) as {
      archived: boolean;
    };
    const restored = await get<{ archived: boolean }>('nc_deck_update_card', { ...ref, archived: false });

    expect([archived.archived, readBack.archived, restored.archived]).toEqual([true, true, false]);
  });

  it('deletes a card, after which reading it says it is deleted', async () => {
    const ref = await newCard('Delete me');

    const deleted = await call('nc_deck_delete_card', ref);

    expect(deleted.structuredContent).toEqual({ id: ref.card_id });
    expect(errorText(await call('nc_deck_get_card', ref))).toContain(`card ${ref.card_id}`);
    expect(errorText(await call('nc_deck_get_card', ref))).toContain('is deleted');
  });

  it('answers a schema violation with an error naming the field', async () => {
    const result = await call('nc_deck_create_card', { board_id: boardId, stack_id: stacks[0]!.id, title: '' });

    expect(errorText(result)).toMatch(/title/);
  });

  it('refuses a due date without an offset before calling Nextcloud', async () => {
    const result = await call('nc_deck_create_card', {
      board_id: boardId,
      stack_id: stacks[0]!.id,
      title: 'Due',
      due_date: '2030-05-01',
    });

    expect(errorText(result)).toMatch(/due_date/);
  });
});

describe('deck tools: labels, users and comments', () => {
  it('assigns and removes a label', async () => {
    const ref = await newCard('Labelled');
    const { labels } = await get<{ labels: { id: number; title: string }[] }>('nc_deck_get_board', {
      board_id: boardId,
    });
    const label = { ...ref, label_id: labels[1]!.id };

    const labelled = await get<{ labels: string[] }>('nc_deck_assign_label', label);
    const cleared = await get<{ labels: string[] }>('nc_deck_assign_label', { ...label, assigned: false });

    expect(labelled.labels).toEqual(['To review']);
    expect(cleared.labels).toEqual([]);
  });

  it('assigns and unassigns a user, and passes on Deck refusing a stranger', async () => {
    const ref = await newCard('Assigned');

    const assigned = await get<{ assigned_users: string[] }>('nc_deck_assign_user', { ...ref, user_id: 'alice' });
    const stranger = await call('nc_deck_assign_user', { ...ref, user_id: 'mallory' });
    const unassigned = await get<{ assigned_users: string[] }>('nc_deck_assign_user', {
      ...ref,
      user_id: 'alice',
      assigned: false,
    });

    expect(assigned.assigned_users).toEqual(['alice']);
    expect(errorText(stranger)).toContain('not part of the board');
    expect(unassigned.assigned_users).toEqual([]);
  });

  it('adds comments and lists them newest first in pages with next_cursor', async () => {
    const { card_id } = await newCard('Discussed');
    for (const message of ['first', 'second', 'third']) await call('nc_deck_add_comment', { card_id, message });
    type Page = { comments: { message: string; author: string }[]; next_cursor: string | null };

    const page1 = await get<Page>('nc_deck_list_comments', { card_id, limit: 2 });
    const page2 = await get<Page>('nc_deck_list_comments', { card_id, limit: 2, cursor: page1.next_cursor });

    expect(page1.comments.map((c) => c.message)).toEqual(['third', 'second']);
    expect(page1.comments[0]?.author).toBe('alice');
    expect(page2).toEqual({ comments: [expect.objectContaining({ message: 'first' })], next_cursor: null });
  });
});

describe('deck tools without the deck app', () => {
  it('are not listed when Nextcloud has no deck app', async () => {
    const tools = await listedToolNames();

    expect(tools).toContain('nc_core_whoami');
    expect(tools.some((name) => name.startsWith('nc_deck_'))).toBe(false);
  });
});
