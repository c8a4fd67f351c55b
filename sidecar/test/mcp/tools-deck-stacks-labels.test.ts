// The deck tools for a board's stacks and labels and a card's done mark and attachments, over MCP against the platform
// double's deck app, each change read back from Deck itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp, type DeckDouble } from '../../../test/platform/apps/deck.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';
import { errorText, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';

type RawStack = { id: number; title: string; order: number };
type RawBoard = { labels: { id: number; title: string; color: string }[] };

let deckApp: DeckDouble;
let harness: ToolHarness;

beforeAll(async () => {
  deckApp = createDeckApp();
  harness = await startToolHarness({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [deckApp] });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const get = async <T>(name: string, args: Record<string, unknown> = {}) => structured<T>(await call(name, args));
/** Deck's own answer as alice. */
async function deck<T>(path: string): Promise<T> {
  const response = await fetch(`${harness.nextcloud.url}/index.php/apps/deck/api/v1.0${path}`, {
    headers: { authorization: basicAuth('alice', APP_PASSWORD) },
  });
  return (await response.json()) as T;
}
const newBoard = async () => (await get<{ id: number }>('nc_deck_manage_board', { action: 'create', title: 'B' })).id;
const stacksInOrder = async (boardId: number) =>
  (await deck<RawStack[]>(`/boards/${boardId}/stacks`)).sort((a, b) => a.order - b.order).map((s) => s.title);

describe('nc_deck_manage_stack', () => {
  it('creates stacks at the end or at a position, renames one and moves another', async () => {
    const boardId = await newBoard();
    const stack = (title: string, position?: number) =>
      get<{ id: number }>('nc_deck_manage_stack', { action: 'create', board_id: boardId, title, position });
    await stack('To do');
    const done = await stack('Done');
    const doing = await stack('Doing', 1);

    await call('nc_deck_manage_stack', { action: 'update', board_id: boardId, stack_id: doing.id, title: 'Busy' });
    await call('nc_deck_manage_stack', { action: 'update', board_id: boardId, stack_id: done.id, position: 0 });

    expect(await stacksInOrder(boardId)).toEqual(['Done', 'To do', 'Busy']);
  });

  it('deletes a stack, which Deck then leaves out', async () => {
    const boardId = await newBoard();
    const { id } = await get<{ id: number }>('nc_deck_manage_stack', {
      action: 'create',
      board_id: boardId,
      title: 'X',
    });

    const deleted = await get<{ title: string }>('nc_deck_manage_stack', {
      action: 'delete',
      board_id: boardId,
      stack_id: id,
    });

    expect(deleted.title).toBe('X');
    expect(await stacksInOrder(boardId)).toEqual([]);
  });

  it('refuses a stack of another board and changes nothing', async () => {
    const [boardId, otherId] = [await newBoard(), await newBoard()];
    const { id } = await get<{ id: number }>('nc_deck_manage_stack', {
      action: 'create',
      board_id: otherId,
      title: 'Y',
    });

    const result = await call('nc_deck_manage_stack', { action: 'delete', board_id: boardId, stack_id: id });

    expect(errorText(result)).toContain(`Board ${boardId} has no stack ${id}`);
    expect(await stacksInOrder(otherId)).toEqual(['Y']);
  });
});

describe('nc_deck_manage_label', () => {
  it('creates, updates and deletes a label, Deck keeping what an update leaves out', async () => {
    const boardId = await newBoard();
    const labels = async () =>
      (await deck<RawBoard>(`/boards/${boardId}`)).labels.map(({ title, color }) => ({ title, color }));
    const args = { board_id: boardId };

    const { id } = await get<{ id: number }>('nc_deck_manage_label', {
      ...args,
      action: 'create',
      title: 'Urgent',
      color: 'ff0000',
    });
    await call('nc_deck_manage_label', { ...args, action: 'update', label_id: id, title: 'Now' });
    const afterUpdate = await labels();
    await call('nc_deck_manage_label', { ...args, action: 'delete', label_id: id });

    expect(afterUpdate).toContainEqual({ title: 'Now', color: 'ff0000' });
    expect((await labels()).map((label) => label.title)).not.toContain('Now');
  });

  it('refuses a colour that is not six hex digits before calling Deck', async () => {
    const boardId = await newBoard();

    const result = await call('nc_deck_manage_label', {
      action: 'create',
      board_id: boardId,
      title: 'L',
      color: 'red',
    });

    expect(errorText(result)).toMatch(/color/);
  });
});

describe('nc_deck_update_card done, and attachments', () => {
  it('marks a card done and undone, keeping its other fields', async () => {
    const boardId = await newBoard();
    const stack = await get<{ id: number }>('nc_deck_manage_stack', {
      action: 'create',
      board_id: boardId,
      title: 'S',
    });
    const card = await get<{ id: number }>('nc_deck_create_card', {
      board_id: boardId,
      stack_id: stack.id,
      title: 'T',
      description: 'D',
    });
    const ref = { board_id: boardId, stack_id: stack.id, card_id: card.id };

    await call('nc_deck_update_card', { ...ref, done: true });
    const done = await deck<{ done: string | null; description: string }>(
      `/boards/${boardId}/stacks/${stack.id}/cards/${card.id}`,
    );
    const undone = await get<{ done: string | null }>('nc_deck_update_card', { ...ref, done: false });

    expect(done.done).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(done.description).toBe('D');
    expect(undone.done).toBeNull();
  });

  it('lists every kind of attachment of a card, files of the user included', async () => {
    const boardId = await newBoard();
    const stack = await get<{ id: number }>('nc_deck_manage_stack', {
      action: 'create',
      board_id: boardId,
      title: 'S',
    });
    const card = await get<{ id: number }>('nc_deck_create_card', {
      board_id: boardId,
      stack_id: stack.id,
      title: 'T',
    });
    deckApp.attachFile(card.id, { type: 'deck_file', name: 'scan.pdf', size: 2048, mimetype: 'application/pdf' });
    deckApp.attachFile(card.id, { type: 'file', name: 'notes.md', size: 12, mimetype: 'text/markdown' });

    const read = await get<{ attachments: { name: string; type: string; size: number }[] }>('nc_deck_get_card', {
      board_id: boardId,
      stack_id: stack.id,
      card_id: card.id,
    });

    expect(read.attachments.map(({ name, type, size }) => ({ name, type, size }))).toEqual([
      { name: 'scan.pdf', type: 'deck_file', size: 2048 },
      { name: 'notes.md', type: 'file', size: 12 },
    ]);
  });
});
