// The deck tools over MCP, against the platform double's deck app, with the sidecar in basic mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp } from '../../../test/platform/apps/deck.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { connectClient } from '../support/mcp-client.js';
import { listedToolNames } from '../support/tool-calls.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

type Client = Awaited<ReturnType<typeof connectClient>>;
type Card = {
  id: number;
  board_id: number;
  stack_id: number;
  title: string;
  description: string;
  due_date: string | null;
  archived: boolean;
  labels: { id: number; title: string }[];
  assigned_users: { user_id: string }[];
};
type Stacks = { stacks: { id: number; title: string; cards: { id: number; title: string }[] }[] };

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let mcp: Client;
let boardId: number;
let stacks: Stacks['stacks'];

const call = (name: string, args: Record<string, unknown>) => mcp.client.callTool({ name, arguments: args });
const structured = async <T>(name: string, args: Record<string, unknown>) =>
  (await call(name, args)).structuredContent as T;

beforeAll(async () => {
  nextcloud = await startPlatformDouble({
    users: [{ id: 'alice', displayName: 'Alice', appPasswords: [APP_PASSWORD] }],
    apps: [createDeckApp()],
  });
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    NEXTCLOUD_USERNAME: 'alice',
    NEXTCLOUD_PASSWORD: APP_PASSWORD,
  });
  mcp = await connectClient(`${sidecar.url}/mcp`);
  const { boards } = await structured<{ boards: { id: number }[] }>('nc_deck_list_boards', {});
  boardId = boards[0]!.id;
  stacks = (await structured<Stacks>('nc_deck_list_stacks', { board_id: boardId })).stacks;
});
afterAll(async () => {
  await mcp.close();
  await sidecar.stop();
  await nextcloud.close();
});

const newCard = (title: string, extra: Record<string, unknown> = {}) =>
  structured<Card>('nc_deck_create_card', { board_id: boardId, stack_id: stacks[0]!.id, title, ...extra });
const ref = (card: Card) => ({ board_id: card.board_id, stack_id: card.stack_id, card_id: card.id });

describe('deck tools: boards and stacks', () => {
  it('lists the boards, starting with the Welcome board Deck creates', async () => {
    const result = await structured<{ boards: { title: string; owner: string; can_manage: boolean }[] }>(
      'nc_deck_list_boards',
      {},
    );

    expect(result.boards).toEqual([
      expect.objectContaining({ title: 'Welcome to Nextcloud Deck!', owner: 'alice', can_manage: true }),
    ]);
  });

  it('reads a board with its labels, and lists labels', async () => {
    const board = await structured<{ id: number; labels: { title: string }[] }>('nc_deck_get_board', {
      board_id: boardId,
    });
    const labels = await structured<{ labels: { title: string }[] }>('nc_deck_list_labels', { board_id: boardId });

    expect(board.id).toBe(boardId);
    expect(board.labels.map((l) => l.title)).toEqual(['Finished', 'To review', 'Action needed', 'Later']);
    expect(labels.labels).toEqual(board.labels);
  });

  it('lists the stacks in order with their cards', async () => {
    const result = await structured<Stacks>('nc_deck_list_stacks', { board_id: boardId });

    expect(result.stacks.map((s) => s.title)).toEqual(['To do', 'Doing', 'Done']);
    expect(result.stacks[0]?.cards.map((c) => c.title)).toEqual(
      expect.arrayContaining(['Explore Deck', 'Create your first board']),
    );
  });

  it('answers a board that does not exist with a not-found error', async () => {
    const result = await call('nc_deck_get_board', { board_id: 987654 });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('no board 987654');
  });
});

describe('deck tools: cards', () => {
  it('creates a card and reads it back', async () => {
    const created = await newCard('Write report', { description: 'By Friday', due_date: '2030-05-01T17:00:00Z' });

    const card = await structured<Card>('nc_deck_get_card', ref(created));

    expect(card).toMatchObject({
      title: 'Write report',
      description: 'By Friday',
      due_date: '2030-05-01T17:00:00+00:00',
      board_id: boardId,
      stack_id: stacks[0]!.id,
      archived: false,
    });
  });

  it('updates only the given fields, keeping the description Deck would reset', async () => {
    const created = await newCard('Old title', { description: 'keep me' });

    const card = await structured<Card>('nc_deck_update_card', { ...ref(created), title: 'New title', due_date: null });

    expect(card).toMatchObject({ title: 'New title', description: 'keep me', due_date: null });
  });

  it('moves a card to another stack', async () => {
    const created = await newCard('Move me');
    const done = stacks[2]!;

    const moved = await structured<Card>('nc_deck_move_card', { ...ref(created), target_stack_id: done.id });

    expect(moved.stack_id).toBe(done.id);
    const after = await structured<Stacks>('nc_deck_list_stacks', { board_id: boardId });
    expect(after.stacks[2]?.cards.map((c) => c.id)).toContain(created.id);
    expect(after.stacks[0]?.cards.map((c) => c.id)).not.toContain(created.id);
  });

  it('archives and unarchives a card', async () => {
    const created = await newCard('Archive me');

    const archived = await structured<Card>('nc_deck_archive_card', ref(created));
    const restored = await structured<Card>('nc_deck_archive_card', { ...ref(created), archived: false });

    expect(archived.archived).toBe(true);
    expect(restored.archived).toBe(false);
  });

  it('deletes a card, after which reading it is a not-found error', async () => {
    const created = await newCard('Delete me');

    const deleted = await call('nc_deck_delete_card', ref(created));

    expect(deleted.structuredContent).toEqual({ card_id: created.id, deleted: true });
    const read = await call('nc_deck_get_card', ref(created));
    expect(read.isError).toBe(true);
    expect(JSON.stringify(read.content)).toContain(`no card ${created.id}`);
  });

  it('answers a schema violation with an error naming the field', async () => {
    const result = await call('nc_deck_create_card', { board_id: boardId, stack_id: stacks[0]!.id, title: '' });

    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toMatch(/title/);
  });
});

describe('deck tools: labels, users and comments', () => {
  it('assigns and removes a label', async () => {
    const created = await newCard('Labelled');
    const { labels } = await structured<{ labels: { id: number; title: string }[] }>('nc_deck_list_labels', {
      board_id: boardId,
    });

    const labelled = await structured<Card>('nc_deck_assign_label', { ...ref(created), label_id: labels[1]!.id });
    const cleared = await structured<Card>('nc_deck_remove_label', { ...ref(created), label_id: labels[1]!.id });

    expect(labelled.labels.map((l) => l.title)).toEqual(['To review']);
    expect(cleared.labels).toEqual([]);
  });

  it('assigns and unassigns a user, and passes on Deck refusing a stranger', async () => {
    const created = await newCard('Assigned');

    const assigned = await structured<Card>('nc_deck_assign_user', { ...ref(created), user_id: 'alice' });
    const stranger = await call('nc_deck_assign_user', { ...ref(created), user_id: 'mallory' });
    const unassigned = await structured<Card>('nc_deck_unassign_user', { ...ref(created), user_id: 'alice' });

    expect(assigned.assigned_users.map((u) => u.user_id)).toEqual(['alice']);
    expect(stranger.isError).toBe(true);
    expect(JSON.stringify(stranger.content)).toContain('not part of the board');
    expect(unassigned.assigned_users).toEqual([]);
  });

  it('adds comments and lists them newest first in pages', async () => {
    const created = await newCard('Discussed');
    for (const message of ['first', 'second', 'third']) {
      await call('nc_deck_add_comment', { card_id: created.id, message });
    }

    const page1 = await structured<{ comments: { message: string; author_id: string }[]; next_offset: number | null }>(
      'nc_deck_list_comments',
      { card_id: created.id, limit: 2 },
    );
    const page2 = await structured<{ comments: { message: string }[]; next_offset: number | null }>(
      'nc_deck_list_comments',
      { card_id: created.id, limit: 2, offset: page1.next_offset },
    );

    expect(page1.comments.map((c) => c.message)).toEqual(['third', 'second']);
    expect(page1.comments[0]?.author_id).toBe('alice');
    expect(page2).toEqual({ comments: [expect.objectContaining({ message: 'first' })], next_offset: null });
  });
});

describe('deck tools without the deck app', () => {
  it('are not listed when the capabilities have no deck entry', async () => {
    const tools = (await listedToolNames()).map((name) => ({ name }));

    expect(tools.map((tool) => tool.name)).toContain('nc_core_whoami');
    expect(tools.some((tool) => tool.name.startsWith('nc_deck_'))).toBe(false);
  });
});
