// Comments on Deck cards, served by Deck's OCS API: list newest first in pages, add one.
import type { NextcloudClient } from '../nextcloud-client.js';
import { toDeckComment, type DeckComment } from './deck-models.js';
import { deckPaths } from './deck-paths.js';
import { requestDeck } from './deck-request.js';

export async function listComments(
  client: NextcloudClient,
  cardId: number,
  page: { limit: number; offset: number },
): Promise<DeckComment[]> {
  const comments = await requestDeck<unknown[]>(client, deckPaths.comments(cardId), `card ${cardId}`, {
    query: { limit: String(page.limit), offset: String(page.offset) },
  });
  return (Array.isArray(comments) ? comments : []).map(toDeckComment);
}

export async function addComment(client: NextcloudClient, cardId: number, message: string): Promise<DeckComment> {
  const comment = await requestDeck(client, deckPaths.comments(cardId), `card ${cardId}`, {
    method: 'POST',
    json: { message },
  });
  return toDeckComment(comment);
}
