// Creating, changing and deleting the labels of a Deck board. Labels come with the board (Deck has no list route), so
// a label is checked against the board before it is changed; a change keeps what it does not name.
import { NotFoundError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { managedBoard } from './deck-board-changes.js';
import { toDeckLabel, type DeckBoard, type DeckLabel } from './deck-models.js';
import { deckPaths } from './deck-paths.js';
import { requestDeck } from './deck-request.js';

/** The colour of a label made without one. */
const DEFAULT_LABEL_COLOR = '317CCC';

export async function createLabel(
  client: NextcloudClient,
  boardId: number,
  fields: { title: string; color?: string },
): Promise<DeckLabel> {
  await managedBoard(client, boardId);
  const json = { title: fields.title, color: fields.color ?? DEFAULT_LABEL_COLOR };
  return toDeckLabel(
    await requestDeck(client, deckPaths.labels(boardId), `board ${boardId}`, { method: 'POST', json }),
  );
}

export async function updateLabel(
  client: NextcloudClient,
  boardId: number,
  labelId: number,
  changes: { title?: string; color?: string },
): Promise<DeckLabel> {
  const label = labelOf(await managedBoard(client, boardId), labelId);
  const json = { title: changes.title ?? label.title, color: changes.color ?? label.color };
  const path = deckPaths.label(boardId, labelId);
  return toDeckLabel(await requestDeck(client, path, `label ${labelId}`, { method: 'PUT', json }));
}

/** Deletes the label (which also takes it off every card that has it) and answers it as it was. */
export async function deleteLabel(client: NextcloudClient, boardId: number, labelId: number): Promise<DeckLabel> {
  const label = labelOf(await managedBoard(client, boardId), labelId);
  await requestDeck(client, deckPaths.label(boardId, labelId), `label ${labelId}`, { method: 'DELETE' });
  return label;
}

function labelOf(board: DeckBoard, labelId: number): DeckLabel {
  const label = board.labels.find((candidate) => candidate.id === labelId);
  if (!label) throw new NotFoundError(`Board ${board.id} has no label ${labelId}; see nc_deck_get_board.`);
  return label;
}
