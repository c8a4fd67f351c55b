// The attachments of a Deck card, every kind (Deck's API 1.1; 1.0 leaves out the files of the user's own).
import type { NextcloudClient } from '../nextcloud-client.js';
import { describeRef } from './deck-cards.js';
import { toDeckAttachment, type DeckAttachment } from './deck-models.js';
import { deckPaths, type CardRef } from './deck-paths.js';
import { requestDeck } from './deck-request.js';

/** The card's attachments; Deck may answer a list or an object keyed by position, both are read. */
export async function listAttachments(client: NextcloudClient, ref: CardRef): Promise<DeckAttachment[]> {
  const answer = await requestDeck<unknown>(client, deckPaths.attachments(ref), describeRef(ref));
  const items = Array.isArray(answer) ? answer : answer && typeof answer === 'object' ? Object.values(answer) : [];
  return items.map(toDeckAttachment);
}
