// Creating, renaming, moving and deleting the stacks (columns) of a Deck board. A stack's place is its `order`;
// moving one renumbers the board's stacks 0, 1, 2, … in their new order (Deck sorts by nothing else).
import { NotFoundError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { managedBoard } from './deck-board-changes.js';
import { toDeckStack, type DeckBoard, type DeckStack } from './deck-models.js';
import { deckPaths } from './deck-paths.js';
import { requestDeck } from './deck-request.js';

/** Adds a stack at `position` (0 is the first; default: after the last). */
export async function createStack(
  client: NextcloudClient,
  boardId: number,
  title: string,
  position?: number,
): Promise<DeckStack> {
  const board = await managedBoard(client, boardId);
  const what = `board ${boardId}`;
  const end = board.stacks.length === 0 ? 0 : Math.max(...board.stacks.map((stack) => stack.order)) + 1;
  const json = { title, order: end };
  const created = toDeckStack(await requestDeck(client, deckPaths.stacks(boardId), what, { method: 'POST', json }));
  if (position === undefined || position >= board.stacks.length) return created;
  return moveStack(client, boardId, [...board.stacks, created], created, { position });
}

/** Renames the stack and, with `position`, moves it there among the board's stacks. */
export async function updateStack(
  client: NextcloudClient,
  boardId: number,
  stackId: number,
  changes: { title?: string; position?: number },
): Promise<DeckStack> {
  const board = await managedBoard(client, boardId);
  const stack = stackOf(board, stackId);
  const { title, position } = changes;
  if (position !== undefined) return moveStack(client, boardId, board.stacks, stack, { title, position });
  const json = { title: changes.title ?? stack.title, order: stack.order };
  return toDeckStack(
    await requestDeck(client, deckPaths.stack(boardId, stackId), `stack ${stackId}`, { method: 'PUT', json }),
  );
}

/** Deletes the stack and answers it as it was. */
export async function deleteStack(client: NextcloudClient, boardId: number, stackId: number): Promise<DeckStack> {
  const stack = stackOf(await managedBoard(client, boardId), stackId);
  await requestDeck(client, deckPaths.stack(boardId, stackId), `stack ${stackId}`, { method: 'DELETE' });
  return stack;
}

/** Writes the stack's new title and the new order of every stack whose place changed. */
async function moveStack(
  client: NextcloudClient,
  boardId: number,
  stacks: DeckStack[],
  stack: DeckStack,
  changes: { title?: string; position: number },
): Promise<DeckStack> {
  const ordered = stacks.filter((other) => other.id !== stack.id);
  ordered.splice(changes.position, 0, { ...stack, title: changes.title ?? stack.title });
  let written = stack;
  for (const [order, item] of ordered.entries()) {
    if (item.order === order && item.id !== stack.id) continue;
    const json = { title: item.title, order };
    const path = deckPaths.stack(boardId, item.id);
    const answer = toDeckStack(await requestDeck(client, path, `stack ${item.id}`, { method: 'PUT', json }));
    if (item.id === stack.id) written = answer;
  }
  return written;
}

function stackOf(board: DeckBoard, stackId: number): DeckStack {
  const stack = board.stacks.find((candidate) => candidate.id === stackId);
  if (!stack) throw new NotFoundError(`Board ${board.id} has no stack ${stackId}; see nc_deck_list_stacks.`);
  return stack;
}
