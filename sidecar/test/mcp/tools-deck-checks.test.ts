// The deck tools check what Deck itself does not (issue 16): the board and stack a card or stack is named under, the
// label put on a card, a label the card already has, and a deleted card, which Deck's PUT would bring back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeckApp } from '../../../test/platform/apps/deck.js';
import { errorText, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD, basicAuth } from '../support/sidecar.js';

type RawCard = { id: number; stackId: number; archived: boolean; labels: { id: number }[] };
type RawBoard = { id: number; labels: { id: number; title: string }[] };
type Ref = { board_id: number; stack_id: number; card_id: number };

let harness: ToolHarness;

beforeAll(async () => {
  harness = await startToolHarness({
    users: [{ id: 'alice', displayName: 'Alice', appPasswords: [APP_PASSWORD] }],
    apps: [createDeckApp()],
  });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
/** A raw call to Deck's REST API as alice, for arranging and for reading what Deck stored. */
async function deck<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${harness.nextcloud.url}/index.php/apps/deck/api/v1.0${path}`, {
    method,
    headers: { authorization: basicAuth('alice', APP_PASSWORD), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}
/** A board with two stacks (orders 1 and 0, created in that order) and a card in the first. */
async function newBoard() {
  const board = await deck<RawBoard>('POST', '/boards', { title: 'Board', color: '0082c9' });
  const later = await deck<{ id: number }>('POST', `/boards/${board.id}/stacks`, { title: 'Later', order: 1 });
  const first = await deck<{ id: number }>('POST', `/boards/${board.id}/stacks`, { title: 'First', order: 0 });
  const card = await deck<RawCard>('POST', `/boards/${board.id}/stacks/${later.id}/cards`, { title: 'Card' });
  const ref: Ref = { board_id: board.id, stack_id: later.id, card_id: card.id };
  return { board, later, first, ref, cardPath: `/boards/${board.id}/stacks/${later.id}/cards/${card.id}` };
}

describe('deck tools: labels', () => {
  it('refuses a label of another board as "no such label on this board", leaving the card as it was', async () => {
    const { ref, cardPath } = await newBoard();
    const other = await newBoard();

    const result = await call('nc_deck_assign_label', { ...ref, label_id: other.board.labels[0]!.id });

    expect(errorText(result)).toContain(`Board ${ref.board_id} has no label ${other.board.labels[0]!.id}`);
    expect((await deck<RawCard>('GET', cardPath)).labels).toEqual([]);
  });

  it('refuses an unknown label as "no such label on this board", not as an unknown card', async () => {
    const { ref } = await newBoard();

    const result = await call('nc_deck_assign_label', { ...ref, label_id: 987654 });

    expect(errorText(result)).toContain(`Board ${ref.board_id} has no label 987654`);
  });

  it('does not assign a label the card already has, which Deck would list twice', async () => {
    const { board, ref, cardPath } = await newBoard();
    const labelId = board.labels[0]!.id;

    await call('nc_deck_assign_label', { ...ref, label_id: labelId });
    const again = structured<{ labels: string[] }>(await call('nc_deck_assign_label', { ...ref, label_id: labelId }));

    expect(again.labels).toEqual([board.labels[0]!.title]);
    expect((await deck<RawCard>('GET', cardPath)).labels.map((label) => label.id)).toEqual([labelId]);
  });
});

describe('deck tools: boards and stacks in card references', () => {
  it('refuses a card named under a board it is not on, and does not archive it', async () => {
    const { ref, cardPath } = await newBoard();
    const other = await newBoard();

    const result = await call('nc_deck_update_card', {
      ...ref,
      board_id: other.board.id,
      stack_id: other.later.id,
      archived: true,
    });

    expect(errorText(result)).toContain(`Board ${other.board.id} has no card ${ref.card_id}`);
    expect((await deck<RawCard>('GET', cardPath)).archived).toBe(false);
  });

  it('refuses to move a card into a stack of another board, and leaves it where it was', async () => {
    const { ref, later, cardPath } = await newBoard();
    const other = await newBoard();

    const result = await call('nc_deck_move_card', { ...ref, target_stack_id: other.first.id });

    expect(errorText(result)).toContain(`Board ${ref.board_id} has no stack ${other.first.id}`);
    expect((await deck<RawCard>('GET', cardPath)).stackId).toBe(later.id);
  });

  it('refuses to create a card in a stack of another board', async () => {
    const { board } = await newBoard();
    const other = await newBoard();

    const result = await call('nc_deck_create_card', { board_id: board.id, stack_id: other.first.id, title: 'Lost' });

    expect(errorText(result)).toContain(`Board ${board.id} has no stack ${other.first.id}`);
  });

  it('gives a board its stacks in their order, which Deck does not sort', async () => {
    const { board, later, first } = await newBoard();

    const result = structured<{ stacks: { id: number }[] }>(await call('nc_deck_get_board', { board_id: board.id }));

    expect(result.stacks.map((stack) => stack.id)).toEqual([first.id, later.id]);
  });
});

describe('deck tools: deleted cards', () => {
  it('says a deleted card is deleted on update and leaves it deleted, although Deck would un-delete it', async () => {
    const { ref, cardPath } = await newBoard();
    await deck('DELETE', cardPath);

    const result = await call('nc_deck_update_card', { ...ref, title: 'Back?' });

    expect(errorText(result)).toContain('is deleted');
    expect(await deck<{ message: string }>('GET', cardPath)).toEqual({ status: 403, message: 'Card is deleted' });
  });
});
