// The JSON shapes of the deck double that need no store: assignments, comments, and the ETags Deck puts on items.
import type { Card, Comment, Person } from './deck-store.js';

export function describeAssignment(card: Card, assignment: { id: number; participant: Person }) {
  const { participant } = assignment;
  return {
    id: assignment.id,
    participant: { primaryKey: participant.uid, ...participant, type: 0 },
    cardId: card.id,
    type: 0,
  };
}

/**
 * A comment; a reply carries its whole parent under `replyTo`. unverified: `mentions` stays empty here, where Deck
 * fills it from the message (docs/nextcloud-behaviour.md gives no shape for it).
 */
export function describeComment(comment: Comment, parent?: Comment): Record<string, unknown> {
  return {
    id: comment.id,
    objectId: comment.cardId,
    message: comment.message,
    actorId: comment.actor.uid,
    actorType: 'users',
    actorDisplayName: comment.actor.displayname,
    creationDateTime: comment.creationDateTime,
    mentions: [],
    ...(parent ? { replyTo: describeComment(parent) } : {}),
  };
}

export function etag(value: object): string {
  let hash = 0;
  for (const ch of JSON.stringify(value, (_k, v: unknown) => (v instanceof Set ? [...v] : v))) {
    hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
